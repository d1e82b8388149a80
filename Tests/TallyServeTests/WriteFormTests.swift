import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The forms write through the edit pipeline: the right line, at the end of the file,
/// laid out like its block; nothing when the page is stale or the result would be wrong;
/// an answer that says the line written and the warnings it raised.
struct WriteFormTests {
    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-forms")
        file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    func contents() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    /// The file's last line, with its spacing squeezed (the layout is the formatter's).
    func lastLine() throws -> String {
        let last = try contents().split(separator: "\n").last.map(String.init) ?? ""
        return last.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test func assigningMoneyWritesAFillLine() throws {
        defer { folder.remove() }
        let answer = serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "25.00"), ("date", "2026-11-22")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        #expect(answer.header("Location")?.hasPrefix("/envelopes?done=") == true)
        #expect(try lastLine() == "2026-11-22 fill Gift-fund 25.00")
        // Laid out like the lines above it: `fill` in the column of the block's keywords.
        let lines = try contents().split(separator: "\n")
        let fill = lines.last!, earlier = lines.last { $0.contains(" fill ") && $0 != lines.last! }!
        #expect(fill.firstRange(of: "fill")?.lowerBound.utf16Offset(in: fill) == earlier.firstRange(of: "fill")?.lowerBound.utf16Offset(in: earlier))
        #expect(ServeTestApp.cli(["check", "--today", "2026-11-22", file]).code == 0)
    }

    @Test func movingMoneyWritesAMoveLine() throws {
        defer { folder.remove() }
        let answer = serve.post("/move", [("from", "Going-out"), ("to", "Gift-fund"), ("amount", "15.50"), ("date", "2026-11-22")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        #expect(try lastLine() == "2026-11-22 move Going-out -> Gift-fund 15.50")
    }

    @Test func addingAPurchaseWritesWhatTallyAddWrites() throws {
        defer { folder.remove() }
        let twin = try folder.write(try contents(), to: "twin.tally")
        let answer = serve.post(
            "/add", [("date", "2026-11-21"), ("payee", "Corner Shop"), ("wallet", "Joint"), ("category", "Food:Groceries"), ("amount", "12.40"), ("note", "")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        let cli = ServeTestApp.cli(["add", twin, "2026-11-21", "Corner Shop", "Joint", "Food:Groceries", "12.40", "--today", "2026-11-22"])
        #expect(cli.code == 0)
        #expect(try contents() == (try folder.read("twin.tally")))
        #expect(try lastLine().hasPrefix("2026-11-21 \"Corner Shop\" Joint Food:Groceries -12.40"))
    }

    @Test func recordingADueEntryWritesIt() throws {
        defer { folder.remove() }
        let due = serve.get("/due").text
        #expect(due.contains("name=\"rule\" value=\"energy\""))
        let answer = serve.post("/record", [("rule", "energy"), ("date", "2026-12-04")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        #expect(try contents().hasSuffix("rule energy\n") || (try contents()).contains("rule energy"))
    }

    /// A form drawn before the file changed on disk is refused, the file left as the
    /// other change made it, with a message offering to reload.
    @Test func aStaleFormIsRefused() throws {
        defer { folder.remove() }
        let drawn = serve.app.store.currentVersion()
        try (try contents() + "; edited elsewhere\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changed = try contents()
        let answer = serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "25.00"), ("date", "2026-11-22")], version: drawn)
        #expect(answer.status == .conflict)
        #expect(answer.text.contains("changed on disk"))
        #expect(answer.text.contains("Reload"))
        #expect(try contents() == changed)
    }

    @Test func wrongInputWritesNothing() throws {
        defer { folder.remove() }
        let before = try contents()
        #expect(serve.post("/assign", [("envelope", "Nope"), ("amount", "25.00"), ("date", "2026-11-22")]).status == .unprocessable)
        #expect(serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "-5"), ("date", "2026-11-22")]).status == .unprocessable)
        #expect(serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "1,234"), ("date", "2026-11-22")]).status == .unprocessable)
        #expect(serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "25"), ("date", "2026-13-01")]).status == .unprocessable)
        #expect(serve.post("/move", [("from", "Gift-fund"), ("to", "Gift-fund"), ("amount", "5"), ("date", "2026-11-22")]).status == .unprocessable)
        #expect(serve.post("/add", [("date", "2026-11-21"), ("wallet", "Nowhere"), ("amount", "1")]).status == .unprocessable)
        #expect(serve.post("/nothing", []).status == .notFound)
        #expect(try contents() == before)
    }

    /// The forms read an amount typed with a decimal comma as `tally add` does (one
    /// reader, TallyActions' `TypedAmount`).
    @Test func everyFormReadsADecimalComma() throws {
        defer { folder.remove() }
        let add = serve.post("/add", [("date", "2026-11-21"), ("payee", "Bakery"), ("wallet", "Joint"), ("category", "Food:Groceries"), ("amount", "3,80")])
        #expect(add.status == .seeOther, "\(add.text)")
        #expect(try lastLine() == "2026-11-21 \"Bakery\" Joint Food:Groceries -3.80")
        let assign = serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "12,99"), ("date", "2026-11-22")])
        #expect(assign.status == .seeOther, "\(assign.text)")
        #expect(try lastLine() == "2026-11-22 fill Gift-fund 12.99")
        let move = serve.post("/move", [("from", "Going-out"), ("to", "Gift-fund"), ("amount", "1,50"), ("date", "2026-11-22")])
        #expect(move.status == .seeOther, "\(move.text)")
        #expect(try lastLine() == "2026-11-22 move Going-out -> Gift-fund 1.50")

        let before = try contents()
        let twoWays = serve.post("/add", [("date", "2026-11-21"), ("payee", "Bakery"), ("wallet", "Joint"), ("category", "Food:Groceries"), ("amount", "1,234")])
        #expect(twoWays.status == .unprocessable)
        #expect(twoWays.text.contains("did you mean 1234 or 1.234?"), "\(twoWays.text)")
        #expect(try contents() == before)
    }

    /// A move that takes Going-out over answers with the line and says so.
    @Test func aWriteAnswersWithItsLineAndItsWarnings() throws {
        defer { folder.remove() }
        let move = serve.post("/move", [("from", "Going-out"), ("to", "Gift-fund"), ("amount", "500,00"), ("date", "2026-11-22")])
        #expect(move.status == .seeOther, "\(move.text)")
        let location = try #require(move.header("Location"))
        let page = serve.get(location).text
        #expect(page.contains("Moved 500.00. Wrote `2026-11-22 move Going-out -&gt; Gift-fund"), "\(page)")
        #expect(page.contains("Warning: Going-out is over for 2026-11: "), "\(page)")
    }
}
