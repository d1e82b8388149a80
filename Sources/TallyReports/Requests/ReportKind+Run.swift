import TallyCore
import TallySyntax

/// Each report made from a checked ``ReportRequest`` and an opened budget: the checks
/// that need the budget (names, periods), then the figures.
extension ReportKind {
    /// The report `request` asks for, on `budget` (opened as of the request's day). The
    /// request must have been through ``check(_:hasQuery:)``.
    public func run(_ request: ReportRequest, budget: ReportBudget) -> Result<ReportResult, ReportRefusal> {
        do throws(UsageError) {
            let asked = ReportAsked(request: request, budget: try valued(request, budget: budget))
            switch self {
            case .balance: return .success(try asked.balance())
            case .envelopes: return .success(try asked.envelopes())
            case .goals: return .success(.goals(GoalsReport(budget, at: try asked.dayOrPeriodEnd()), day: try asked.dayOrPeriodEnd()))
            case .register: return .success(try asked.register())
            case .incomestatement: return .success(.columns(try asked.flows(depth: request.depth, tree: request.tree)))
            case .report: return .success(try asked.month())
            case .insights: return .success(try asked.insights())
            case .due:
                let period = try asked.range(default: nil)
                let filter = try budget.filter(request.filters, range: nil)
                return .success(.due(DueReport(budget, period: period, days: request.days ?? 30, filter: filter)))
            case .forecast: return try asked.forecast()
            case .wallets: return .success(.wallets(WalletList(budget, range: try asked.range(default: nil))))
            case .categories: return .success(.categories(CategoryTree(budget, range: try asked.range(default: nil))))
            case .payees: return .success(.names(NameCounts.payees(budget, range: try asked.range(default: nil)), key: "payee"))
            case .tags: return .success(.names(NameCounts.tags(budget, range: try asked.range(default: nil)), key: "tag"))
            }
        } catch {
            return .failure(.usage(error))
        }
    }

    /// Checks `request` (``check(_:hasQuery:)``) and runs it: what a front end that has
    /// its request whole (the web app) calls.
    public func answer(_ request: ReportRequest, budget: ReportBudget) -> Result<ReportResult, ReportRefusal> {
        var checked = request
        do throws(UsageError) {
            try checked.checkShared()
            try check(&checked, hasQuery: !request.queryTerms.isEmpty)
        } catch {
            return .failure(.usage(error))
        }
        return run(checked, budget: budget)
    }
}

/// A request and the budget it is asked of, with the steps the reports share.
struct ReportAsked {
    let request: ReportRequest
    let budget: ReportBudget

    /// The period asked, or `fallback`; open ends reach the budget's first or last entry,
    /// or today.
    func range(default fallback: PeriodSpec?) throws(UsageError) -> ClosedRange<CivilDate>? {
        try request.days(in: budget, default: fallback)
    }

    /// `--at`, else the period's last day, else today.
    func dayOrPeriodEnd() throws(UsageError) -> CivilDate {
        if let at = request.at { return at }
        return try range(default: nil)?.upperBound ?? budget.today
    }

    /// `--at`, else today when the period holds it, else the period's last day.
    func day() throws(UsageError) -> CivilDate {
        if let at = request.at { return at }
        return budget.day(at: nil, period: try range(default: nil))
    }

    /// The budget's first entry to today.
    static let untilToday = PeriodSpec.range(nil, .relative(.day, 0))

    func balance() throws(UsageError) -> ReportResult {
        if request.envelopeBudget || !request.queryTerms.isEmpty { try ReportKind.checkOtherTable(request) }
        if request.envelopeBudget {
            if !request.queryTerms.isEmpty { throw UsageError("`\(option: "--budget")` shows every envelope; it takes no query") }
            let range = try range(default: .relative(.month, 0))!
            let columns = columns(request.step, range)
            return .envelopeBudget(EnvelopeBudgetColumns(budget, columns: columns, range: range), range: range)
        }
        if !request.queryTerms.isEmpty { return .columns(try flows(depth: request.depth)) }
        let by = try request.choice("--by", among: ["kind", "owner"]) ?? "kind"
        if let step = request.step {
            let range = try range(default: Self.untilToday)!
            let (table, rows, missing) = PeriodColumns.balances(budget, step: step, range: range, byKind: request.depth == 1)
            return .columns(
                PeriodTable(
                    columns: table, rows: rows, missing: missing, range: range, showTotal: false,
                    title: "Balances at the end of each \(step.unit), \(PeriodTable.span(table))", first: "Wallet", budget: budget))
        }
        let date = try dayOrPeriodEnd()
        return .balances(BalanceReport(budget, at: date), day: date, by: by)
    }

    /// One column over `range`, or one per `step`.
    func columns(_ step: PeriodColumns.Step?, _ range: ClosedRange<CivilDate>) -> PeriodColumns {
        step.map { PeriodColumns(step: $0, range: range, weekStart: budget.model.weekStart) } ?? PeriodColumns(range: range)
    }

    /// The flows by category of the lines the request keeps, over the period (default:
    /// the first entry to today), in one column or one per step; `depth` counts deeper
    /// categories as their parent. incomestatement, and balance with a query.
    func flows(depth: Int?, tree: Bool = false) throws(UsageError) -> PeriodTable {
        let step = request.step
        let range = try range(default: Self.untilToday)!
        let filter = try budget.filter(request.filters, range: range)
        var (table, rows, missing) = PeriodColumns.flows(budget, columns: columns(step, range), range: range, filter: filter, depth: depth)
        if tree { rows = PeriodColumns.tree(rows, decimals: budget.model.decimals(of: budget.currency)) }
        let title = "Income and expense" + (step.map { " by \($0.unit)" } ?? "") + ", " + PeriodTable.span(table)
        return PeriodTable(
            columns: table, rows: rows, missing: missing, range: range, showTotal: step != nil, title: title, first: "Category", budget: budget)
    }

    func envelopes() throws(UsageError) -> ReportResult {
        if let step = request.step {
            return .envelopeHistory(EnvelopeHistoryReport(budget, step: step, range: try range(default: Self.untilToday)!))
        }
        let date = try day()
        let model = budget.model
        if let wanted = request.envelope {
            guard let e = model.envelopes.firstIndex(where: { $0.name == wanted }) else {
                let suggestion = UsageError.closest(wanted, model.envelopes.map(\.name)).map { "; did you mean `\($0)`?" } ?? ""
                throw UsageError("`\(option: "--envelope")`: no envelope named `\(wanted)`\(suggestion)")
            }
            return .envelopeDays(EnvelopeDaysReport(budget, envelope: e, at: date), name: wanted, day: date)
        }
        return .envelopes(EnvelopesReport(budget, at: date), day: date)
    }

    func register() throws(UsageError) -> ReportResult {
        let model = budget.model
        let filter = try budget.filter(request.filters, range: range(default: nil))
        var rows = model.register(filter, sort: request.sort, descending: request.descending)
        if let step = request.step, let first = rows.lazy.map(\.date).min(), let last = rows.lazy.map(\.date).max() {
            let range = filter.range ?? first ... last
            // Whole periods, as hledger's: a row is dated its period's first day.
            let periods = PeriodColumns(step: step, range: range, weekStart: model.weekStart, whole: true).periods
            rows = model.registerSummary(rows, periods: periods.map { $0.start ... $0.end })
        }
        let running = request.running || !request.queryTerms.isEmpty
        guard case .market? = request.valuation else { return .register(RegisterReport(model: model, rows: rows, running: running)) }
        return .register(try valuedRegister(rows, running: running))
    }

    /// The rows at market value (`-V`, `-X`): each in the valuation's currency, or none
    /// when a rate is missing (a row left in its own currency would read as converted).
    func valuedRegister(_ rows: [RegisterRow], running: Bool) throws(UsageError) -> RegisterReport {
        let model = budget.model
        var valued: [RegisterRow] = []
        valued.reserveCapacity(rows.count)
        for row in rows {
            let currency = model.wallets[row.wallet].currency
            guard let value = row.valued(from: currency, budget.rates) else {
                throw UsageError("no rate from \(currency) to \(budget.currency) for the row of \(row.date); add a `rate` line, or leave out \(option: "-V")/\(option: "-X")")
            }
            valued.append(value)
        }
        return RegisterReport(model: model, rows: valued, running: running, valuedIn: budget.currency)
    }

    /// report's month: `--month`, else the month of today when the period holds it, else
    /// of its last day.
    func reportMonth() throws(UsageError) -> CivilDate {
        if let spec = request.month { return spec.first(today: budget.today, weekStart: budget.model.weekStart) }
        return try day().startOfMonth
    }

    func month() throws(UsageError) -> ReportResult {
        let month = try reportMonth()
        let filter = try budget.filter(request.filters, range: nil)
        if let months = request.months, months > 0 {
            return .monthSeries(MonthSeries(budget, month: month, months: months, filter: filter))
        }
        return .month(MonthReport(budget, month: month, filter: filter, depth: request.depth))
    }

    func insights() throws(UsageError) -> ReportResult {
        let step = request.step
        let range = try range(default: step == nil ? .relative(.month, 0) : Self.untilToday)!
        let filter = try budget.filter(request.filters, range: range)
        if let step {
            let (table, rows, missing) = PeriodColumns.flows(budget, step: step, range: range, filter: filter, depth: request.depth)
            return .columns(
                PeriodTable(
                    columns: table, rows: rows, missing: missing, range: range, showTotal: true,
                    title: "Income and expense by \(step.unit), \(PeriodTable.span(table))", first: "Category", budget: budget))
        }
        let report = InsightsReport(budget, range: range, filter: filter, by: request.by.flatMap(Granularity.init(rawValue:)), depth: request.depth)
        return .insights(report, range: range)
    }

    func forecast() throws(UsageError) -> Result<ReportResult, ReportRefusal> {
        let filter = try budget.filter(request.filters, range: nil)
        let today = budget.today
        var requested = request.until
        if requested == nil { requested = try range(default: nil)?.upperBound }
        let until = requested ?? today.adding(months: 3) ?? today
        guard until >= today else { throw UsageError("`\(option: "--until")`: \(until) is before today (\(today))") }
        do throws(ForecastReport.Failure) {
            return .success(.forecast(try ForecastReport(budget, until: until, filter: filter), until: until))
        } catch {
            switch error {
            case .balancesTooLarge:
                return .failure(.cannotCompute("projected balances become too large to compute exactly before \(until); choose an earlier --until"))
            case .totalTooLarge:
                return .failure(.cannotCompute("the projected total becomes too large to compute exactly before \(until); choose an earlier --until"))
            }
        }
    }
}

extension ReportKind {
    /// report's month as a page (`tally report --html`): the overview of the month asked
    /// (``ReportRequest/month``, else as the report's), with `months` of history (default
    /// 6), categories at `depth` (default 1), for `HTMLReport`.
    public static func monthOverview(_ request: ReportRequest, budget: ReportBudget) throws(UsageError) -> MonthOverview {
        if case .market? = request.valuation { throw UsageError("`\(option: "-V")` and `\(option: "-X")` value the text, CSV and JSON report; the page is in the default currency") }
        let month = try ReportAsked(request: request, budget: budget).reportMonth()
        let filter = try budget.filter(request.filters, range: nil)
        let model = budget.model
        return model.monthOverview(
            month: month, months: request.months ?? 6, flows: CategoryFlows(model, rates: budget.rates, filter: filter), rates: budget.rates,
            depth: request.depth ?? 1)
    }
}
