import Dispatch

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

/// The reading side of ``HTTPServer``: one thread that accepts connections and reads every
/// one of them at once (`poll`), so that a client sending a byte every few seconds costs a
/// descriptor and a few bytes, not a thread. A request is handed to the server's workers
/// once whole; a connection is answered and dropped as soon as its head is refused by the
/// screen, when its deadline passes (head within `headTimeout`, whole request within
/// `readTimeout`, 408 if it sent anything), or when it is the one waiting longest and the
/// server is at `maxConnections` (503).
final class RequestIntake: @unchecked Sendable {
    private struct Connection {
        var bytes: [UInt8] = []
        let opened: UInt64
        var headDone = false
    }

    private let server: HTTPServer
    private var connections: [Int32: Connection] = [:]

    init(server: HTTPServer) { self.server = server }

    /// Accepts and reads until the server stops; then closes what is still being read.
    func run() {
        let listener = server.socketDescriptor
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        defer {
            for fd in connections.keys { close(fd) }
            close(listener)
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !server.stopped {
            var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            polled += connections.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), waitMilliseconds())
            if server.stopped { return }
            if ready > 0 {
                for entry in polled.dropFirst() where entry.revents != 0 { read(entry.fd, into: &chunk) }
                if polled[0].revents != 0 { acceptWaiting() }
            }
            expire()
        }
    }

    private static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    private func deadline(_ connection: Connection) -> UInt64 {
        connection.opened + UInt64((connection.headDone ? server.readTimeout : server.headTimeout) * 1e9)
    }

    /// Until the nearest deadline, at most a quarter second (to notice ``HTTPServer/stop()``).
    private func waitMilliseconds() -> Int32 {
        guard let nearest = connections.values.map(deadline).min() else { return 250 }
        let now = Self.now
        return nearest <= now ? 0 : Int32(min(250, (nearest - now) / 1_000_000 + 1))
    }

    private func acceptWaiting() {
        while true {
            let client = accept(server.socketDescriptor, nil, nil)
            if client < 0 { return }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            if connections.count + server.answeringCount >= server.maxConnections {
                // Full: the connection waiting longest makes room; a new client is never
                // locked out by old ones that send nothing.
                guard let oldest = connections.min(by: { $0.value.opened < $1.value.opened })?.key else {
                    server.answer(client, response: .text("The server is busy; try again in a moment.", status: .serviceUnavailable))
                    continue
                }
                drop(oldest, with: .text("The server is busy; try again in a moment.", status: .serviceUnavailable))
            }
            connections[client] = Connection(opened: Self.now)
        }
    }

    /// Reads what `fd` has sent; answers it once its request is whole or refused.
    private func read(_ fd: Int32, into chunk: inout [UInt8]) {
        guard var connection = connections[fd] else { return }
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
        guard n > 0 else {
            // Closed or broken before a whole request: nothing to answer.
            connections[fd] = nil
            close(fd)
            return
        }
        connection.bytes += chunk[..<n]
        // The head is looked at only when a line has ended (or the body is coming, or a
        // line is already too long to be one), so a byte at a time costs no more than a
        // line at a time, and a line without end is refused at its limit, not held.
        let looked = connection.headDone || connection.bytes.count > server.reader.limits.requestLine
        guard looked || chunk[..<n].contains(0x0A) else {
            connections[fd] = connection
            return
        }
        switch server.reader.read(connection.bytes) {
        case .complete(let request, _):
            connections[fd] = nil
            server.answer(fd, request: request)
        case .refused(let status, let reason):
            drop(fd, with: .text("Refused: \(reason).", status: status))
        case .incomplete:
            if let head = server.reader.headSoFar(connection.bytes) {
                if let refusal = server.screen(head) { return drop(fd, with: refusal) }
                connection.headDone = head.isComplete
            }
            connections[fd] = connection
        }
    }

    /// Answers the connections past their deadline: 408 when they sent anything.
    private func expire() {
        let now = Self.now
        for (fd, connection) in connections where deadline(connection) <= now {
            if connection.bytes.isEmpty {
                connections[fd] = nil
                close(fd)
            } else {
                drop(fd, with: .text("The request was not sent in time.", status: .requestTimeout))
            }
        }
    }

    private func drop(_ fd: Int32, with response: HTTPResponse) {
        connections[fd] = nil
        server.answer(fd, response: response)
    }
}
