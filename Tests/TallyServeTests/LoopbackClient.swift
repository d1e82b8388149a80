import Foundation

@testable import TallyServe

#if canImport(Glibc)
    import Glibc
#endif

/// A client on the loopback address, for the tests that talk to the server over a real
/// socket.
enum LoopbackClient {
    /// A connection to 127.0.0.1:`port` (-1 if refused), answers awaited at most `wait`
    /// seconds per read.
    static func connection(_ port: Int, wait: Int = 20) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        var timeout = timeval(tv_sec: wait, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// The `Cookie` line (with its CRLF) a browser sends to the server on `port` once it
    /// has opened the printed URL with `token`.
    static func cookie(port: Int, token: String) -> String {
        "Cookie: \(AccessRules.cookie)_\(port)=\(token)\r\n"
    }

    /// `GET target` from 127.0.0.1:`port` as a browser that has the session's cookie
    /// (none when `token` is nil: a stranger), the whole answer.
    static func get(_ target: String, port: Int, token: String?) -> String {
        let cookie = token.map { Self.cookie(port: port, token: $0) } ?? ""
        return exchange(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(cookie)\r\n".utf8), port: port)
    }

    /// Sends `text` on `fd` as it is.
    static func send(_ text: String, on fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What comes back on `fd` until the server closes it (or the read times out).
    static func answer(_ fd: Int32) -> String {
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += chunk[..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Sends `bytes` to 127.0.0.1:`port`, then reads the answer until the server closes.
    static func exchange(_ bytes: [UInt8], port: Int, closeAfterSending: Bool = true) -> String {
        let fd = connection(port)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if closeAfterSending { shutdown(fd, Int32(SHUT_WR)) }
        return answer(fd)
    }
}
