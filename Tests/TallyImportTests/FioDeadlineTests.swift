import Foundation
import TallyCore
import TallyImport
import TallySyntax
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A Fio server that answers, then trickles its body a byte at a time, as an attacker on
/// the path (or a sick bank) would: the download stops at its total deadline with a
/// plain message, though no single pause is long enough for the per-pause timeout.
/// Everything happens on 127.0.0.1.
struct FioDeadlineTests {
    /// Listens on 127.0.0.1 (any free port), takes one connection, reads its request,
    /// promises a body of 10,000 bytes and sends one byte every `interval` seconds until
    /// the client goes away.
    final class TricklingServer: @unchecked Sendable {
        let port: Int
        private let listener: Int32

        init(interval: Double) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(bound == 0 && Glibc.listen(listener, 4) == 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
            }
            port = Int(UInt16(bigEndian: address.sin_port))
            self.listener = listener
            Thread.detachNewThread {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                defer { close(client) }
                var chunk = [UInt8](repeating: 0, count: 4096)
                _ = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n".utf8)
                guard head.withUnsafeBytes({ send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 else { return }
                for _ in 0 ..< 10000 {
                    Thread.sleep(forTimeInterval: interval)
                    var byte: UInt8 = 0x20
                    guard send(client, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                }
            }
        }

        deinit { close(listener) }
    }

    @Test func aTricklingServerIsStoppedByTheTotalDeadline() throws {
        // A byte every 0.4 s: each pause is well inside the per-pause timeout (here 2 s),
        // and the whole body would take 10,000 × 0.4 s = 4,000 s. The deadline is 2 s.
        let server = try TricklingServer(interval: 0.4)
        let started = Date()
        let day = try #require(CivilDate(iso: "2026-04-03"))
        #expect {
            _ = try FioDownload.statement(token: "t0k", from: day, to: day, baseURL: "http://127.0.0.1:\(server.port)", deadline: 2)
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("did not send its whole answer within 2 seconds") && message.contains("nothing was read")
                && !message.contains("t0k")
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 1.9 && elapsed < 8, "stopped after \(elapsed) s, the deadline being 2 s")
    }
}
