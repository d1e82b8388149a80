import TallyCore
import TallySyntax

/// What a report is asked for, whichever front end asks: the day it is made as of, the
/// period, the filters and query words, the order, and each report's own options as
/// typed values. The command line reads its flags into it and the web app its query
/// parameters, through one grammar (``read(_:_:)``), so both accept and refuse the same
/// things in the same words; ``ReportKind/run(_:budget:)`` answers it.
public struct ReportRequest: Sendable {
    /// `--today`: the date the report is made as of (the budget is opened for it).
    public var today: CivilDate?
    /// `--at`: the day a one-day report shows.
    public var at: CivilDate?
    /// `--period`.
    public var period: PeriodSpec?
    /// `--begin`.
    public var begin: PeriodSpec?
    /// `--end`.
    public var end: PeriodSpec?
    /// `--wallet`, `--category`, `--tag`, `--payee`, `--type`, `--search` and the query.
    public var filters = ReportFilters()
    /// The query words, as given (the query they make is in ``filters``).
    public var queryTerms: [String] = []
    /// `--sort`.
    public var sort = RegisterSort.date
    /// `--desc`.
    public var descending = false
    /// `-B`, `-V`, `-X CODE`: how amounts in other currencies are valued; nil as `-B`.
    public var valuation: Valuation?

    // MARK: Each report's own options

    /// `--weekly`, `--monthly`, `--quarterly`, `--yearly`: columns over time.
    public var step: PeriodColumns.Step?
    /// `--by`: balance's grouping (`kind`, `owner`) or insights' step (`day` ... `year`).
    public var by: String?
    /// `--depth N`.
    public var depth: Int?
    /// incomestatement `--tree`: categories under their parents, parents totalling them.
    public var tree = false
    /// balance `--budget`: envelopes against spending.
    public var envelopeBudget = false
    /// register `--running`.
    public var running = false
    /// envelopes `--envelope NAME`.
    public var envelope: String?
    /// due `--days N`.
    public var days: Int?
    /// forecast `--until DATE`.
    public var until: CivilDate?
    /// forecast `--events` (text output only).
    public var events = false
    /// report `--month YYYY-MM`.
    public var month: PeriodSpec?
    /// report `--months N`.
    public var months: Int?

    /// Values of report options read by ``read(_:_:)`` that are not shared, by their long
    /// spelling (`--days`; empty for a switch), until ``ReportKind/check(_:hasQuery:)``
    /// makes them typed.
    public var own: [String: String] = [:]
    /// Values of options that take one value, to refuse one given twice differently.
    var given: [String: String] = [:]

    /// An empty request: every report's defaults.
    public init() {}

    /// The period of `--period`, or of `--begin`/`--end`.
    public var range: PeriodSpec? { period ?? PeriodSpec.bounds(begin: begin, end: end) }

    /// Whether the period asked starts at the budget's beginning: none, or one with an open
    /// start (`..2026-11-22`, `--end` alone). Rows from the beginning add up to balances.
    public var startsAtBeginning: Bool {
        switch range {
        case nil, .range(nil, _)?, .beginEnd(nil, _)?: true
        default: false
        }
    }

    /// The days of the period asked (``range``), else of `fallback`, in `budget`: open
    /// ends reach its first or last entry, or today. A period without days is a usage
    /// mistake.
    public func days(in budget: ReportBudget, default fallback: PeriodSpec? = nil) throws(UsageError) -> ClosedRange<CivilDate>? {
        try budget.range(range ?? fallback, flag: period != nil ? "--period" : "--begin`/`--end")
    }
}
