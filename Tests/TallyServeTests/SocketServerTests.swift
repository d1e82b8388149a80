import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

#if canImport(Glibc)
    import Glibc
#endif

/// The server on a real socket on the loopback address: what a browser or a broken
/// client sends, and what comes back.
@Suite(.serialized) struct SocketServerTests {
    /// Sends `bytes` to 127.0.0.1:`port`, then reads the answer until the server closes.
    static func exchange(_ bytes: [UInt8], port: Int, closeAfterSending: Bool = true) -> String {
        LoopbackClient.exchange(bytes, port: port, closeAfterSending: closeAfterSending)
    }

    static func session(_ file: String) throws -> ServeSession {
        try ServeSession(
            files: [file], host: "127.0.0.1", port: 0, today: CivilDate(iso: "2026-11-22"))
    }

    @Test func aPageAndTheAPIOverTheSocket() throws {
        let session = try Self.session(TestSupport.path("examples/household.tally"))
        defer { session.stop() }
        let token = session.app.rules.token
        #expect(session.url == "http://127.0.0.1:\(session.port)/?token=\(token)")
        let page = LoopbackClient.get("/", port: session.port, token: token)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(page.contains("<h2>Wallets</h2>"))
        let cookie = LoopbackClient.cookie(port: session.port, token: token)
        let head = Self.exchange(Array("HEAD /api/balance HTTP/1.1\r\nHost: localhost:\(session.port)\r\n\(cookie)\r\n".utf8), port: session.port)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"), "no body after a HEAD")
    }

    @Test func brokenAndOversizedRequestsGetAStatusAndTheServerKeepsServing() throws {
        let session = try Self.session(TestSupport.path("examples/household.tally"))
        defer { session.stop() }
        let port = session.port
        let host = "Host: 127.0.0.1:\(port)\r\n" + LoopbackClient.cookie(port: port, token: session.app.rules.token)
        let cases: [(String, String)] = [
            ("\u{0}\u{1}\u{2} garbage\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\n\r\n", "400"),
            ("DELETE / HTTP/1.1\r\n\(host)\r\n", "405"),
            ("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\(host)\r\n", "414"),
            ("GET / HTTP/1.1\r\n\(host)" + String(repeating: "X-A: \(String(repeating: "b", count: 1000))\r\n", count: 40) + "\r\n", "431"),
            ("POST /add HTTP/1.1\r\n\(host)Content-Length: 5000000\r\n\r\n", "413"),
            ("GET / HTTP/3.0\r\n\(host)\r\n", "505")
        ]
        for (request, status) in cases {
            let answer = Self.exchange(Array(request.utf8), port: port)
            #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(request.prefix(40)) → \(answer.prefix(40))")
        }
        // A client that sends half a request and closes gets nothing, and costs nothing.
        _ = Self.exchange(Array("GET / HTTP/1.1\r\nHo".utf8), port: port)
        let after = Self.exchange(Array("GET /api/version HTTP/1.1\r\n\(host)\r\n".utf8), port: port)
        #expect(after.hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    /// The version the live pages poll changes when a file changes on disk, and the next
    /// page shows the new figures.
    @Test func aChangeOnDiskChangesTheVersionAndTheFigures() throws {
        let folder = try TemporaryFolder("serve-live")
        defer { folder.remove() }
        let file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "b.tally")
        let serve = ServeTestApp(files: [file])
        let before = serve.get("/api/version").text
        let balance = serve.get("/api/balance").text
        #expect(serve.get("/api/version").text == before, "nothing changed")
        try (try String(contentsOfFile: file, encoding: .utf8) + "2026-11-20 \"Kiosk\" Joint Food:Groceries -10.00\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(serve.get("/api/version").text != before)
        let after = serve.get("/api/balance").text
        #expect(after != balance)
        #expect(after == ServeTestApp.cli(["balance", "--format", "json", "--today", "2026-11-22", file]).out)
    }

    /// `tally serve` prints the address first, alone on its line, with the token; the
    /// token is in no message; an address it cannot listen on is a usage error.
    @Test func theBinaryPrintsTheAddressFirst() throws {
        let binary = TestSupport.tallyExecutable.path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "the tally binary is built")
        for (host, pattern) in [("127.0.0.1", #/^http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}$/#), ("0.0.0.0", #/^http://0\.0\.0\.0:\d+/\?token=[0-9a-f]{32}$/#)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["serve", "--port", "0", "--host", host, TestSupport.path("examples/household.tally")]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            defer {
                // SIGKILL: the test runner's blocked signals are inherited, SIGTERM may be one.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            var line = ""
            while !line.hasSuffix("\n") {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line += String(decoding: byte, as: UTF8.self)
            }
            let url = line.trimmingCharacters(in: .newlines)
            #expect(url.wholeMatch(of: pattern) != nil, "\(url)")
            // Pages and answers of every kind, then the server's messages: nothing of the
            // budget (a wallet's name, an amount) is logged.
            let port = Int(url.split(separator: ":")[2].prefix { $0.isNumber }) ?? 0
            let token = url.split(separator: "=").last.map(String.init) ?? ""
            for target in ["/", "/register", "/api/balance", "/source?file=0&line=3", "/nothing"] {
                #expect(LoopbackClient.get(target, port: port, token: token).hasPrefix("HTTP/1.1 "))
                _ = LoopbackClient.get(target, port: port, token: nil)
            }
            _ = Self.exchange(Array("BREW / HTTP/1.1\r\n\r\n".utf8), port: port)
            _ = LoopbackClient.get("/?token=\(token)", port: port, token: nil)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let messages = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(messages == "tally serve: serving \(TestSupport.path("examples/household.tally")); press Ctrl-C to stop\n")
            #expect(token.count == 32 && !messages.contains(token))
        }
        let bad = ServeTestApp.cli(["serve", "--host", "example.com", "--port", "0", TestSupport.path("examples/household.tally")])
        #expect(bad.code == 2)
    }
}
