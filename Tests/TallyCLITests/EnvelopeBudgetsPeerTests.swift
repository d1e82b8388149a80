import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Budgets both ways (issue 36): a two-currency household's envelopes, some limited to
/// wallets with `in`, exported to hledger as periodic transactions that `hledger balance
/// --budget -M` reads with Tally's figures for every month, and to beancount as Fava's
/// `custom "budget"` entries that bean-check accepts and beancount's loader reads; each
/// export converted back gives the same envelope lines, `in` included (kept as `in:`
/// tags and metadata, which the peers have no words for). Export and convert run in
/// process; the peers' programs are needed (each test skipped without its own, a
/// failure under CI).
@Suite struct EnvelopeBudgetsPeerTests {
    static var underCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Euros in Checking and Cash, złoty in Zloty at 0.25 EUR (one rate, so that hledger's
    /// `-X EUR` at each month's end and Tally's rate of the day agree).
    static let envelopes = [
        "envelope Food 300.00 monthly for Food in Checking, Cash from 2026-01-01",
        "envelope Rent 800.00 monthly for Rent from 2026-01-01",
        "envelope Fun 100.00 monthly for Fun in Zloty from 2026-01-01"
    ]
    static let budget = """
        currency EUR
        currency PLN
        wallet Checking  bank  opening 2000.00 on 2026-01-01
        wallet Cash      cash  opening 100.00 on 2026-01-01
        wallet Zloty     bank  currency PLN  opening 4000.00 PLN on 2026-01-01
        income Salary
        expense Food, Rent, Fun
        \(envelopes.joined(separator: "\n"))
        2026-01-01 rate PLN 0.25 EUR
        2026-01-02 "ACME" Checking Salary +2500.00
        2026-01-03 "Landlord" Checking Rent -800.00
        2026-01-05 "Rewe" Checking Food -120.00
        2026-01-09 "Market" Cash Food -30.00
        2026-01-10 "Kino" Zloty Fun -200.00
        2026-02-02 "ACME" Checking Salary +2500.00
        2026-02-03 "Landlord" Checking Rent -800.00
        2026-02-07 "Rewe" Checking Food -310.00
        2026-02-14 "Bar" Zloty Fun -360.00
        2026-03-03 "Landlord" Zloty Rent -3200.00
        2026-03-06 "Rewe" Checking Food -95.50

        """

    /// Tally's figures by hand, per envelope and month: planned and spent in EUR.
    /// Food: 120.00 + 30.00 = 150.00; 310.00; 95.50.   Rent: 800.00; 800.00; 3200 PLN × 0.25 = 800.00.
    /// Fun: 200 PLN × 0.25 = 50.00; 360 PLN × 0.25 = 90.00; nothing in March.
    static let byHand: [String: [(planned: String, spent: String)]] = [
        "Food": [("300.00", "150.00"), ("300.00", "310.00"), ("300.00", "95.50")],
        "Rent": [("800.00", "800.00"), ("800.00", "800.00"), ("800.00", "800.00")],
        "Fun": [("100.00", "50.00"), ("100.00", "90.00"), ("100.00", "0.00")]
    ]

    /// The household's model and syntax, on 2026-03-31.
    static func loaded(in folder: TemporaryFolder) throws -> (BudgetModel, Budget) {
        let path = try folder.write(budget, to: "household.tally")
        let parsed = try BudgetLoader().load(path)
        let (model, found) = Interpreter.run(parsed, today: CivilDate(iso: "2026-03-31")!)
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        return (model, parsed)
    }

    /// The converted budget's envelope lines, runs of spaces as one.
    static func envelopeLines(_ journal: String, named name: String, in folder: TemporaryFolder) throws -> [String] {
        let path = try folder.write(journal, to: name)
        let result = try JournalConverter.convert(paths: [path], readFile: { try String(contentsOfFile: $0, encoding: .utf8) })
        return result.budget.split(separator: "\n").filter { $0.hasPrefix("envelope ") }.map { $0.split(separator: " ").joined(separator: " ") }
    }

    /// bean-check on the beancount export of `model` (clean, or an issue), then the
    /// `budget` entries beancount's loader reads from it, one line each: date, the
    /// values Fava reads (account, period, amount), and the `envelope` and `in` metadata.
    static func favaBudgets(_ model: BudgetModel, _ budget: Budget, in folder: TemporaryFolder) throws -> (journal: String, budgets: [Substring]) {
        let check = try #require(ExternalTool.find("bean-check"), "bean-check is not installed; .ci/run installs it")
        let python = try #require(ExternalTool.find("python3"), "python3 is not installed")
        let journal = JournalExporter(model: model, budget: budget, format: .beancount).export()
        let path = try folder.write(journal, to: "export.beancount")
        let checked = try check.run([path])
        #expect(checked.status == 0 && checked.stdout.isEmpty && checked.stderr.isEmpty, "\(checked.output)\n\(journal)")
        let script = """
            import sys
            from beancount import loader
            entries, errors, _ = loader.load_file(sys.argv[1])
            assert not errors, errors
            for e in entries:
                if type(e).__name__ == "Custom" and e.type == "budget":
                    print(e.date, *[str(v.value) for v in e.values], e.meta.get("envelope"), e.meta.get("in"), sep="|")
            """
        let loaded = try python.run(["-c", script, path])
        #expect(loaded.status == 0, "\(loaded.output)")
        return (journal, loaded.stdout.split(separator: "\n"))
    }

    @Test func tallysFiguresAreTheOnesStatedByHand() throws {
        let folder = try TemporaryFolder("envelope-budgets")
        defer { folder.remove() }
        let (model, _) = try Self.loaded(in: folder)
        for (e, envelope) in model.envelopes.enumerated() {
            let figures = model.envelopeHistory(e).map { ($0.planned.formatted(scale: 2), $0.spent.formatted(scale: 2)) }
            let expected = try #require(Self.byHand[envelope.name])
            #expect(figures.map(\.0) == expected.map(\.planned) && figures.map(\.1) == expected.map(\.spent), "\(envelope.name): \(figures)")
        }
    }

    @Test(.enabled(if: ExternalTool.find("hledger") != nil || underCI, "hledger is not installed"))
    func hledgersBudgetReportHasTallysFigures() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("envelope-budgets")
        defer { folder.remove() }
        let (model, budget) = try Self.loaded(in: folder)
        let journal = JournalExporter(model: model, budget: budget, format: .hledger).export()
        #expect(journal.contains("    ; in: Assets:Checking, in: Assets:Cash\n"), "\(journal)")
        let path = try folder.write(journal, to: "household.journal")
        // Spending in złoty is valued in euros at the month's end (the one rate).
        let report = try hledger.run(["-f", path, "balance", "--budget", "-M", "-X", "EUR", "-O", "csv", "expenses"])
        #expect(report.status == 0, "\(report.output)")
        // "Account","2026-01","budget","2026-02","budget","2026-03","budget"
        var rows: [String: [String]] = [:]
        for line in report.stdout.split(separator: "\n") {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            rows[cells[0]] = Array(cells.dropFirst())
        }
        for (name, months) in Self.byHand {
            let expected = months.flatMap { [$0.spent == "0.00" ? "0" : $0.spent + " EUR", $0.planned + " EUR"] }
            #expect(rows["Expenses:" + name] == expected, "\(name)\n\(report.stdout)")
        }
        // Without valuation, the goals are the same; the złoty spent stays in złoty.
        let plain = try hledger.run(["-f", path, "balance", "--budget", "-M", "-O", "csv", "expenses:fun"])
        #expect(plain.stdout.contains("\"Expenses:Fun\",\"200.00 PLN\",\"100.00 EUR\",\"360.00 PLN\",\"100.00 EUR\",\"0\",\"100.00 EUR\""), "\(plain.output)")
        #expect(!plain.stdout.contains("<unbudgeted>"), "\(plain.output)")
        // Converted back: the same envelopes, `in` read from the `in:` tags.
        #expect(try Self.envelopeLines(journal, named: "back.journal", in: folder) == Self.envelopes)
    }

    @Test(.enabled(if: ExternalTool.find("bean-check") != nil || underCI, "bean-check is not installed"))
    func favasBudgetsParseAndComeBack() throws {
        let folder = try TemporaryFolder("envelope-budgets")
        defer { folder.remove() }
        let (model, budget) = try Self.loaded(in: folder)
        let (journal, budgets) = try Self.favaBudgets(model, budget, in: folder)
        // Each envelope a `budget` entry Fava reads, its name and `in` in the metadata.
        #expect(
            budgets == [
                "2026-01-01|Expenses:Food|monthly|300.00 EUR|Food|Assets:Checking, Assets:Cash",
                "2026-01-01|Expenses:Rent|monthly|800.00 EUR|Rent|None",
                "2026-01-01|Expenses:Fun|monthly|100.00 EUR|Fun|Assets:Zloty"
            ], "\(journal)")
        #expect(try Self.envelopeLines(journal, named: "back.beancount", in: folder) == Self.envelopes)
    }

    /// A budget that changes (Grammar.md §3.4: one envelope `until` the change, one
    /// `from` it): Fava keeps the latest budget per account, so the first is ended by a
    /// zero budget the day after its last period, and convert reads that back as `until`.
    @Test(.enabled(if: ExternalTool.find("bean-check") != nil || underCI, "bean-check is not installed"))
    func aBudgetThatChangesEndsInFava() throws {
        let folder = try TemporaryFolder("envelope-budgets")
        defer { folder.remove() }
        let envelopes = [
            "envelope Food-old 150.00 monthly for Food from 2026-01-01 until 2026-01-31",
            "envelope Food 200.00 monthly for Food from 2026-02-01"
        ]
        let text = """
            currency EUR
            wallet Checking  bank  opening 1000.00 on 2026-01-01
            expense Food
            \(envelopes.joined(separator: "\n"))
            2026-01-05 "Rewe" Checking Food -40.00
            2026-02-05 "Rewe" Checking Food -60.00

            """
        let path = try folder.write(text, to: "change.tally")
        let parsed = try BudgetLoader().load(path)
        let model = Interpreter.run(parsed, today: CivilDate(iso: "2026-02-28")!).model
        let (journal, budgets) = try Self.favaBudgets(model, parsed, in: folder)
        // Fava's budget for Food: 150.00 in January; from 1 February the zero and then
        // the 200.00 (the later entry of the day, as Fava reads them in file order).
        #expect(
            budgets == [
                "2026-01-01|Expenses:Food|monthly|150.00 EUR|Food-old|None", "2026-02-01|Expenses:Food|monthly|0.00 EUR|Food-old|None",
                "2026-02-01|Expenses:Food|monthly|200.00 EUR|Food|None"
            ], "\(journal)")
        #expect(try Self.envelopeLines(journal, named: "back.beancount", in: folder) == envelopes)
    }
}
