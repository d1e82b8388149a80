import Foundation
import TallyCLI
import TallyTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML page shows the figures the JSON reports print: `tally report --format json`
/// (totals, categories, envelopes; `--months N` for the bars), and for what that report
/// does not hold, `insights` (category shares), `goals` and `balance` at the page's day.
/// Every page and report is made in-process, for every example budget and a budget with
/// a refund-only category, for months before, during and after the budget's entries.
/// The page's figures are read from its tables and summary, the text equivalents its
/// charts have for screen readers.
@Suite struct HTMLFigureTests {
    static let today = "2026-11-22"
    static let budgets = [
        "examples/household.tally", "examples/student.tally", "examples/multi-currency.tally",
        "Tests/TallyCLITests/Fixtures/html/refund-only.tally"
    ]
    static let months = ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"]
    static let history = 6

    /// Runs `tally` in-process with today pinned; returns standard output.
    static func run(_ arguments: [String]) throws -> String {
        let console = Console.capturing(environment: ["TALLY_TODAY": today])
        let status = TallyTool.run(arguments, console: console)
        try #require(status == 0, "tally \(arguments.joined(separator: " ")): \(console.capturedErr)")
        return console.capturedOut
    }

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let text = try run(arguments + ["--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// An amount as text, compared by value: the page may write more decimals than the
    /// currency has when the amount has them, and adds the currency's code.
    static func value(_ text: String?) -> Decimal? {
        guard let text else { return nil }
        let number = text.split(separator: " ").first.map(String.init) ?? ""
        return Decimal(string: number)
    }

    @Test(arguments: budgets)
    func pageFiguresEqualTheJSONReports(budget: String) throws {
        let path = TestSupport.path(budget)
        for month in Self.months {
            let page = try Page(try Self.run(["report", path, "--format", "html", "--month", month, "--months", "\(Self.history)"]))
            let report = try Self.json(["report", path, "--depth", "1", "--month", month])
            let context = "\(budget) \(month)"

            // The summary.
            for (name, key) in [("Income", "income"), ("Expense", "expense"), ("Net", "net")] {
                #expect(Self.value(page.summary[name]) == Self.value(report[key] as? String), "\(context): \(name)")
            }

            // Spending by category: every expense category that spent or got refunds,
            // shares as insights gives them, and the donut's total is the summary's.
            let categories = try #require(report["categories"] as? [[String: Any]])
            var expected: [String: Decimal] = [:]
            for category in categories where category["type"] as? String == "expense" {
                if let current = Self.value(category["current"] as? String), current != 0 { expected[category["name"] as! String] = current }
            }
            let spending = page.rows("spending")
            #expect(Dictionary(uniqueKeysWithValues: spending.map { ($0[0], Self.value($0[1])!) }) == expected, "\(context): spending")
            let insights = try Self.json(["insights", path, "--depth", "1", "-p", month])
            var shares: [String: String] = [:]
            for item in try #require(insights["expenseByCategory"] as? [[String: Any]]) {
                shares[item["name"] as! String] = "\(item["percent"] as! String) %"
            }
            #expect(Dictionary(uniqueKeysWithValues: spending.filter { !$0[2].isEmpty }.map { ($0[0], $0[2]) }) == shares, "\(context): shares")
            #expect(Set(spending.filter { $0[2].isEmpty }.map { $0[0] }) == Set(expected.filter { $0.value < 0 }.keys), "\(context): refunds")
            #expect(page.donutTotal == page.summary["Expense"]?.split(separator: " ").prefix(2).joined(separator: " "), "\(context): donut total")
            #expect(spending.reduce(Decimal(0)) { $0 + Self.value($1[1])! } == Self.value(page.summary["Expense"]), "\(context): spending adds up")

            // Income and expense per month, newest first on the page.
            let series = try Self.json(["report", path, "--months", "\(Self.history)", "--month", month])
            let rows = try #require(series["months"] as? [[String: Any]])
            func figures(_ cells: [String?]) -> [String] { cells.map { Self.value($0).map { "\($0)" } ?? "" } }
            let pageMonths: [[String]] = page.rows("income-expense").map { row in [row[0]] + figures(Array(row.dropFirst())) }
            let jsonMonths: [[String]] = rows.reversed().map { row in
                [row["month"] as? String ?? ""] + figures(["income", "expense", "net"].map { row[$0] as? String })
            }
            #expect(pageMonths == jsonMonths, "\(context): months")

            // Envelopes, as the report's JSON has them.
            let envelopes = try #require(report["envelopes"] as? [[String: Any]])
            #expect(page.rows("envelopes").map { $0[0] } == envelopes.map { $0["name"] as! String }, "\(context): envelopes")
            for (row, envelope) in zip(page.rows("envelopes"), envelopes) {
                let holds = ["carriedIn", "planned", "filled", "moved"].reduce(Decimal(0)) { $0 + Self.value(envelope[$1] as? String)! }
                #expect(Self.value(row[1]) == holds, "\(context): \(row[0]) holds")
                #expect(Self.value(row[2]) == Self.value(envelope["spent"] as? String), "\(context): \(row[0]) spent")
                #expect(Self.value(row[3]) == Self.value(envelope["available"] as? String), "\(context): \(row[0]) available")
                #expect(row[4] == ((envelope["percentUsed"] as? String).map { "\($0) %" } ?? ""), "\(context): \(row[0]) used")
            }

            // Goals, as `tally goals` has them on the page's day.
            let day = try #require(page.day)
            let goals = try #require(try Self.json(["goals", path, "--at", day])["goals"] as? [[String: Any]])
            #expect(page.rows("goals").map { $0[0] } == goals.map { $0["name"] as! String }, "\(context): goals")
            for (row, goal) in zip(page.rows("goals"), goals) {
                #expect(Self.value(row[1]) == Self.value(goal["saved"] as? String), "\(context): \(row[0]) saved")
                #expect(Self.value(row[2]) == Self.value(goal["target"] as? String), "\(context): \(row[0]) target")
                #expect(row[3] == ((goal["percent"] as? String).map { "\($0) %" } ?? ""), "\(context): \(row[0]) progress")
                #expect(row[4] == goal["state"] as? String, "\(context): \(row[0]) state")
            }

            // The largest expenses: each a transaction of the register's, its spending
            // (expense lines, refunds taken off) as the register has it; none larger in
            // the default currency left out.
            let register = try #require(try Self.json(["register", path, "-p", month])["rows"] as? [[String: Any]])
            var spent: [String: (amount: Decimal, currency: String, categories: Set<String>)] = [:]
            for line in register where line["type"] as? String == "expense" {
                let key = "\(line["date"] as! String) \(line["wallet"] as! String) \(line["payee"] as? String ?? "—")"
                var group = spent[key] ?? (0, line["currency"] as! String, [])
                group.amount -= Self.value(line["amount"] as? String)!
                group.categories.insert(line["category"] as! String)
                spent[key] = group
            }
            let largest = page.rows("largest")
            #expect(largest.count == min(5, spent.values.filter { $0.amount > 0 }.count), "\(context): largest")
            for row in largest {
                let matches = spent.filter { $0.key.hasPrefix(row[0] + " ") && $0.key.hasSuffix(" " + row[1]) }.values
                let amount = try #require(Self.value(row[3]))
                #expect(
                    matches.contains { $0.amount == amount && $0.categories.isSubset(of: Set(row[2].components(separatedBy: ", "))) },
                    "\(context): largest \(row)")
            }
            // Amounts in another currency carry its code on the page, and rank by their
            // value in the default currency; among the rest, the page's are the largest.
            let currency = report["currency"] as? String ?? ""
            let inDefault = largest.filter { !$0[3].contains(" ") }.compactMap { Self.value($0[3]) }
            if largest.count == 5, let smallest = inDefault.min() {
                let larger = spent.values.filter { $0.currency == currency && $0.amount > smallest }.map(\.amount)
                #expect(larger.count == inDefault.filter { $0 > smallest }.count, "\(context): a larger expense is left out")
            }

            // The total balance at the end of each month, as `tally balance` has it.
            let balances = page.rows("balance")
            #expect(balances.count == Self.history, "\(context): balances")
            for row in balances {
                let sheet = try Self.json(["balance", path, "--at", row[0]])
                #expect(Self.value(row[1]) == Self.value(sheet["total"] as? String), "\(context): balance on \(row[0])")
            }
        }
    }

    /// A category with only refunds has negative spending: listed in the table with no
    /// share, named under the donut (which cannot draw a negative share), and taken off
    /// the total the donut and the summary both show.
    @Test func aRefundOnlyCategoryIsListedNamedAndTakenOff() throws {
        let page = try Page(try Self.run(["report", TestSupport.path(Self.budgets[3]), "--format", "html", "--month", "2026-11"]))
        #expect(page.rows("spending") == [["Food", "120.00", "100.0 %"], ["Electronics", "-40.00", ""]])
        #expect(page.summary["Expense"] == "80.00 EUR + 15.00 USD not converted")
        #expect(page.donutTotal == "80.00 EUR")
        #expect(
            page.notes["spending"] == "Refunds outweigh spending in Electronics (-40.00 EUR): not drawn, and taken off the total spent. "
                + "Not in the chart for want of a rate: 15.00 USD.")
    }

    /// What a page shows, read back from its markup.
    struct Page {
        /// The summary's figures by name (Income, Expense, Net).
        var summary: [String: String] = [:]
        /// Each panel's table body rows, by the panel's id.
        var tables: [String: [[String]]] = [:]
        /// Each panel's note, by the panel's id.
        var notes: [String: String] = [:]
        /// The text in the middle of the donut.
        var donutTotal: String?
        /// The day the page is "as of".
        var day: String?

        func rows(_ panel: String) -> [[String]] {
            (tables[panel] ?? []).filter { $0 != ["Nothing to show"] }
        }

        init(_ html: String) throws {
            let reader = Reader()
            let parser = XMLParser(data: Data(html.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "").utf8))
            parser.delegate = reader
            try #require(parser.parse(), "the page is not well-formed XML")
            self = reader.page
            day = reader.subtitle.firstMatch(of: /as of (\d{4}-\d{2}-\d{2})/).map { String($0.1) }
        }

        private init() {}

        /// Collects text by where it stands: summary spans, table cells, notes.
        private final class Reader: NSObject, XMLParserDelegate {
            var page = Page()
            var subtitle = ""
            private var section: String?
            private var inHead = false
            private var row: [String]?
            private var text: String?
            private var summaryName: String?
            private var capture: String?

            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                let kind = attributes["class"] ?? ""
                switch name {
                case "section": section = attributes["id"]
                case "thead": inHead = true
                case "tr" where !inHead: row = []
                case "th", "td": if row != nil { text = "" }
                case "span" where kind == "name" || kind == "value": capture = kind; text = ""
                case "p" where kind == "note" || kind == "muted": capture = kind; text = ""
                case "text" where kind == "donut-total": capture = kind; text = ""
                default: break
                }
            }

            func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                switch name {
                case "thead": inHead = false
                case "th", "td":
                    if row != nil, capture == nil { row?.append(text ?? ""); text = nil }
                case "tr": if let row, let section { page.tables[section, default: []].append(row) }; row = nil
                case "span", "p", "text":
                    guard let kind = capture else { return }
                    let value = text ?? ""
                    switch kind {
                    case "name": summaryName = value
                    case "value": if let summaryName { page.summary[summaryName] = value }
                    case "note": if let section { page.notes[section] = value }
                    case "muted": if subtitle.isEmpty { subtitle = value }
                    default: page.donutTotal = value
                    }
                    capture = nil
                    text = nil
                default: break
                }
            }
        }
    }
}
