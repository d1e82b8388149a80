import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Runs a language server over a pair of file descriptors (standard input and output):
/// reads framed messages until `exit` or the end of input, writes framed answers.
public enum StdioTransport {
    /// Serves until the client sends `exit` or closes the input; returns the exit status:
    /// 0 after `shutdown`, 1 without (as LSP 3.17 asks for `exit`, and the same when the
    /// input simply ends).
    public static func run(
        configuration: ServerConfiguration, input: Int32 = 0, output: Int32 = 1,
        log: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        // Before the server's queues start threads (see FreedMemory).
        FreedMemory.shareOneHeap()
        let writer = FramedWriter(fd: output)
        let server = LanguageServer(configuration: configuration, send: { writer.write($0) }, log: log)
        var reader = FrameReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for event in reader.feed(chunk[0 ..< n]) {
                switch event {
                case .message(let body):
                    // Handled on the server's queue while reading goes on (a cancellation
                    // must be seen while a long request runs).
                    if let code = server.post(body) { return code }
                case .skipped(let reason):
                    log("skipped input: \(reason)")
                case .tooLarge(let length, let start):
                    server.receiveTooLarge(length, start: start)
                }
            }
        }
        log("input closed")
        return server.isShutDown ? 0 : 1
    }
}

/// Writes framed messages to a file descriptor, whole, one at a time.
final class FramedWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = Lock()
    private var broken = false

    init(fd: Int32) { self.fd = fd }

    /// Writes the header, then the body as it is: joining them would copy the body, and
    /// a whole-file answer is megabytes. The lock keeps the two together.
    func write(_ message: JSON) {
        let body = message.bytes
        let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        writeAll(header)
        writeAll(body)
    }

    private func writeAll(_ bytes: [UInt8]) {
        guard !broken else { return }
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { broken = true; return }  // the client went away; SIGPIPE is ignored
                offset += n
            }
        }
    }
}
