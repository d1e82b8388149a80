import Foundation
import TallyTestSupport
import Testing

/// `tally import` of CSV layouts that say more than a signed amount under a header, each
/// written from the bank's public description of its export (`Fixtures/import-csv/`):
/// a sign column (ING Netherlands `Af Bij`, Knab `CreditDebet`), a status column
/// (Sparkasse `Info`, Revolut `State`), a file without a header read by positions
/// (easybank) and a preamble, section titles and a totals line (Charles Schwab). Each is
/// imported into a copy of `budget.tally` and compared with its golden result.
@Suite struct CSVLayoutImportTests {
    static let fixtures = TestSupport.path("Tests/TallyCLITests/Fixtures/import-csv")

    /// A copy of the fixtures, in a folder of its own.
    final class Copy {
        let folder: TemporaryFolder
        init() throws {
            folder = try TemporaryFolder("import-csv")
            for name in try FileManager.default.contentsOfDirectory(atPath: CSVLayoutImportTests.fixtures) where !name.hasSuffix(".expected") {
                try FileManager.default.copyItem(atPath: CSVLayoutImportTests.fixtures + "/" + name, toPath: folder.path(name))
            }
        }
        deinit { folder.remove() }

        func write(_ text: String, to name: String) throws { _ = try folder.write(text, to: name) }

        /// `tally import` with the paths of this folder, which messages show without it.
        func tally(_ arguments: [String]) -> TallyBinary.Result {
            let result = TallyInProcess.run(["import"] + arguments.map { $0.hasSuffix(".csv") || $0.hasSuffix(".tally") ? folder.path($0) : $0 } + ["--today", "2026-04-01"])
            let prefix = folder.path + "/"
            return TallyBinary.Result(
                stdout: result.stdout.replacingOccurrences(of: prefix, with: ""), stderr: result.stderr.replacingOccurrences(of: prefix, with: ""), status: result.status)
        }

        /// What the imports appended to the budget.
        func appended() throws -> String {
            let before = try String(contentsOfFile: CSVLayoutImportTests.fixtures + "/budget.tally", encoding: .utf8)
            let after = try folder.read("budget.tally")
            #expect(after.hasPrefix(before), "the budget's existing bytes changed")
            return String(after.dropFirst(before.count))
        }

        func check() -> TallyBinary.Result { TallyInProcess.run(["check", folder.path("budget.tally"), "--today", "2026-04-01"]) }
    }

    @Test(arguments: [
        ("nl-ing-afbij.csv", "Betaal"), ("nl-knab-dc.csv", "Knab"), ("de-sparkasse-vorgemerkt.csv", "Giro"),
        ("revolut-states.csv", "Revolut"), ("revolut-fee.csv", "Revolut"), ("at-easybank-noheader.csv", "Easy"),
        ("us-schwab-preamble.csv", "Checking")
    ])
    func eachLayoutImportsAsItsGoldenResultSays(statement: String, wallet: String) throws {
        let copy = try Copy()
        let result = copy.tally(["budget.tally", statement, "--wallet", wallet])
        let check = copy.check()
        #expect(!check.stdout.contains("error"), "\(statement): the budget has errors after the import:\n\(check.stdout)")
        let actual =
            "$ tally import budget.tally \(statement) --wallet \(wallet)\n"
            + "--- exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)--- appended to budget.tally\n\(try copy.appended())"
        if let problem = TestSupport.compareGolden(actual, path: Self.fixtures + "/" + statement + ".expected") { Issue.record(Comment(rawValue: problem)) }
    }

    /// Money out under an unsigned amount: ING's `Af` and Knab's `D` rows are negative,
    /// `Bij` and `C` positive (the goldens show each; this says it without them).
    @Test func theSignColumnDecidesTheDirection() throws {
        let copy = try Copy()
        #expect(copy.tally(["budget.tally", "nl-ing-afbij.csv", "--wallet", "Betaal"]).status == 0)
        #expect(copy.tally(["budget.tally", "nl-knab-dc.csv", "--wallet", "Knab"]).status == 0)
        // Spacing squeezed: the layout is the formatter's.
        let text = try copy.appended().split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for line in ["Betaal -1249.99", "Betaal +15.00", "Food:Groceries -41.20", "Knab +250.00", "-750.00"] {
            #expect(text.contains(line), "«\(line)» in:\n\(text)")
        }
    }

    /// Revolut's `Fee` column: the account moved by the amount less the fee, so each fee
    /// is a movement of its own after its row and the running balance holds: 100.00
    /// opening + 300.00 − 100.00 − 2.00 − 24.99 − 0.35 − 13.99 (the plan fee, whose amount
    /// is 0.00 and so is no movement) − 12.40 = 246.27, the statement's last balance.
    /// Imported again, every movement, fees included, is already there.
    @Test func aFeeIsAMovementOfItsOwnAndTheBalanceHolds() throws {
        let copy = try Copy()
        let first = copy.tally(["budget.tally", "revolut-fee.csv", "--wallet", "Revolut"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let text = try copy.appended()
        for line in ["\"Cash at Euronet Lisboa\" \"fee\"", "-2.00", "\"Amazon.de\" \"fee\"", "-0.35", "\"Metal plan fee\" \"fee\"", "-13.99", "assert Revolut  246.27"] {
            #expect(text.contains(line), "«\(line)» in:\n\(text)")
        }
        #expect(!text.contains(" 0.00\n"), "a zero movement was written:\n\(text)")
        let again = copy.tally(["budget.tally", "revolut-fee.csv", "--wallet", "Revolut"])
        #expect(again.stdout.contains("added            0") && again.stdout.contains("already present  7"), "\(again.stdout)")
    }

    /// A row whose direction column says neither way is refused, with its line and the
    /// reason on standard error, and the import writes nothing (exit 1); `--dry-run` lists
    /// the same; `--skip-refused` writes the others, still exiting 1.
    @Test func aRowWhoseDirectionIsUnknownIsRefusedNotGuessed() throws {
        let copy = try Copy()
        let knab = try String(contentsOfFile: Self.fixtures + "/nl-knab-dc.csv", encoding: .utf8)
        try copy.write(knab.replacingOccurrences(of: "\"EUR\";\"C\";\"250,00\"", with: "\"EUR\";\"?\";\"250,00\""), to: "nl-knab-dc.csv")
        let refusal = "refused  nl-knab-dc.csv:4: `?` in column `CreditDebet` is not a direction Tally knows"
        let result = copy.tally(["budget.tally", "nl-knab-dc.csv", "--wallet", "Knab"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("refused          1"))
        #expect(result.stderr.contains(refusal) && !result.stdout.contains(refusal), "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("Nothing written: 1 refused; --skip-refused writes the others."))
        #expect(try copy.appended().isEmpty)
        let dry = copy.tally(["budget.tally", "nl-knab-dc.csv", "--wallet", "Knab", "--dry-run"])
        #expect(dry.status == 1 && dry.stderr.contains(refusal) && dry.stdout.contains("-750.00"), "\(dry.stdout)\(dry.stderr)")
        #expect(try copy.appended().isEmpty)
        let rest = copy.tally(["budget.tally", "nl-knab-dc.csv", "--wallet", "Knab", "--skip-refused"])
        #expect(rest.status == 1 && rest.stderr.contains(refusal))
        let text = try copy.appended()
        #expect(!text.contains("250.00"))
        #expect(text.contains("-41.20") && text.contains("-12.99") && text.contains("-750.00"))
    }

    /// Sparkasse lists a movement as `Umsatz vorgemerkt` until it is booked; the April file
    /// lists it again, booked. Imported in turn, March adds its 2 booked rows (pending: 2),
    /// April adds EDEKA -32.10 and the April Stadtwerke -75.00 and finds ACME's salary
    /// present: EDEKA is in the budget once.
    @Test func aPendingRowThenItsBookedRowAddsOneMovement() throws {
        let copy = try Copy()
        let march = copy.tally(["budget.tally", "de-sparkasse-vorgemerkt.csv", "--wallet", "Giro"])
        #expect(march.status == 0)
        #expect(march.stdout.contains("added            2"))
        #expect(march.stdout.contains("not booked       2"))
        #expect(!(try copy.appended()).contains("EDEKA"))
        let april = copy.tally(["budget.tally", "de-sparkasse-gebucht.csv", "--wallet", "Giro"])
        #expect(april.status == 0)
        #expect(april.stdout.contains("added            2"), "\(april.stdout)")
        #expect(april.stdout.contains("already present  1"))
        let text = try copy.appended()
        #expect(text.components(separatedBy: "\"EDEKA Center\"").count - 1 == 1)
        #expect(text.components(separatedBy: "\"Strom Abschlag April\"").count - 1 == 1)
        let again = copy.tally(["budget.tally", "de-sparkasse-gebucht.csv", "--wallet", "Giro"])
        #expect(again.stdout.contains("added            0"))
    }

    /// Amounts finer than the currency: `-30.000` is written `-30.00`. `115.8331` USD
    /// rounds to 115.83, which the file's closing balance `1939.370` contradicts (2000.00 −
    /// 54.10 spent in February − 30.00 + 115.83 + 23.47 = 2055.20): nothing is written.
    /// Without a closing balance nothing checks a rounding: the row is refused, and
    /// `--skip-refused` writes the others, unasserted; a later closing balance `1938.370`
    /// is asserted as 1938.37 (1939.37 − 1.00).
    @Test func amountsAreWrittenWithTheCurrencysDecimals() throws {
        let copy = try Copy()
        let rows = "Date,Payee,Amount,Balance\n2026-03-02,Parking,-30.000,1915.900\n2026-03-03,FX Broker,115.8331,\n2026-03-04,Refund,23.470,"
        try copy.write(rows + "1939.370\n", to: "fine.csv")
        let contradicted = copy.tally(["budget.tally", "fine.csv", "--wallet", "Checking"])
        #expect(contradicted.status == 1)
        #expect(contradicted.stderr.contains("the budget would hold 2055.20 (+115.83 in the budget); nothing written"), "\(contradicted.stderr)")
        #expect(try copy.appended().isEmpty)
        try copy.write(rows + "\n", to: "fine.csv")
        let result = copy.tally(["budget.tally", "fine.csv", "--wallet", "Checking", "--skip-refused"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused  fine.csv:3 2026-03-03 115.8331 \"FX Broker\": the amount 115.8331 has more decimals than USD has (2)"), "\(result.stderr)")
        let text = try copy.appended()
        #expect(text.contains("-30.00\n") && !text.contains("-30.000"))
        #expect(text.contains("+23.47\n"))
        #expect(!text.contains("assert"))
        try copy.write("Date,Payee,Amount,Balance\n2026-03-05,Shop,-1.000,1938.370\n", to: "closing.csv")
        let closing = copy.tally(["budget.tally", "closing.csv", "--wallet", "Checking"])
        #expect(closing.status == 0, "\(closing.stdout)\(closing.stderr)")
        #expect(try copy.appended().contains("2026-03-05 assert Checking  1938.37"))
    }
}

/// `tally check` names the likeliest categories with I0601 in every output format, as the
/// editor's quick fix offers them (Grammar.md §7.3).
@Suite struct NeedsCategoryLikelyTests {
    @Test(arguments: ["text", "json", "github", "sarif"])
    func everyFormatNamesTheLikeliestCategories(format: String) {
        let result = TallyInProcess.run(["check", "examples/errors/I0601-needs-category.tally", "--format", format, "--today", "2026-04-01"])
        #expect(result.stdout.contains("this transaction needs a category; likely Food, Fun"), "\(result.stdout)")
    }
}
