import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

/// Every report's JSON, made in-process by the library, is byte for byte what the binary
/// prints: the same golden files `ReportGoldenTests` pins the command line with
/// (Tests/TallyCLITests/Fixtures/reports, each case's arguments in commands.txt). A front
/// end other than the command line (`tally serve`) answers with exactly this.
@Suite struct ReportJSONTests {
    let today = CivilDate(iso: "2026-11-22")!

    func budget(_ file: String) throws -> ReportBudget {
        try ReportBudget.open(files: [TestSupport.path(file)], today: today)
    }

    func golden(_ name: String) throws -> String {
        try String(contentsOfFile: TestSupport.path("Tests/TallyCLITests/Fixtures/reports/\(name).out"), encoding: .utf8)
    }

    func period(_ text: String, in budget: ReportBudget) throws -> ClosedRange<CivilDate>? {
        try budget.range(PeriodSpec(text, flag: "--period"), flag: "--period")
    }

    @Test func oneDayReports() throws {
        let household = try budget("examples/household.tally")
        #expect(BalanceReport(household, at: today).json.rendered() == (try golden("balance-json")))
        #expect(EnvelopesReport(household, at: today).json.rendered() == (try golden("envelopes-json")))
        #expect(GoalsReport(household, at: today).json.rendered() == (try golden("goals-json")))
        let student = try budget("examples/student.tally")
        let food = try #require(student.model.envelopes.firstIndex { $0.name == "Food-week" })
        #expect(EnvelopeDaysReport(student, envelope: food, at: today)?.json.rendered() == (try golden("envelopes-daily-json")))
    }

    @Test func flowsOverAPeriod() throws {
        let household = try budget("examples/household.tally")
        let month = today.startOfMonth
        #expect(MonthReport(household, month: month, filter: EntryFilter(), depth: nil).json.rendered() == (try golden("report-json")))
        #expect(MonthSeries(household, month: month, months: 4, filter: EntryFilter()).json.rendered() == (try golden("report-months-json")))
        let week = try #require(try period("this-week", in: household))
        var filter = EntryFilter()
        filter.range = week
        #expect(InsightsReport(household, range: week, filter: filter, by: .day, depth: nil).json.rendered() == (try golden("insights-json")))
        #expect(String(decoding: RegisterReport(household, filter: filter).json, as: UTF8.self) == (try golden("register-json")))
    }

    @Test func columnsOverTime() throws {
        let household = try budget("examples/household.tally")
        let range = try #require(try household.range(.range(nil, .relative(.day, 0)), flag: "--period"))
        let (table, rows, missing) = PeriodColumns.balances(household, step: .monthly, range: range, byKind: false)
        #expect(table.json(rows, budget: household, showTotal: false, range: range, missing: missing).rendered() == (try golden("balance-monthly-json")))
    }

    @Test func schedules() throws {
        let student = try budget("examples/student.tally")
        #expect(DueReport(student, period: nil, days: 30, filter: EntryFilter()).json.rendered() == (try golden("due-json")))
        let forecast = try ForecastReport(student, until: CivilDate(iso: "2026-12-31")!, filter: EntryFilter())
        #expect(forecast.json.rendered() == (try golden("forecast-json")))
    }

    @Test func listings() throws {
        #expect(WalletList(try budget("examples/multi-currency.tally"), range: nil).json.rendered() == (try golden("wallets-json")))
        #expect(NameCounts.tags(try budget("examples/household.tally"), range: nil).json(key: "tag").rendered() == (try golden("tags-json")))
    }

    /// Names the budget lacks are usage errors with the closest name, as on the command line.
    @Test func unknownFilterNamesSuggestTheClosest() throws {
        let household = try budget("examples/household.tally")
        var filters = ReportFilters()
        filters.wallets = ["Jiont"]
        #expect(throws: UsageError("`--wallet`: no wallet named `Jiont`; did you mean `Joint`?")) {
            try household.filter(filters, range: nil)
        }
    }

    /// A period that ends before it starts holds no days: a usage error naming the flag.
    @Test func emptyPeriodIsAUsageError() throws {
        let household = try budget("examples/household.tally")
        #expect(throws: UsageError("`--begin`/`--end`: the period holds no days (it ends before it starts)")) {
            try household.range(.beginEnd(.month(year: 2026, month: 12), .month(year: 2026, month: 12)), flag: "--begin`/`--end")
        }
    }
}
