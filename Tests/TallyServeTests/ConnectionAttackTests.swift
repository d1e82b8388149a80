import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

#if canImport(Glibc)
    import Glibc
#endif

/// The server attacked through its connections, as a client on this machine would: many
/// slow connections, more connections than it keeps, a head without the token, and the
/// `Host` names a server on every address must accept and refuse. Every byte goes over
/// the loopback address.
@Suite(.serialized) struct ConnectionAttackTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// The household example served on `host` (any free port) with the head deadline
    /// `headTimeout` and at most `maxConnections`.
    static func server(host: String = "127.0.0.1", headTimeout: Double = 3, maxConnections: Int = 256) throws -> (HTTPServer, AccessRules) {
        let server = HTTPServer(host: host, port: 0)
        try server.listen()
        server.headTimeout = headTimeout
        server.maxConnections = maxConnections
        let rules = AccessRules(host: host, port: server.port, token: token)
        let app = ServeApp(
            store: BudgetStore(files: [TestSupport.path("examples/household.tally")]), rules: rules, today: CivilDate(iso: "2026-11-22"))
        server.serve(app.handle, screen: rules.screen)
        return (server, rules)
    }

    /// 200 connections each sending its request a byte a second; meanwhile a normal
    /// client loads the overview within 2 s, and each slow one is answered 408 once its
    /// head is 3 s late.
    @Test func twoHundredSlowConnectionsDoNotStopANormalClient() throws {
        let (server, _) = try Self.server(headTimeout: 3)
        defer { server.stop() }
        let slow = (0 ..< 200).map { _ in LoopbackClient.connection(server.port, wait: 10) }
        defer { for fd in slow { close(fd) } }
        let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        let trickling = Thread {
            // Three bytes, the last 2 s in: nothing is sent after the server has answered.
            for byte in request.prefix(3) {
                for fd in slow { LoopbackClient.send(String(UnicodeScalar(byte)), on: fd) }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        trickling.start()
        Thread.sleep(forTimeInterval: 1.5)
        let started = Date()
        let client = LoopbackClient.connection(server.port)
        defer { close(client) }
        LoopbackClient.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\(LoopbackClient.cookie(port: server.port, token: Self.token))\r\n", on: client)
        let page = LoopbackClient.answer(client)
        let took = Date().timeIntervalSince(started)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(page.contains("<h2>Wallets</h2>"))
        #expect(took < 2, "the page took \(took) s")
        // Each slow connection sent 3 bytes of its head in the 3 s it had.
        let late = slow.prefix(20).map(LoopbackClient.answer)
        #expect(late.allSatisfy { $0.hasPrefix("HTTP/1.1 408 ") }, "\(late.first ?? "")")
    }

    /// With room for 50, 200 silent connections push one another out (503), oldest first,
    /// long before their deadline; the normal client that comes after them is answered.
    @Test func theNumberOfConnectionsIsBounded() throws {
        let (server, _) = try Self.server(headTimeout: 4, maxConnections: 50)
        defer { server.stop() }
        let silent = (0 ..< 200).map { _ in LoopbackClient.connection(server.port, wait: 2) }
        defer { for fd in silent { close(fd) } }
        Thread.sleep(forTimeInterval: 0.5)
        let client = LoopbackClient.connection(server.port)
        defer { close(client) }
        let started = Date()
        LoopbackClient.send(
            "GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\(LoopbackClient.cookie(port: server.port, token: Self.token))\r\n", on: client)
        #expect(LoopbackClient.answer(client).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(Date().timeIntervalSince(started) < 2)
        // 200 + 1 came, 50 fit: at least the 151 oldest were told the server is busy (a
        // few more while those answers were still being sent count as open too); the
        // newest waited, and were closed with nothing when their 4 s were up.
        let answers = silent.map(LoopbackClient.answer)
        let busy = answers.filter { $0.hasPrefix("HTTP/1.1 503 ") }.count
        #expect(busy >= 151 && busy + answers.filter(\.isEmpty).count == 200, "\(busy) told busy")
        #expect(answers.prefix(busy).allSatisfy { !$0.isEmpty }, "oldest first")
        #expect(answers.suffix(20).allSatisfy { $0.isEmpty })
    }

    /// A request line that never ends is refused at its limit (414) while the client
    /// is still sending, not kept in memory until the deadline.
    @Test func aLineWithoutEndIsRefusedAtItsLimit() throws {
        let (server, _) = try Self.server(headTimeout: 30)
        defer { server.stop() }
        let fd = LoopbackClient.connection(server.port, wait: 5)
        defer { close(fd) }
        let started = Date()
        LoopbackClient.send("GET /" + String(repeating: "a", count: 20_000), on: fd)
        #expect(LoopbackClient.answer(fd).hasPrefix("HTTP/1.1 414 "))
        #expect(Date().timeIntervalSince(started) < 2)
    }

    /// On loopback as off it, a head whose cookie lacks the token is refused when the
    /// `Cookie` line arrives, not when the head ends (the client never ends it here).
    @Test(arguments: ["127.0.0.1", "0.0.0.0"]) func theTokenIsCheckedAsSoonAsTheCookieArrives(host: String) throws {
        let (server, _) = try Self.server(host: host, headTimeout: 10)
        defer { server.stop() }
        let started = Date()
        let fd = LoopbackClient.connection(server.port, wait: 5)
        defer { close(fd) }
        LoopbackClient.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: tally_token_\(server.port)=guess\r\n", on: fd)
        let answer = LoopbackClient.answer(fd)
        #expect(answer.hasPrefix("HTTP/1.1 401 "))
        #expect(Date().timeIntervalSince(started) < 2)
        // A head with the right cookie goes on to the page.
        let good = LoopbackClient.connection(server.port)
        defer { close(good) }
        LoopbackClient.send("GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: tally_token_\(server.port)=\(Self.token)\r\n\r\n", on: good)
        #expect(LoopbackClient.answer(good).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    /// The screen refuses a whole head exactly when the full verdict would, with the
    /// same status.
    @Test(arguments: ["127.0.0.1", "0.0.0.0"]) func theScreenAgreesWithTheVerdict(host: String) {
        let rules = AccessRules(host: host, port: 8080, token: Self.token)
        let heads: [(String, [(String, String)])] = [
            ("/", [("host", "127.0.0.1:8080")]),
            ("/", [("host", "127.0.0.1:8080"), ("cookie", "tally_token_8080=\(Self.token)")]),
            ("/", [("host", "127.0.0.1:8080"), ("cookie", "a=1; tally_token_8080=nope")]),
            ("/?token=\(Self.token)", [("host", "127.0.0.1:8080")]),
            ("/?token=nope", [("host", "127.0.0.1:8080")]),
            ("/", [("host", "evil.example:8080"), ("cookie", "tally_token_8080=\(Self.token)")])
        ]
        for (target, headers) in heads {
            let early = rules.screen(RequestReader.HeadSoFar(method: "GET", target: target, headers: headers, isComplete: true))
            let verdict = rules.verdict(HTTPRequest(method: "GET", target: target, headers: headers))
            switch verdict {
            case .refuse(let status, _): #expect(early?.status == status, "\(target) \(headers)")
            case .allow, .acceptToken: #expect(early == nil, "\(target) \(headers)")
            }
        }
    }

    /// Listening on 0.0.0.0, a request naming one of this machine's own non-loopback
    /// addresses (as a phone on the LAN would) is answered; a name that is no address of
    /// this machine gets 421 (DNS rebinding). Both are sent over the loopback address.
    @Test func everyAddressAnswersToTheMachinesOwnAddresses() throws {
        let own = OwnAddresses.current(includingIPv6: false).filter { !AccessRules.isLoopback($0) }
        let lan = try #require(own.sorted().first, "this machine has a non-loopback IPv4 address")
        let (server, _) = try Self.server(host: "0.0.0.0")
        defer { server.stop() }
        for (host, status) in [("\(lan):\(server.port)", "200"), ("tally.example:\(server.port)", "421"), ("\(lan):\(server.port + 1)", "421")] {
            let fd = LoopbackClient.connection(server.port)
            defer { close(fd) }
            LoopbackClient.send("GET /api/version HTTP/1.1\r\nHost: \(host)\r\nCookie: tally_token_\(server.port)=\(Self.token)\r\n\r\n", on: fd)
            let answer = LoopbackClient.answer(fd)
            #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(host) → \(answer.prefix(40))")
        }
        // The session prints that address for the phone; on loopback it prints none.
        let session = try ServeSession(files: [TestSupport.path("examples/household.tally")], host: "0.0.0.0", port: 0, today: nil)
        defer { session.stop() }
        #expect(session.networkURLs.contains("http://\(lan):\(session.port)/?token=\(session.app.rules.token)"))
        #expect(!session.networkURLs.contains { $0.contains("127.0.0.1") })
        let local = try ServeSession(files: [TestSupport.path("examples/household.tally")], host: "127.0.0.1", port: 0, today: nil)
        defer { local.stop() }
        #expect(local.networkURLs.isEmpty)
        // On `::` IPv4 connects too, and the IPv6 addresses count as well, in brackets; on
        // 127.0.0.1 no LAN name does.
        let (every, _) = try Self.server(host: "::")
        defer { every.stop() }
        let fd = LoopbackClient.connection(every.port)
        defer { close(fd) }
        LoopbackClient.send("GET /api/version HTTP/1.1\r\nHost: \(lan):\(every.port)\r\nCookie: tally_token_\(every.port)=\(Self.token)\r\n\r\n", on: fd)
        #expect(LoopbackClient.answer(fd).hasPrefix("HTTP/1.1 200 OK\r\n"))
        let v6 = AccessRules(host: "::", port: 8080, token: Self.token)
        for address in OwnAddresses.current(includingIPv6: true) where address.contains(":") {
            #expect(v6.names("[\(address)]:8080"))
        }
        #expect(v6.names("\(lan):8080"))
        #expect(!AccessRules(host: "127.0.0.1", port: 8080, token: Self.token).names("\(lan):8080"))
        #expect(!AccessRules(host: "0.0.0.0", port: 8080, token: Self.token).names("[::1]:8081"))
    }
}
