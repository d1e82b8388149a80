import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The safety rules: loopback by default, a token on every address, writes only from the server's
/// own pages, no file but the budget's, nothing of the budget in a refusal.
struct AccessRulesTests {
    @Test func loopbackAddressesAreKnown() {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] { #expect(AccessRules.isLoopback(host), "\(host)") }
        for host in ["0.0.0.0", "192.168.1.2", "10.0.0.1", "::", "127.0.0", "127.0.0.1.5", "128.0.0.1"] { #expect(!AccessRules.isLoopback(host), "\(host)") }
    }

    @Test func anotherSitesHostNameIsRefused() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        let rebound = serve.app.handle(HTTPRequest(method: "GET", target: "/api/balance", headers: [("Host", "evil.example:8080")]))
        #expect(rebound.status == .misdirected)
        #expect(!rebound.text.contains("Joint"))
        #expect(serve.get("/api/balance").status == .ok)
    }

    @Test(arguments: ["127.0.0.1", "0.0.0.0"]) func everyRequestNeedsTheToken(host: String) {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")], host: host, port: 9000)
        let rules = serve.app.rules
        #expect(rules.url == "http://\(host):9000/?token=\(rules.token)")
        #expect(serve.get("/", withCookie: false).status == .unauthorized)
        #expect(serve.get("/api/balance", withCookie: false).status == .unauthorized)
        #expect(serve.get("/?token=wrong", withCookie: false).status == .unauthorized)
        let welcome = serve.get("/register?token=\(rules.token)&period=2026-11", withCookie: false)
        #expect(welcome.status == .seeOther)
        #expect(welcome.header("Location") == "/register?period=2026-11")
        #expect(welcome.header("Set-Cookie") == "tally_token_9000=\(rules.token); Path=/; HttpOnly; SameSite=Strict")
        #expect(serve.get("/", headers: [("Cookie", "a=b; tally_token_9000=\(rules.token)")]).status == .ok)
        #expect(serve.get("/", headers: [("Cookie", "tally_token_9000=nope")]).status == .unauthorized)
        // Another server's cookie on this host (port 9001) is sent here too: it is not
        // this one's, and it does not stand in the way of this one's.
        #expect(serve.get("/", headers: [("Cookie", "tally_token_9001=\(rules.token)")]).status == .unauthorized)
        #expect(serve.get("/", headers: [("Cookie", "tally_token_9001=other; tally_token_9000=\(rules.token)")]).status == .ok)
    }

    @Test func tokensAreNewEachTime() {
        let a = AccessRules.newToken(), b = AccessRules.newToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
    }

    /// A cross-origin form, a form without the session's token and one without an Origin
    /// are refused with 403, and the file is left byte for byte as it was.
    @Test func crossOriginWritesAre403AndTheFileIsUntouched() throws {
        let folder = try TemporaryFolder("serve-origin")
        defer { folder.remove() }
        let file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "b.tally")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let serve = ServeTestApp(files: [file])
        let fields = [("envelope", "Groceries"), ("amount", "10.00"), ("date", "2026-11-22")]
        #expect(serve.post("/assign", fields, origin: "http://evil.example").status == .forbidden)
        #expect(serve.post("/assign", fields, origin: "null").status == .forbidden)
        #expect(serve.post("/assign", fields, token: "0000").status == .forbidden)
        let noOrigin = serve.app.handle(
            HTTPRequest(
                method: "POST", target: "/assign", headers: [("Host", serve.host), serve.cookie, ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array("envelope=Groceries&amount=10&_token=\(serve.app.rules.token)".utf8)))
        #expect(noOrigin.status == .forbidden)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func noPathOutsideTheBudgetIsServed() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        for target in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/../../etc/passwd", "/source?file=../../etc/passwd",
            "/source?file=-1", "/source?file=1", "/source?path=/etc/passwd", "/etc/passwd", "/examples/household.tally"
        ] {
            let answer = serve.get(target)
            #expect(answer.status == .notFound, "\(target)")
            #expect(!answer.text.contains("root:"), "\(target)")
        }
        let source = serve.get("/source?file=0&line=12")
        #expect(source.status == .ok)
        #expect(source.text.contains("<span id=\"L12\" class=\"hit\">"))
    }

    @Test func everyAnswerForbidsOtherSourcesAndFraming() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        let text = String(decoding: serve.get("/").bytes(), as: UTF8.self)
        #expect(text.contains("Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'"))
        #expect(text.contains("X-Frame-Options: DENY"))
        #expect(text.contains("Connection: close"))
        // Every resource a page names is one of the binary's own.
        let page = serve.get("/").text
        for match in page.matches(of: /(?:src|href)="(\/assets\/[^"]*)"/) { #expect(Assets.asset(String(match.1)) != nil) }
        #expect(!page.contains("http://") && !page.contains("https://"))
    }
}
