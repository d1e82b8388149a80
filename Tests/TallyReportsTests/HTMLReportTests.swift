import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML page with charts, rendered in-process on the examples for a pinned month:
/// well-formed XML, every chart present, nothing that runs or fetches, every user string
/// escaped, figures as the model computes them.
@Suite struct HTMLReportTests {
    private static let today = CivilDate(year: 2026, month: 11, day: 22)!

    private func model(_ path: String, today: CivilDate = HTMLReportTests.today) throws -> BudgetModel {
        let budget = try BudgetLoader().load(path)
        return Interpreter.run(budget, today: today).model
    }

    private func model(source: String, today: CivilDate = HTMLReportTests.today) throws -> BudgetModel {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["budget.tally": source])).load("budget.tally")
        return Interpreter.run(budget, today: today).model
    }

    private func render(_ model: BudgetModel, month: CivilDate = HTMLReportTests.today, months: Int = 6, title: String = "Budget") -> String {
        let rates = ExchangeRates(model)
        let overview = model.monthOverview(month: month, months: months, flows: CategoryFlows(model, rates: rates), rates: rates)
        return HTMLReport.render(overview, model: model, title: title)
    }

    /// Parses the page as XML; returns the element names with their `id`s and `class`es.
    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    private func parse(_ page: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Collector {
        // XMLParser does not read an HTML5 doctype's missing system id everywhere; the
        // rest of the page must stand as XML on its own.
        let body = page.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "")
        let parser = XMLParser(data: Data(body.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)", sourceLocation: sourceLocation)
        return collector
    }

    @Test func everyExampleRendersAsWellFormedXMLWithEveryChart() throws {
        for name in ["household", "student", "multi-currency"] {
            let page = render(try model(TestSupport.path("examples/\(name).tally")), title: name)
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), "\(name)")
            let parsed = parse(page)
            let ids = Set(parsed.elements.compactMap { $0.attributes["id"] })
            for id in [
                "summary", "chart-spending", "chart-income-expense", "chart-envelopes", "chart-goals", "chart-balance",
                "spending", "income-expense", "envelopes", "goals", "balance", "largest"
            ] {
                #expect(ids.contains(id), "\(name): no element with id \(id)")
            }
            #expect(parsed.elements.filter { $0.name == "svg" }.count == 5, "\(name)")
            #expect(parsed.elements.filter { $0.name == "table" }.count >= 6, "\(name)")
            // Every chart labels itself with real text.
            #expect(parsed.elements.filter { $0.name == "text" }.count > 20, "\(name)")
        }
    }

    @Test func thePageRunsNothingAndFetchesNothing() throws {
        for name in ["household", "student", "multi-currency"] {
            let page = render(try model(TestSupport.path("examples/\(name).tally"))).lowercased()
            for forbidden in ["<script", "http", "//", "url(", "@import", "<img", "<link", "<iframe", "<object", "onload", "onclick", "javascript:"] {
                #expect(!page.contains(forbidden), "\(name): the page contains `\(forbidden)`")
            }
        }
    }

    @Test func userStringsAreEscaped() throws {
        let source = """
            currency EUR
            wallet Checking bank opening 100.00 on 2026-11-01
            expense '<b>Food & "drink"</b>'
            envelope '<i>env</i>' 50 monthly for '<b>Food & "drink"</b>'
            goal 'a<b' 100
            2026-11-02 "<script>&\\"" Checking '<b>Food & "drink"</b>' -60.00
            2026-11-03 goal 'a<b' 10.00

            """
        let page = render(try model(source: source), title: "<title>&\"")
        let parsed = parse(page)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("<i>"))
        #expect(!page.contains("a<b"))
        #expect(page.contains("&lt;script&gt;&amp;&quot;"), "the payee is shown, escaped")
        #expect(page.contains("&lt;b&gt;Food &amp; &quot;drink&quot;&lt;/b&gt;"), "the category is shown, escaped")
        // Escaped text reads back as the original.
        #expect(parsed.text.contains("<script>&\""))
        #expect(parsed.text.contains("<b>Food & \"drink\"</b>"))
        #expect(parsed.text.contains("<title>&\""))
    }

    @Test func escapingReplacesCharactersXMLForbids() {
        #expect(Markup.escape("a\u{1}b\u{7F}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
        #expect(Markup.escape("<&>\"'") == "&lt;&amp;&gt;&quot;&#39;")
    }

    @Test func householdSummaryAndCharts() throws {
        let page = render(try model(TestSupport.path("examples/household.tally")), months: 3, title: "Household")
        // November to the 22nd: pay-ben 2480.00 in; out: 1180.00 + 69.90 + 112.00 + 15.40 +
        // 9.90 + 12.99 + 58.47 + 164.90 + 14.20 + 91.36 = 1729.12. Transfers count for neither.
        #expect(page.contains("<span class=\"name\">Income</span><span class=\"value\">2480.00 EUR</span>"), "\(page)")
        #expect(page.contains("<span class=\"name\">Expense</span><span class=\"value\">1729.12 EUR</span>"))
        #expect(page.contains("<span class=\"name\">Net</span><span class=\"value\">750.88 EUR</span>"))
        // Three months of bars, oldest first.
        let parsed = parse(page)
        #expect(parsed.elements.filter { $0.attributes["class"] == "bar income" }.count == 3)
        #expect(parsed.elements.filter { $0.attributes["class"] == "bar expense" }.count == 3)
        // Housing is the largest category: rent and energy.
        #expect(page.contains("<tr><th scope=\"row\">Housing</th><td class=\"num\">1292.00</td>"))
        // The Gift-fund envelope holds 77.50 + 60.00 + 40.00 and spent 164.90.
        #expect(page.contains("<tr><th scope=\"row\">Gift-fund</th><td class=\"num\">177.50</td><td class=\"num\">164.90</td><td class=\"num\">12.60</td>"))
        // Goals: New-bike is reached; Vacation saved 600.00 of 2400.00.
        #expect(page.contains("<tr><th scope=\"row\">Vacation</th><td class=\"num\">600.00</td><td class=\"num\">2400.00</td><td class=\"num\">25.0 %</td>"))
        #expect(page.contains("<tr><th scope=\"row\">New-bike</th>"))
    }

    @Test func overspentEnvelopeIsRedWithTheAmountOver() throws {
        let source = """
            currency EUR
            wallet Checking bank opening 500.00 on 2026-11-01
            expense Food
            envelope Food 100 monthly for Food
            2026-11-02 Checking Food -112.30

            """
        let page = render(try model(source: source))
        #expect(page.contains("over by 12.30 EUR"))
        #expect(page.contains("<g class=\"row over\">"))
        #expect(page.contains("fill=\"\(ChartPalette.overspent)\""))
        #expect(page.contains("<tr class=\"over\"><th scope=\"row\">Food</th>"))
    }

    @Test func missingRateShowsTheAmountNotConvertedAndHiddenWalletsStayOut() throws {
        let source = """
            currency EUR
            currency USD
            wallet Checking bank opening 1000.00 on 2026-10-01
            wallet Dollars bank currency USD opening 200.00 USD on 2026-10-01
            wallet Business bank opening 50000.00 on 2026-10-01 hidden
            income Salary
            expense Software
            2026-11-02 Dollars Software -15.00
            2026-11-03 Checking Software -5.00
            2026-11-04 Business Salary +9000.00
            2026-11-05 transfer Checking -> Business 100.00

            """
        let page = render(try model(source: source), months: 2)
        #expect(page.contains("<span class=\"name\">Expense</span><span class=\"value\">5.00 EUR + 15.00 USD not converted</span>"), "\(page)")
        #expect(page.contains("<span class=\"name\">Income</span><span class=\"value\">0.00 EUR</span>"))
        // Balance on 2026-11-30: 1000 - 5 - 100 = 895 EUR, and 185 USD without a rate.
        #expect(page.contains("<tr><th scope=\"row\">2026-11-30</th><td class=\"num\">895.00 + 185.00 USD not converted</td></tr>"))
        #expect(page.contains("Not in the chart for want of a rate: 15.00 USD."))
    }

    @Test func ratesConvertAtTheirDate() throws {
        let model = try model(TestSupport.path("examples/multi-currency.tally"))
        let page = render(model, month: CivilDate(year: 2026, month: 9, day: 1)!, months: 1)
        // September income: 1200.00 USD at 0.86 = 1032.00 EUR, plus 2310.00 EUR.
        #expect(page.contains("<span class=\"name\">Income</span><span class=\"value\">3342.00 EUR</span>"), "\(page)")
    }

    @Test func anEmptyBudgetStillRenders() throws {
        let page = render(try model(source: ""), months: 12)
        let parsed = parse(page)
        #expect(parsed.elements.filter { $0.name == "svg" }.count == 5)
        #expect(page.contains("No spending this month"))
    }

    @Test func theDonutGroupsTheRestAsOther() throws {
        var source = "currency EUR\nwallet Cash cash opening 1000.00 on 2026-11-01\n"
        for i in 1 ... 9 { source += "expense C\(i)\n" }
        for i in 1 ... 9 { source += "2026-11-0\(i) Cash C\(i) -\(i)0.00\n" }
        let page = render(try model(source: source))
        let parsed = parse(page)
        #expect(parsed.elements.filter { $0.attributes["class"] == "slice" }.count == 7)
        // The six largest (C9 to C4), then C3 + C2 + C1 = 60.00 as Other.
        #expect(page.contains("<title>Other: 60.00 EUR (13.3 %)</title>"), "\(page)")
        #expect(page.contains("<title>C9: 90.00 EUR (20.0 %)</title>"))
        // The table beside it lists every category.
        #expect(page.contains("<tr><th scope=\"row\">C1</th><td class=\"num\">10.00</td>"))
    }

    @Test func householdPageGolden() throws {
        let page = render(try model(TestSupport.path("examples/household.tally")), months: 6, title: "Household")
        let golden = TestSupport.path("Tests/TallyReportsTests/Fixtures/html/household-2026-11.html")
        if let problem = TestSupport.compareGolden(page, path: golden) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func extremeAmountsRenderWithoutTrapping() throws {
        let source = """
            currency EUR
            wallet Big bank opening 92233720368547758.07 on 2026-10-01
            wallet Small bank opening -92233720368547758.07 on 2026-10-01
            income Windfall
            expense Yacht
            2026-11-02 Small Windfall +92233720368547758.07
            2026-11-03 Big Yacht -92233720368547758.07
            2026-11-04 Big Yacht -0.01

            """
        let page = render(try model(source: source), months: 3)
        _ = parse(page)
        #expect(page.contains("92233720368547758.07"))
        #expect(Markup.number(9.3e18) == "9300000000000000000")
        #expect(Markup.number(-0.04) == "0")
        #expect(Markup.number(.nan) == "0")
    }

    @Test func niceScaleCeilings() {
        #expect(IncomeExpenseBars.niceCeiling(0) == 1)
        #expect(IncomeExpenseBars.niceCeiling(1) == 1)
        #expect(IncomeExpenseBars.niceCeiling(3100) == 5000)
        #expect(IncomeExpenseBars.niceCeiling(2480) == 2500)
        #expect(IncomeExpenseBars.niceCeiling(0.3) == 0.5)
    }
}
