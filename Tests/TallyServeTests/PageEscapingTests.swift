import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// Every page escapes what the budget, the request and the file system put in it: a
/// wallet, category, envelope, goal, rule, payee, note and file named
/// `<script>alert(1)</script> "'&…` appears as text on every page that shows it, never
/// as markup.
struct PageEscapingTests {
    /// The hostile text every name below starts with.
    static let hostile = "<script>alert(1)</script> \"'&"
    /// `hostile` as a page must show it.
    static let escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &quot;&#39;&amp;"

    /// A budget whose every name is hostile (quoted names escape `'` as `\'`, texts `"`
    /// as `\"`), with one unknown category so that the Diagnostics page quotes one.
    static let budget = #"""
        currency EUR
        wallet '<script>alert(1)</script> "\'&W' bank opening 100.00 on 2026-10-31
        wallet Cash cash opening 50.00 on 2026-10-31
        expense '<script>alert(1)</script> "\'&C'
        income Pay
        envelope '<script>alert(1)</script> "\'&E' 100 monthly for '<script>alert(1)</script> "\'&C'
        goal '<script>alert(1)</script> "\'&G' 500 in '<script>alert(1)</script> "\'&W'
        every month on 25 from 2026-11-25 as '<script>alert(1)</script> "\'&R' "<script>alert(1)</script> \"'&P" '<script>alert(1)</script> "\'&W' '<script>alert(1)</script> "\'&C' -10.00
        2026-11-02 "<script>alert(1)</script> \"'&P" "<script>alert(1)</script> \"'&N" '<script>alert(1)</script> "\'&W' '<script>alert(1)</script> "\'&C' -12.00
        2026-11-03 "Pay" Cash Pay +20.00
        2026-11-04 "X" Cash '<script>alert(1)</script> "\'&U' -1.00

        """#

    /// No hostile text as markup, and each of `names` (the hostile text followed by it) as text.
    static func expectEscaped(_ page: String, _ names: [String], _ where: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.contains("<script>alert"), "\(`where`): markup from the budget", sourceLocation: sourceLocation)
        #expect(!page.contains("\"'&"), "\(`where`): quotes from the budget", sourceLocation: sourceLocation)
        for name in names {
            #expect(page.contains(escaped + name), "\(`where`): \(name) not shown as text", sourceLocation: sourceLocation)
        }
    }

    /// A folder holding the budget as `<script>alert(1)</script> "'&.tally` (the `/` of
    /// the name makes a folder) and a statement file beside it.
    static func hostileBudget() throws -> (folder: TemporaryFolder, file: String) {
        let folder = try TemporaryFolder("serve-escaping")
        let file = try folder.write(budget, to: hostile + "F.tally")
        try folder.write("", to: "<script>alert(1)</<i>\"'&S.csv")
        return (folder, file)
    }

    @Test func everyPageShowsHostileNamesAsText() throws {
        let (folder, file) = try Self.hostileBudget()
        defer { folder.remove() }
        let serve = ServeTestApp(files: [file])
        let pages: [(String, [String])] = [
            ("/", ["W", "C", "E", "G", "P"]),
            ("/register", ["W", "C", "P", "N"]),
            ("/envelopes", ["E"]),
            ("/goals", ["G"]),
            ("/due", ["R", "P", "W"]),
            ("/diagnostics", ["U", "F.tally"]),
            ("/source?file=0&line=2", ["F.tally"]),
            ("/import", ["W"])
        ]
        for (target, names) in pages {
            let answer = serve.get(target)
            #expect(answer.status == .ok, "\(target): \(answer.text.prefix(300))")
            Self.expectEscaped(answer.text, names, target)
        }
        // The source shows the line as written, quoted name and all.
        #expect(serve.get("/source?file=0&line=2").text.contains("wallet &#39;&lt;script&gt;alert(1)&lt;/script&gt; &quot;\\&#39;&amp;W&#39;"))
        let importPage = serve.get("/import").text
        #expect(importPage.contains("<option>&lt;i&gt;&quot;&#39;&amp;S.csv</option>"))
        // The register's filters give back what was asked, as text.
        let register = serve.get("/register?payee=" + FormData.encode(Self.hostile + "P") + "&x" + FormData.encode(Self.hostile) + "=1")
        #expect(register.status == .ok, "\(register.text.prefix(300))")
        Self.expectEscaped(register.text, ["P"], "register filters")
        #expect(register.text.contains("name=\"x\(Self.escaped)\""))
    }

    /// What a request says comes back as text: an error, the page a refused form leads
    /// back to; a note after a write is the server's own, never the URL's text.
    @Test func whatARequestSaysIsShownAsText() throws {
        let (folder, file) = try Self.hostileBudget()
        defer { folder.remove() }
        let serve = ServeTestApp(files: [file])
        // `done=` names a write's answer kept on the server; its text is never shown.
        let done = serve.get("/?done=" + FormData.encode(Self.hostile + "D"))
        #expect(!done.text.contains(Self.escaped + "D") && !done.text.contains("<script>alert"))
        let badMonth = serve.get("/?month=" + FormData.encode(Self.hostile + "M"))
        #expect(badMonth.status.code == 400)
        Self.expectEscaped(badMonth.text, ["M"], "month")
        let badDay = serve.get("/?today=" + FormData.encode(Self.hostile + "T"))
        #expect(badDay.status.code == 400)
        Self.expectEscaped(badDay.text, ["T"], "today")
        let refused = serve.app.handle(
            HTTPRequest(
                method: "POST", target: "/add",
                headers: [
                    ("Host", serve.host), serve.cookie, ("Origin", "http://\(serve.host)"),
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Referer", "http://\(serve.host)/register?q=" + Self.hostile + "Q")
                ],
                body: Array("wallet=Nowhere&amount=1&\(AccessRules.formField)=\(serve.app.rules.token)&version=\(serve.app.store.currentVersion())".utf8)))
        #expect(refused.status.code >= 400, "\(refused.text.prefix(300))")
        Self.expectEscaped(refused.text, ["Q"], "refusal")
    }

    /// The import preview names the statement sent, and a refusal quotes what it refused.
    @Test func theImportPreviewShowsHostileNamesAsText() throws {
        let folder = try TemporaryFolder("serve-escaping-import")
        defer { folder.remove() }
        let file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/import/budget.tally"), encoding: .utf8), to: "budget.tally")
        let statement = try String(contentsOfFile: TestSupport.path("examples/import/march.xml"), encoding: .utf8)
        let serve = ServeTestApp(files: [file], today: "2026-04-01")
        // A file name sent loses its folders (`/` and `\`) and cannot carry `"` (the
        // multipart header's quote); the rest it keeps.
        let name = "<script>alert(1)<script>'&X.xml"
        let preview = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", name, statement)])
        #expect(preview.status == .ok, "\(preview.text.prefix(300))")
        #expect(preview.text.contains("Import &lt;script&gt;alert(1)&lt;script&gt;&#39;&amp;X.xml</h2>"))
        #expect(!preview.text.contains("<script>alert"))
        let refused = serve.postMultipart("/import/preview", [("wallet", Self.hostile + "W")], files: [("upload", name, statement)])
        #expect(refused.status.code >= 400, "\(refused.text.prefix(300))")
        Self.expectEscaped(refused.text, ["W"], "import refusal")
    }
}
