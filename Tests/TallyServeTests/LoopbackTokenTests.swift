import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// The per-run key on the loopback address, tried as another account on this machine
/// would: it reaches 127.0.0.1 as well, but has neither the printed URL nor the cookie.
@Suite(.serialized) struct LoopbackTokenTests {
    /// Every page and API answer a stranger asks for is 401 with the way in (a page's a
    /// page of its own, ``WayInPage``; an API answer's the one line), and no figure,
    /// wallet or payee of the budget.
    @Test func aStrangerReadsNothing() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        let targets = [
            "/", "/envelopes", "/register", "/register?search=coffee", "/goals", "/due", "/diagnostics", "/import",
            "/source?file=0&line=3", "/api/balance", "/api/register", "/api/envelopes", "/api/version", "/api/diagnostics"
        ]
        for target in targets {
            let answer = serve.get(target, withCookie: false)
            #expect(answer.status == .unauthorized, "\(target)")
            let expected = target.hasPrefix("/api/") ? AccessRules.askForTheLink + "\n" : WayInPage.render().rendered
            #expect(answer.text == expected, "\(target): \(answer.text.prefix(200))")
            #expect(answer.header("Set-Cookie") == nil, "\(target)")
            // The same page with the cookie has the figures the stranger did not get.
            if target == "/api/balance" { #expect(serve.get(target).text.contains("Joint")) }
        }
    }

    /// A stranger's write — even one that guessed the form's key and sends the right
    /// `Origin` — is refused before it is read, and the file is byte for byte as it was.
    @Test func aStrangerWritesNothing() throws {
        let folder = try TemporaryFolder("serve-stranger")
        defer { folder.remove() }
        let file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "b.tally")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let serve = ServeTestApp(files: [file])
        let purchase = [("wallet", "Anna-cash"), ("payee", "Nobody"), ("category", "Food:Groceries"), ("amount", "-12.00"), ("date", "2026-11-22")]
        #expect(serve.post("/add", purchase, withCookie: false).status == .unauthorized)
        #expect(serve.post("/assign", [("envelope", "Groceries"), ("amount", "10.00")], withCookie: false).status == .unauthorized)
        // The key in the URL opens no door for a form: only a GET trades it for the cookie.
        #expect(serve.post("/add?token=\(serve.app.rules.token)", purchase, withCookie: false).status == .unauthorized)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        // The browser that opened the printed URL writes (the rule refuses strangers only).
        #expect(serve.post("/add", purchase).status == .seeOther)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) != before)
    }

    /// Over a real socket on 127.0.0.1: the printed URL trades its key for a cookie
    /// named for this port and sends the browser on without it; a cookie of another
    /// port's server (the same key even) or none gets 401 before the head is done.
    @Test func thePrintedURLIsTheOneWayIn() throws {
        let session = try ServeSession(
            files: [TestSupport.path("examples/household.tally")], host: "127.0.0.1", port: 0, today: CivilDate(iso: "2026-11-22"))
        defer { session.stop() }
        let port = session.port, token = session.app.rules.token
        let path = try #require(session.url.firstRange(of: "/?token=")).lowerBound
        let welcome = LoopbackClient.get(String(session.url[path...]) + "&period=2026-11", port: port, token: nil)
        #expect(welcome.hasPrefix("HTTP/1.1 303 "), "\(welcome.prefix(80))")
        #expect(welcome.contains("\r\nLocation: /?period=2026-11\r\n"))
        #expect(welcome.contains("\r\nSet-Cookie: tally_token_\(port)=\(token); Path=/; HttpOnly; SameSite=Strict\r\n"))
        let stranger = LoopbackClient.get("/api/balance", port: port, token: nil)
        #expect(stranger.hasPrefix("HTTP/1.1 401 ") && !stranger.contains("Joint"))
        let otherPort = LoopbackClient.exchange(
            Array("GET /api/balance HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(LoopbackClient.cookie(port: port + 1, token: token))\r\n".utf8), port: port)
        #expect(otherPort.hasPrefix("HTTP/1.1 401 ") && !otherPort.contains("Joint"))
        let owner = LoopbackClient.get("/api/balance", port: port, token: token)
        #expect(owner.hasPrefix("HTTP/1.1 200 ") && owner.contains("Joint"))
    }

    /// The installed app opened from the home screen once the browser forgot the cookie
    /// (or the server started again, with a new key): its `start_url` answers 401 with a
    /// page that says how to get back in, in words, with no command-line flag — never a
    /// bare line or a 403 — and nothing of the budget; over a real socket, where the
    /// head is judged as it arrives.
    @Test func theHomeScreenIconWithoutTheKeyShowsTheWayIn() throws {
        let session = try ServeSession(
            files: [TestSupport.path("examples/household.tally")], host: "127.0.0.1", port: 0, today: CivilDate(iso: "2026-11-22"))
        defer { session.stop() }
        let port = session.port, token = session.app.rules.token
        let manifest = LoopbackClient.get("/manifest.webmanifest", port: port, token: token)
        let start = try #require(manifest.components(separatedBy: "\"start_url\": \"").dropFirst().first?.prefix { $0 != "\"" }, "\(manifest)")
        #expect(start == "/")
        for (cookie, why) in [(nil, "no cookie"), ("0123456789abcdef0123456789abcdef", "last run's key")] as [(String?, String)] {
            let answer = LoopbackClient.get(String(start), port: port, token: cookie)
            #expect(answer.hasPrefix("HTTP/1.1 401 "), "\(why): \(answer.prefix(80))")
            #expect(answer.contains("\r\nContent-Type: text/html; charset=utf-8\r\n"), "\(why)")
            #expect(answer.contains("<h1>Open the address Tally printed</h1>") && answer.contains("scan the QR code it printed"), "\(why)")
            #expect(!answer.contains("Joint") && !answer.contains("Set-Cookie") && !answer.contains(" --"), "\(why)")
            // It loads nothing: a style sheet or script would be refused without the key too.
            #expect(!answer.contains("<link rel=\"stylesheet\"") && !answer.contains("<script"), "\(why)")
        }
        // The API keeps its one line.
        let api = LoopbackClient.get("/api/version", port: port, token: nil)
        #expect(api.hasPrefix("HTTP/1.1 401 ") && api.hasSuffix("\r\n\r\n" + AccessRules.askForTheLink + "\n"), "\(api)")
    }
}
