import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// A budget split over files with `include`: each form writes to the file its command
/// line writes to (a purchase, a `fill` and a recorded occurrence to the file that holds
/// their date's entries, here the year file `2026.tally`, as `tally add` and `tally
/// record`; an import to the file with the wallet's latest transaction, as `tally
/// import`), shown by doing the same
/// with the command line on a copy and comparing every file. A budget served from several
/// `-f` files has no one file to write to: its pages show why, and no form.
struct IncludedFilesFormTests {
    static let files: [(String, String)] = [
        (
            "main.tally",
            """
            currency EUR

            wallet Checking  bank  opening 1000.00 on 2025-12-31

            income  Salary
            expense Food:Groceries, Housing:Rent

            envelope Groceries  monthly  for Food:Groceries
            envelope Rent       monthly  for Housing:Rent

            include "rules.tally"
            include "2026.tally"

            """
        ),
        ("rules.tally", "every month on 1 from 2026-02-01 as rent \"Landlord\" Checking Housing:Rent -700.00\n"),
        ("2026.tally", "2026-01-05 fill Groceries 300.00\n2026-01-20 \"Market\" Checking Food:Groceries -42.10\n")
    ]

    let served: TemporaryFolder
    let twin: TemporaryFolder
    let serve: ServeTestApp

    init() throws {
        served = try TemporaryFolder("serve-included")
        twin = try TemporaryFolder("serve-included-twin")
        for (name, text) in Self.files {
            _ = try served.write(text, to: name)
            _ = try twin.write(text, to: name)
        }
        serve = ServeTestApp(files: [served.url.appendingPathComponent("main.tally").path], today: "2026-02-10")
    }

    func remove() {
        served.remove()
        twin.remove()
    }

    /// Every file of the served budget equals its twin's, and `name` changed.
    func expectSameAsTheCommandLine(changed name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (file, original) in Self.files {
            let text = try served.read(file)
            #expect(text == (try twin.read(file)), "\(file)", sourceLocation: sourceLocation)
            #expect((text != original) == (file == name), "\(file)", sourceLocation: sourceLocation)
        }
    }

    func cli(_ arguments: [String]) -> Int32 {
        ServeTestApp.cli(arguments + ["--today", "2026-02-10"]).code
    }

    @Test func aPurchaseGoesToTheYearFileAsTallyAdd() throws {
        defer { remove() }
        let answer = serve.post("/add", [("date", "2026-02-09"), ("payee", "Market"), ("wallet", "Checking"), ("category", "Food:Groceries"), ("amount", "9.80")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        #expect(cli(["add", twin.url.appendingPathComponent("main.tally").path, "2026-02-09", "Market", "Checking", "Food:Groceries", "9.80"]) == 0)
        try expectSameAsTheCommandLine(changed: "2026.tally")
    }

    /// The rule is in `rules.tally`; its occurrence is a 2026 entry.
    @Test func aRecordedOccurrenceGoesToTheYearFileAsTallyRecord() throws {
        defer { remove() }
        let answer = serve.post("/record", [("rule", "rent"), ("date", "2026-02-01")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        #expect(cli(["record", twin.url.appendingPathComponent("main.tally").path, "rent", "--date", "2026-02-01"]) == 0)
        try expectSameAsTheCommandLine(changed: "2026.tally")
    }

    @Test func anImportGoesToTheWalletsLatestFileAsTallyImport() throws {
        defer { remove() }
        let statement = "date,amount,payee\n2026-02-03,-12.00,Bakery\n"
        let preview = serve.postMultipart("/import/preview", [("wallet", "")], files: [("upload", "feb.csv", statement)]).text
        #expect(preview.contains("2026.tally"), "\(preview)")
        let id = try #require(preview.range(of: "name=\"upload\" value=\"").map { String(preview[$0.upperBound...].prefix { $0 != "\"" }) })
        let answer = serve.post("/import", [("upload", id), ("wallet", "")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        let csv = try twin.write(statement, to: "feb.csv")
        #expect(cli(["import", twin.url.appendingPathComponent("main.tally").path, csv]) == 0)
        try expectSameAsTheCommandLine(changed: "2026.tally")
    }

    /// `fill` goes to the year file, where `tally add` writes, and the budget checks.
    @Test func aFillGoesToTheYearFile() throws {
        defer { remove() }
        let answer = serve.post("/assign", [("envelope", "Groceries"), ("amount", "250.00"), ("date", "2026-02-01")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        let year = try served.read("2026.tally")
        #expect(year == Self.files[2].1 + "2026-02-01 fill Groceries  250.00\n", "\(year)")
        #expect(try served.read("main.tally") == Self.files[0].1)
        #expect(cli(["check", served.url.appendingPathComponent("main.tally").path]) == 0)
    }

    /// Served from two `-f` files: every page says why it cannot write and draws no form;
    /// a form sent anyway is refused and writes nothing.
    @Test func severalFilesAreShownReadOnlyWithTheReason() throws {
        defer { remove() }
        let root = served.url.appendingPathComponent("main.tally").path
        let other = try served.write("2026-02-08 \"Kiosk\" Checking Food:Groceries -3.00\n", to: "extra.tally")
        let serve = ServeTestApp(files: [root, other], today: "2026-02-10")
        for page in ["/", "/register", "/envelopes", "/due", "/import"] {
            let text = serve.get(page).text
            #expect(text.contains("opened from several separate files, so there is no one file to write to"), "\(page)")
            // In a person's words: no command-line flag or command.
            #expect(!text.contains("with -f") && !text.contains("tally add"), "\(page)")
            #expect(!text.contains("method=\"post\""), "\(page)")
        }
        let before = try served.read("main.tally")
        let answer = serve.post("/assign", [("envelope", "Groceries"), ("amount", "250.00"), ("date", "2026-02-01")])
        #expect(answer.status == .conflict)
        #expect(try served.read("main.tally") == before)
    }
}
