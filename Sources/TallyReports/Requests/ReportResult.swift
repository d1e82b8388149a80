import TallyCore
import TallySyntax

/// What a report answers: its figures, typed, for a front end to draw as text, CSV or a
/// page, and its JSON (``json``), the same for every front end.
public enum ReportResult: Sendable {
    /// balance: each wallet on `day`, grouped `by` kind or owner.
    case balances(BalanceReport, day: CivilDate, by: String)
    /// A table with a column per period: balances, or flows by category.
    case columns(PeriodTable)
    /// balance `--budget`: envelopes against spending per period.
    case envelopeBudget(EnvelopeBudgetColumns, range: ClosedRange<CivilDate>)
    /// envelopes on `day`.
    case envelopes(EnvelopesReport, day: CivilDate)
    /// envelopes `--envelope`: one envelope day by day; nil when it has no period
    /// containing `day`.
    case envelopeDays(EnvelopeDaysReport?, name: String, day: CivilDate)
    /// envelopes with columns over time.
    case envelopeHistory(EnvelopeHistoryReport)
    /// goals on `day`.
    case goals(GoalsReport, day: CivilDate)
    /// register.
    case register(RegisterReport)
    /// due.
    case due(DueReport)
    /// insights over `range`.
    case insights(InsightsReport, range: ClosedRange<CivilDate>)
    /// forecast up to `until`.
    case forecast(ForecastReport, until: CivilDate)
    /// report: the month at a glance.
    case month(MonthReport)
    /// report `--months N`: income against expense per month.
    case monthSeries(MonthSeries)
    /// wallets: every wallet declared, with its entries.
    case wallets(WalletList)
    /// categories: the category tree, with its entries.
    case categories(CategoryTree)
    /// payees or tags: names with their entries and last date; `key` names one
    /// (`payee`, `tag`).
    case names(NameCounts, key: String)

    /// The JSON document, as `tally NAME --format json` prints it.
    public var json: String {
        switch self {
        case .balances(let report, _, _): report.json.rendered()
        case .columns(let table): table.json.rendered()
        case .envelopeBudget(let table, _): table.json.rendered()
        case .envelopes(let report, _): report.json.rendered()
        case .envelopeDays(let report?, _, _): report.json.rendered()
        // No period holds the day: the one line every format prints.
        case .envelopeDays(nil, let name, let day): "\(name) has no period containing \(day).\n"
        case .envelopeHistory(let report): report.json.rendered()
        case .goals(let report, _): report.json.rendered()
        case .register(let report): String(decoding: report.json, as: UTF8.self)
        case .due(let report): report.json.rendered()
        case .insights(let report, _): report.json.rendered()
        case .forecast(let report, _): report.json.rendered()
        case .month(let report): report.json.rendered()
        case .monthSeries(let series): series.json.rendered()
        case .wallets(let list): list.json.rendered()
        case .categories(let tree): tree.json.rendered()
        case .names(let list, let key): list.json(key: key).rendered()
        }
    }
}

/// A table with a column per period (``PeriodColumns``) and what a front end needs to
/// draw it: its title, the name of its first column, and whether it has a total column.
public struct PeriodTable: Sendable {
    /// The periods.
    public let columns: PeriodColumns
    /// The rows, totals last.
    public let rows: [PeriodColumns.Row]
    /// Currencies that could not be converted.
    public let missing: [MissingRate]
    /// The range the periods cover.
    public let range: ClosedRange<CivilDate>
    /// Whether there is a total column (flows have one, balances not).
    public let showTotal: Bool
    /// The title over the text table.
    public let title: String
    /// The first column's name: `Wallet`, `Category`.
    public let first: String
    /// The budget, for the amounts' decimals.
    let budget: ReportBudget

    /// The JSON document.
    public var json: JSONValue { columns.json(rows, budget: budget, showTotal: showTotal, range: range, missing: missing) }

    /// The periods' span for a title: `2026-01 to 2026-11`, or one label.
    static func span(_ columns: PeriodColumns) -> String {
        let first = columns.periods.first?.label ?? "", last = columns.periods.last?.label ?? ""
        return first == last ? first : first + " to " + last
    }
}
