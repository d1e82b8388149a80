import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on the system's sockets: one request per connection (answered
/// with `Connection: close`), each connection on a queue of its own, within time and size
/// limits, so that a slow or broken client costs a thread for at most ``readTimeout``.
public final class HTTPServer: @unchecked Sendable {
    /// What answers a request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The address listened on, as given (`127.0.0.1`, `::1`, `0.0.0.0`).
    public let host: String
    /// The port listened on (the system's choice when 0 was asked).
    public private(set) var port: Int = 0
    /// How long a connection may take to send its request, in seconds.
    public var readTimeout = 10
    private let reader = RequestReader()
    private var handler: Handler = { _ in .text("Starting.", status: .serviceUnavailable) }
    private var socketDescriptor: Int32 = -1
    private var stopped = false
    private let connections = DispatchSemaphore(value: 64)

    /// A server for `host` and `port` (0: any free port); it listens once ``listen()`` is
    /// called and answers once ``serve(_:)`` is.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Accepts connections on a thread of its own, answering each with `handler`, until
    /// ``stop()``.
    public func serve(_ handler: @escaping Handler) {
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "tally-serve-accept"
        thread.start()
    }

    /// Stops accepting (connections under way finish).
    public func stop() {
        stopped = true
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    /// Binds and listens; the port is known afterwards.
    public func listen() throws(StartError) {
        signal(SIGPIPE, SIG_IGN)
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { close(fd); throw StartError(description: "`\(host)` is not an IP address") }
            bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { close(fd); throw StartError(description: "`\(host)` is not an IP address") }
            bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on \(host) port \(port): \(reason)")
        }
        guard Glibc.listen(fd, 64) == 0 else { close(fd); throw StartError(description: "cannot listen: \(String(cString: strerror(errno)))") }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }))
        socketDescriptor = fd
    }

    private func acceptLoop() {
        while !stopped {
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 {
                if stopped { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                usleep(10_000)
                continue
            }
            connections.wait()
            DispatchQueue.global().async { [self] in
                defer { connections.signal() }
                serve(client)
            }
        }
    }

    /// Reads one request from `client` (within the timeout and limits), answers it, closes.
    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let response: HTTPResponse
        var head = false
        // The whole request must come within the timeout, not each piece of it: a client
        // sending a byte at a time is cut off as surely as a silent one.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(readTimeout) * 1_000_000_000
        reading: while true {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n > 0, DispatchTime.now().uptimeNanoseconds > deadline {
                response = .text("The request was not sent in time.", status: .requestTimeout)
                break reading
            }
            if n <= 0 {
                if n < 0, errno == EAGAIN || errno == EWOULDBLOCK, !received.isEmpty {
                    response = .text("The request was not sent in time.", status: .requestTimeout)
                    break reading
                }
                return
            }
            received += chunk[..<n]
            switch reader.read(received) {
            case .incomplete: continue
            case .refused(let status, let reason): response = .text("Refused: \(reason).", status: status)
            case .complete(let request, _):
                head = request.method == "HEAD"
                // The time the app took, for the benchmark (Benchmarks/serve_bench.py).
                let start = DispatchTime.now().uptimeNanoseconds
                var answer = handler(request)
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                answer.headers.append(("Server-Timing", "app;dur=\((milliseconds * 10).rounded() / 10)"))
                response = answer
            }
            break reading
        }
        let bytes = response.bytes(forHead: head)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { break }
                offset += sent
            }
        }
        shutdown(client, Int32(SHUT_WR))
    }
}
