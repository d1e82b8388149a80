import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import XCTest

/// `tally convert` on hledger periodic transactions (`~`): budget goals become envelopes
/// (and the envelopes `tally export --to hledger` writes come back the same), recurring
/// transactions become `every` rules where hledger generates exactly the dates Tally's
/// rule has (checked against `hledger print --forecast`), and every other periodic
/// transaction is listed with why (fixtures in `Fixtures/interop/periodic`).
final class ConvertPeriodicTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("periodic")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
    private func fixture(_ name: String) -> String { TestSupport.path("Tests/TallyCLITests/Fixtures/interop/periodic/" + name) }

    /// The budget's lines with runs of spaces as one (the formatter aligns columns).
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    }

    /// Each goal form and each recurring form of the fixture, converted or listed.
    func testGoalsBecomeEnvelopesRecurringTransactionsRulesAndTheRestIsListed() throws {
        let journal = fixture("mixed.journal")
        let r = try TallyBinary.run(["convert", journal])
        XCTAssertEqual(r.status, 0, r.stderr)
        let budget = lines(r.stdout)
        for expected in [
            // `envelope NAME` from the description; hledger's `from` is the envelope's.
            "envelope Food 400.00 monthly for food:groceries from 2026-01-01",
            // Without a name: the category's last component.
            "envelope fun 25.00 weekly for fun",
            // One envelope per posting; the `Expenses` root is all spending.
            "envelope travel 1200.00 yearly for travel from 2026-01-01",
            "envelope Everything 2500.00 yearly for * from 2026-01-01",
            // Expenses against one wallet, as hledger's budgeting examples write goals:
            // without a start, or several categories (hledger's `--budget` reads them so).
            "envelope rent 700.00 monthly for rent",
            "envelope rent-2 700.00 monthly for rent from 2026-01-01",
            "envelope home 50.00 monthly for home from 2026-01-01",
            // hledger's `to 2026-07-01` is exclusive: the envelope's `until` is the day before.
            "envelope food 300.00 monthly for food from 2026-01-01 until 2026-06-30",
            // Its decimals count for the currency (`currency EUR decimals 3`).
            "envelope Books 12.345 monthly for books",
            // `rule:` names the rule; the wallet's signed amount, as a transaction has it.
            "every month on 1 from 2026-01-01 as rent \"Landlord\" checking rent -700.00",
            // hledger's `to 2026-06-16` is exclusive: Tally's `until` is the day before.
            // Without `rule:`, the payee names the rule.
            "every month on 15 from 2026-01-15 until 2026-06-15 as Gym \"Gym\" checking sport -30.00"
        ] {
            XCTAssertTrue(budget.contains { $0 == expected || $0.hasPrefix(expected + " ") }, "missing `\(expected)` in\n\(r.stdout)")
        }
        XCTAssertEqual(budget.filter { $0.hasPrefix("envelope ") || $0.hasPrefix("every ") }.count, 11, r.stdout)
        let listed = r.stderr.split(separator: "\n").filter { $0.contains(": not converted: ") }
        XCTAssertEqual(listed.map { Int($0.split(separator: ":")[1]) ?? 0 }, [21, 40, 44, 53, 61, 65], r.stderr)
        for (line, reason) in [
            (21, "over `daily` (a budget goal: Tally's shortest envelope period is a week)"),
            // hledger itself refuses a fortnight that starts on a Wednesday.
            (40, "over `every 2 weeks from 2026-01-07`, which hledger refuses (`from` is not the first day of a week, a Monday)"),
            (44, "over `every 2nd thursday of month from 2026-01-01`, on the Nth weekday of a month, which Tally's `every` has no words for"),
            (53, "mixing virtual and real postings"),
            (61, "with a balance assertion"),
            (65, "with a budget goal in another commodity than the budget's currency (`USD`)")
        ] {
            XCTAssertTrue(r.stderr.contains("mixed.journal:\(line): not converted: a periodic transaction \(reason)"), "line \(line):\n\(r.stderr)")
        }
        // The budget passes the check (the rules' unrecorded occurrences are warnings).
        let budgetFile = file("mixed.tally")
        XCTAssertEqual(try TallyBinary.run(["convert", "-o", budgetFile, journal]).status, 0)
        let check = try TallyBinary.run(["check", budgetFile])
        XCTAssertFalse(check.stdout.contains("error["), check.stdout)
        XCTAssertTrue(budget.contains("currency EUR decimals 3"), r.stdout)
    }

    /// Every envelope the export writes as a hledger goal (a planned amount, a calendar
    /// period, one category or `for *`, its `in` list as `in:` tags) comes back from
    /// `tally convert` with the same name, amount, period, categories and `in` list;
    /// exported again, they are the same
    /// goals, word for word. (hledger's `balance --budget` also counts recurring
    /// transactions as goals, and not all of those convert back, so its report is not
    /// compared whole.)
    func testARecurringTransactionOnTheBareExpensesRootIsListed() throws {
        // Found by the journals fuzz target: `expense` alone is no category (a goal on it
        // is `for *`), and converting it as a rule's category crashed.
        let journal = try XCTUnwrap(Optional(file("root.journal")))
        try Data(
            """
            2026-01-01 opening
                assets:checking   100.00 EUR
                equity:opening

            ~ monthly from 2026-02-01  Landlord
                expense            30.00 EUR
                assets:checking

            """.utf8
        ).write(to: URL(fileURLWithPath: journal))
        let result = try JournalConverter.convert(paths: [journal], readFile: { try String(contentsOfFile: $0, encoding: .utf8) })
        XCTAssertEqual(
            result.leftOut.map { "\($0.source.line): \($0.reason)" },
            ["5: a periodic transaction with a posting to `expense`, which no category stands for"])
        XCTAssertFalse(result.budget.contains("every"), result.budget)
    }

    func testExportedEnvelopesConvertBackTheSame() throws {
        var compared = 0
        for example in ["household", "multi-currency", "student"] {
            let budget = TestSupport.path("examples/\(example).tally")
            let first = file("\(example)-1.journal")
            XCTAssertEqual(try TallyBinary.run(["export", "--to", "hledger", "-o", first, budget]).status, 0)
            let converted = file("\(example).tally")
            let r = try TallyBinary.run(["convert", "-o", converted, first])
            XCTAssertEqual(r.status, 0, r.stderr)
            let today = CivilDate(iso: "2026-11-22")!
            let original = Interpreter.run(try BudgetLoader().load(budget), today: today).model
            let back = Interpreter.run(try BudgetLoader().load(converted), today: today).model
            func goals(_ model: BudgetModel, exportedOnly: Bool) -> [String] {
                model.envelopes.compactMap { e -> String? in
                    guard let planned = e.planned, e.coversAll || e.categories.count == 1 else { return exportedOnly ? nil : e.name }
                    if case .range = e.period { return exportedOnly ? nil : e.name }
                    // An `in` list comes back from the goal's `in:` tags.
                    let wallets = e.wallets.isEmpty ? "" : " in " + e.wallets.map { model.wallets[$0].name }.joined(separator: ",")
                    return "\(e.name) \(planned.formatted(scale: 2)) \(e.period) \(e.coversAll ? "*" : e.categories.joined(separator: ","))" + wallets
                }.sorted()
            }
            let expected = goals(original, exportedOnly: true)
            XCTAssertEqual(goals(back, exportedOnly: false), expected, example)
            compared += expected.count
            let second = file("\(example)-2.journal")
            XCTAssertEqual(try TallyBinary.run(["export", "--to", "hledger", "-o", second, converted]).status, 0)
            func goalBlocks(_ path: String) throws -> [String] {
                try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n\n").filter { $0.hasPrefix("~ ") && $0.contains("  envelope ") }
            }
            XCTAssertEqual(try goalBlocks(first).count, expected.count, example)
            XCTAssertEqual(try goalBlocks(second), try goalBlocks(first), example)
        }
        // household: Groceries, Mobility, Ben-lunch (in Ben-cash), Everything;
        // multi-currency: Groceries (in Konto); student: Monthly-cap, Food-week.
        XCTAssertEqual(compared, 7)
    }

    /// For each recurring form converted, hledger's forecast (`hledger print --forecast`)
    /// has exactly the dates of the converted rule (`tally forecast`), month ends, a
    /// leap year and exclusive `to` included.
    func testConvertedRulesHaveHledgersForecastDates() throws {
        let hledger = try ExternalTool.require("hledger")
        let journal = fixture("forecast.journal")
        let budget = file("forecast.tally")
        let r = try TallyBinary.run(["convert", "--strict", "-o", budget, journal])
        XCTAssertEqual(r.status, 0, r.stderr)
        let today = ["TALLY_TODAY": "2026-01-01"]
        let tally = try TallyBinary.run(["forecast", budget, "--until", "2028-12-31", "--format", "json"], environment: today)
        XCTAssertEqual(tally.status, 0, tally.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tally.stdout.utf8)) as? [String: Any])
        var expected: [String: [String]] = [:]
        for event in json["events"] as? [[String: Any]] ?? [] {
            guard let rule = event["rule"] as? String, let date = event["date"] as? String else { continue }
            expected[rule, default: []].append(date)
        }
        let forecast = try hledger.run(["-f", journal, "print", "--forecast=2026-01-01..2029-01-01"])
        XCTAssertEqual(forecast.status, 0, forecast.output)
        var got: [String: [String]] = [:]
        var date = ""
        for line in forecast.stdout.split(separator: "\n") {
            if line.first?.isNumber == true { date = String(line.prefix(10)) }
            if line.hasPrefix("    ; rule: ") { got[String(line.dropFirst("    ; rule: ".count)), default: []].append(date) }
        }
        XCTAssertEqual(
            Set(got.keys),
            [
                "rent", "club", "phone", "gym", "salary", "insurance", "cleaner", "windows", "babysitter", "water", "gas", "bakery", "parking",
                "market", "advisor", "chimney", "subscription", "bonus", "reserve", "allowance", "loan", "plan", "choir", "pocket", "birthday",
                "cartax"
            ])
        XCTAssertEqual(Set(expected.keys), Set(got.keys))
        for (rule, dates) in got { XCTAssertEqual(dates, expected[rule], rule) }
        // `to` is exclusive in hledger: the gym's last is 2026-05-15, the club's 2026-08-01.
        XCTAssertEqual(got["gym"]?.last, "2026-05-15")
        XCTAssertEqual(got["club"]?.last, "2026-08-01")
        // Month ends: the 31st is 28 February and back to 31 March; the 29th is 29
        // February in 2028; the 30th from 2026-02-01 starts on 30 January (hledger 1.25).
        XCTAssertEqual(got["reserve"]?.prefix(3), ["2026-01-31", "2026-02-28", "2026-03-31"])
        XCTAssertEqual(got["loan"]?.suffix(3), ["2028-01-29", "2028-02-29", "2028-03-29"])
        XCTAssertEqual(got["allowance"]?.first, "2026-01-30")
        XCTAssertEqual(got["pocket"]?.first, "2026-01-02")
        XCTAssertEqual(got["birthday"], ["2026-11-29", "2027-11-29", "2028-11-29"])
    }
}
