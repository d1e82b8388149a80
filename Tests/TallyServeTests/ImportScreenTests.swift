import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The import screen: a preview that is `tally import --dry-run` and writes nothing, a
/// confirmation that is `tally import` (the same lines as the command line writes), a
/// second import of the same statement that adds nothing, and a confirmation refused
/// when the budget changed on disk after the preview. The budget and statement are
/// examples/import's (a CAMT.053 statement for March: 5 movements, 4 added, 1 matched
/// by a hand-entered entry, 1 pending skipped, closing balance 4,919.83).
struct ImportScreenTests {
    let folder: TemporaryFolder
    let file: String
    let statement: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-import")
        file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/import/budget.tally"), encoding: .utf8), to: "budget.tally")
        statement = try String(contentsOfFile: TestSupport.path("examples/import/march.xml"), encoding: .utf8)
        serve = ServeTestApp(files: [file], today: "2026-04-01")
    }

    func contents() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    /// The value of the hidden field `name` in a page's confirm form.
    func hidden(_ name: String, in page: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        let start = try #require(page.range(of: "id=\"confirm-form\"").flatMap { page.range(of: marker, range: $0.upperBound ..< page.endIndex) })
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    func confirm(_ preview: String) throws -> HTTPResponse {
        let fields = try ["upload", "wallet"].map { ($0, try hidden($0, in: preview)) }
        return serve.post("/import", fields, version: try hidden("version", in: preview))
    }

    @Test func thePreviewShowsTheDryRunAndWritesNothing() throws {
        defer { folder.remove() }
        let before = try contents()
        let answer = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "march.xml", statement)])
        #expect(answer.status == .ok, "\(answer.text)")
        let page = answer.text
        // Each movement with its category or none, what is matched or skipped, the assert.
        #expect(page.contains("2026-03-10 &quot;Lidl Dienstleistung GmbH &amp; Co. KG&quot; &quot;LIDL FIL. 1234&quot;  Girokonto  Food:Groceries    -31.25"))
        #expect(page.contains("2026-03-31 assert Girokonto  4919.83"))
        #expect(page.contains("matched          1"))
        #expect(page.contains("skipped  march.xml:113"))
        #expect(!page.contains("tally-statement-"), "the temporary path is not shown")
        #expect(page.contains("id=\"confirm-form\""))
        // What an open preview says when the budget changes on disk under it.
        #expect(page.contains("changed on disk since this preview"))
        #expect(try contents() == before)
    }

    /// Confirming writes what `tally import` writes into a copy of the same budget; a
    /// second preview and confirmation of the same statement adds nothing.
    @Test func confirmingWritesWhatTallyImportWritesOnce() throws {
        defer { folder.remove() }
        let twin = try folder.write(try contents(), to: "twin.tally")
        let statementPath = try folder.write(statement, to: "march.xml")
        let preview = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "march.xml", statement)]).text
        let answer = try confirm(preview)
        #expect(answer.status == .seeOther, "\(answer.text)")
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix("/import?done="))
        #expect(serve.get(location).text.contains("Imported march.xml: added 4"))
        #expect(ServeTestApp.cli(["import", "--today", "2026-04-01", twin, statementPath]).code == 0)
        #expect(try contents() == (try folder.read("twin.tally")))
        #expect(try contents().contains("id: \"2026032500002\""))

        let imported = try contents()
        let again = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "march.xml", statement)]).text
        #expect(again.contains("added            0"))
        #expect(!again.contains("Would append"))
        #expect(try confirm(again).status == .seeOther)
        #expect(try contents() == imported)
    }

    /// The import's answer has an Undo button that takes every line and id it wrote
    /// back out: the file is as it was before the import, byte for byte.
    @Test func anImportIsUndoneFromItsAnswer() throws {
        defer { folder.remove() }
        let before = try contents()
        let preview = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "march.xml", statement)]).text
        let location = try #require(try confirm(preview).header("Location"))
        #expect(try contents() != before)
        let key = try #require(location.components(separatedBy: "undo=").dropFirst().first)
        #expect(serve.get(location).text.contains("name=\"undo\" value=\"\(key)\""))
        let undone = serve.post("/undo", [("undo", key)])
        #expect(undone.status == .seeOther, "\(undone.text)")
        #expect(try contents() == before)
    }

    /// A statement with a refused row: the preview lists it and says that confirming
    /// writes the others (what `tally import --skip-refused` does), which it then does.
    @Test func aPreviewWithARefusedRowSaysTheOthersAreWritten() throws {
        defer { folder.remove() }
        let csv = "Date,Payee,Amount,D/C\n2026-04-01,Kiosk,1.00,?\n2026-04-01,Bakery,2.40,D\n"
        let preview = serve.postMultipart("/import/preview", [("wallet", "Girokonto")], files: [("upload", "april.csv", csv)]).text
        #expect(preview.contains("refused  april.csv:2: `?` in column `D/C` is not a direction Tally knows"), "\(preview)")
        #expect(preview.contains("1 movement is refused (the summary says why): importing writes the others"))
        #expect(try confirm(preview).status == .seeOther)
        #expect(try contents().contains("\"Bakery\"") && !(try contents()).contains("Kiosk"))
    }

    /// A confirmation drawn before the file changed on disk writes nothing.
    @Test func aStaleConfirmationIsRefused() throws {
        defer { folder.remove() }
        let preview = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "march.xml", statement)]).text
        try (try contents() + "; edited elsewhere\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changed = try contents()
        let answer = try confirm(preview)
        #expect(answer.status == .conflict)
        #expect(answer.text.contains("changed on disk"))
        #expect(answer.text.contains("Reload"))
        #expect(try contents() == changed)
    }

    /// A statement beside the budget is chosen by its name among those listed; any other
    /// name (another folder, the budget itself) is refused and nothing is read.
    @Test func onlyStatementFilesBesideTheBudgetAreChosenByName() throws {
        defer { folder.remove() }
        _ = try folder.write(statement, to: "march.xml")
        let page = serve.get("/import").text
        #expect(page.contains("<option>march.xml</option>"))
        #expect(!page.contains("<option>budget.tally</option>"))
        let preview = serve.post("/import/preview", [("statement", "march.xml"), ("wallet", "Girokonto")])
        #expect(preview.status == .ok, "\(preview.text)")
        #expect(preview.text.contains("What would be written"))
        for name in ["budget.tally", "../march.xml", "/etc/passwd", "sub/march.xml"] {
            #expect(serve.post("/import/preview", [("statement", name)]).status == .unprocessable, "\(name)")
        }
    }

    /// The budget's `import` profile says how the statement is read, as for `tally
    /// import`: `03/02/2026` is the 3rd of February under `dates DD/MM/YYYY`, where
    /// undeclared it reads two ways (every day is 12 or less; 2026-03-02 month first) and
    /// only the file's evidence could decide (Grammar.md §7.1, `dates`).
    @Test func theProfileSaysHowTheStatementIsRead() throws {
        defer { folder.remove() }
        let budget = try folder.write(
            "currency EUR\nwallet Cash cash opening 100.00 on 2026-01-01\nexpense Food\nimport Cash dates DD/MM/YYYY\n", to: "profiled.tally")
        let serve = ServeTestApp(files: [budget], today: "2026-04-01")
        let statement = "date,amount,payee\n03/02/2026,-4.50,Bakery\n05/02/2026,-2.00,Kiosk\n"
        let page = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "cash.csv", statement)]).text
        #expect(page.contains("2026-02-03 &quot;Bakery&quot;"), "\(page)")
        #expect(!page.contains("2026-03-02"))
    }

    /// A statement sent without the session's token, or from another origin, is refused
    /// like every other write.
    @Test func aStatementFormWithoutTheTokenIsRefused() throws {
        defer { folder.remove() }
        let boundary = "b0undary"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"march.xml\"\r\n\r\n\(statement)\r\n--\(boundary)--\r\n"
        let request = HTTPRequest(
            method: "POST", target: "/import/preview",
            headers: [("Host", serve.host), serve.cookie, ("Origin", "http://\(serve.host)"), ("Content-Type", "multipart/form-data; boundary=\(boundary)")],
            body: Array(body.utf8))
        #expect(serve.app.handle(request).status == .forbidden)
    }
}

/// `multipart/form-data` bodies as browsers send them, and ones that are not.
struct MultipartFormTests {
    @Test func fieldsAndFilesAreRead() {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"C:\\\\bank\\\\m.csv\"\r\nContent-Type: text/csv\r\n\r\nx\r\n--XyZ ok\r\n"
            + "--XyZ--\r\n"
        let form = MultipartForm(Array(body.utf8), contentType: "multipart/form-data; boundary=\"XyZ\"")
        #expect(form.fields.map { "\($0.0)=\($0.1)" } == ["a=one"])
        #expect(form.files.map(\.filename) == ["m.csv"])
        #expect(form.files.first.map { String(decoding: $0.bytes, as: UTF8.self) } == "x\r\n--XyZ ok")
    }

    @Test(arguments: [
        "", "--XyZ\r\n", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n",
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\none\r\n--XyZ--", "garbage --XyZ--"
    ])
    func malformedBodiesGiveNoParts(body: String) {
        let form = MultipartForm(Array(body.utf8), contentType: "multipart/form-data; boundary=XyZ")
        #expect(form.fields.isEmpty && form.files.isEmpty)
    }

    @Test func aBoundaryMustBeNamed() {
        #expect(MultipartForm.boundary("multipart/form-data") == nil)
        #expect(MultipartForm.boundary("text/plain; boundary=a") == nil)
        #expect(MultipartForm.boundary("multipart/form-data; boundary=" + String(repeating: "a", count: 71)) == nil)
    }
}
