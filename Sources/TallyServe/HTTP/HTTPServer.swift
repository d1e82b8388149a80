import Dispatch
import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on the system's sockets: one request per connection (answered
/// with `Connection: close`). One thread reads every connection's request (``RequestIntake``)
/// and hands a whole one to a few workers, so a slow client costs a descriptor, never a
/// thread: each connection must send its head within ``headTimeout`` and its whole request
/// within ``readTimeout``, at most ``maxConnections`` are open at once (past that the one
/// waiting longest is dropped), and a head is shown to the ``Screen`` as it arrives, so a
/// request without the session's token is refused before the rest of it is read.
public final class HTTPServer: @unchecked Sendable {
    /// What answers a request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// What refuses a request from its head so far (nil: keep reading).
    public typealias Screen = @Sendable (RequestReader.HeadSoFar) -> HTTPResponse?

    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The address listened on, as given (`127.0.0.1`, `::1`, `0.0.0.0`).
    public let host: String
    /// The port listened on (the system's choice when 0 was asked).
    public private(set) var port: Int = 0
    /// How long a connection may take to send its whole request, in seconds.
    public var readTimeout: Double = 10
    /// How long a connection may take to send its request line and headers, in seconds.
    public var headTimeout: Double = 5
    /// How many connections may be open at once (reading or being answered).
    public var maxConnections = 256
    /// How long sending one answer may take in all, in seconds.
    public var sendTimeout: Double = 60
    let reader = RequestReader()
    var handler: Handler = { _ in .text("Starting.", status: .serviceUnavailable) }
    var screen: Screen = { _ in nil }
    var socketDescriptor: Int32 = -1
    private let state = Lock()
    private var isStopped = false
    private var answering = 0
    /// The workers that answer whole requests; few, as the machine has few cores.
    private let workers = DispatchQueue(label: "tally-serve-answer", attributes: .concurrent)
    /// At most 8 answers at once; the rest wait their turn, in order, on `waiting`.
    private let gate = DispatchSemaphore(value: 8)
    private let waiting = DispatchQueue(label: "tally-serve-wait")

    /// A server for `host` and `port` (0: any free port); it listens once ``listen()`` is
    /// called and answers once ``serve(_:screen:)`` is.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads connections on a thread of its own, answering each with `handler` after
    /// `screen` let its head through, until ``stop()``.
    public func serve(_ handler: @escaping Handler, screen: @escaping Screen = { _ in nil }) {
        self.handler = handler
        self.screen = screen
        let intake = RequestIntake(server: self)
        DispatchQueue(label: "tally-serve-read").async { intake.run() }
    }

    /// Stops accepting (connections being answered finish; those being read are closed).
    public func stop() {
        state.withLock { isStopped = true }
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
    }

    var stopped: Bool { state.withLock { isStopped } }

    /// How many connections are being answered (not counting those being read).
    var answeringCount: Int { state.withLock { answering } }

    /// Binds and listens; the port is known afterwards.
    public func listen() throws(StartError) {
        signal(SIGPIPE, SIG_IGN)
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1, no: Int32 = 0
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        // `::` is every address, IPv4 too, whatever the system's default.
        if v6 { setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &no, socklen_t(MemoryLayout<Int32>.size)) }
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
        guard Glibc.listen(fd, 512) == 0 else { close(fd); throw StartError(description: "cannot listen: \(String(cString: strerror(errno)))") }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }))
        socketDescriptor = fd
    }

    /// Answers `client` on a worker: `request` through the handler, or `response` as it
    /// is; then closes it.
    func answer(_ client: Int32, request: HTTPRequest? = nil, response: HTTPResponse? = nil) {
        state.withLock { answering += 1 }
        waiting.async { [self] in
            gate.wait()
            workers.async { [self] in answerNow(client, request: request, response: response) }
        }
    }

    private func answerNow(_ client: Int32, request: HTTPRequest?, response: HTTPResponse?) {
        defer {
            gate.signal()
            close(client)
            state.withLock { answering -= 1 }
        }
        var head = false
        var reply = response ?? .text("No answer.", status: .internalError)
        if let request {
            head = request.method == "HEAD"
            // The time the app took, for the benchmark (Benchmarks/serve_bench.py).
            let start = DispatchTime.now().uptimeNanoseconds
            reply = handler(request)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            // A streamed body is made after this: the time is its start's alone.
            let streamed = reply.stream == nil ? "" : ";desc=\"until the body\""
            reply.headers.append(("Server-Timing", "app;dur=\((milliseconds * 10).rounded() / 10)" + streamed))
        }
        if let stream = reply.stream, !head {
            // Each piece sent as it is made; once the client is gone, the rest is made but
            // not sent (a stream cannot be stopped halfway). ``sendTimeout`` bounds the
            // whole answer, not each piece.
            let deadline = DispatchTime.now() + sendTimeout
            var open = send(reply.head(), to: client, until: deadline)
            stream { piece in if open { open = send(piece, to: client, until: deadline) } }
        } else {
            send(reply.bytes(forHead: head), to: client)
        }
        shutdown(client, Int32(SHUT_WR))
    }

    /// Sends `bytes` on the blocking `client`, giving up after ``sendTimeout`` in all: a
    /// client that does not read its answer holds a worker no longer than that. Whether
    /// every byte was sent.
    @discardableResult
    private func send(_ bytes: [UInt8], to client: Int32, until given: DispatchTime? = nil) -> Bool {
        let flags = fcntl(client, F_GETFL)
        _ = fcntl(client, F_SETFL, flags & ~O_NONBLOCK)
        var pause = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &pause, socklen_t(MemoryLayout<timeval>.size))
        let deadline = given ?? DispatchTime.now() + sendTimeout
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, DispatchTime.now() < deadline {
                let sent = Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                if sent <= 0 { break }
                offset += sent
            }
            return offset == raw.count
        }
    }
}
