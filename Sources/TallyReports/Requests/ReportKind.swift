import TallyCore
import TallySyntax

/// The reports a ``ReportRequest`` can ask for, each with the options it reads and the
/// checks of those options that need no budget. The command line's `tally NAME` and the
/// web app's `/api/NAME` are these.
public enum ReportKind: String, CaseIterable, Sendable {
    case balance, envelopes, goals, register, incomestatement, report, insights, due, forecast
    /// The listings: names in the budget, with what uses them.
    case wallets, categories, payees, tags

    /// The shared options the report reads (besides `--today`, which every report reads),
    /// in the order the command line's help lists them.
    public var options: [ReportRequest.Option] {
        switch self {
        case .balance, .goals: [.at, .period, .begin, .end]
        case .envelopes: [.period, .begin, .end, .at]
        case .register: [.period, .begin, .end, .wallet, .category, .tag, .payee, .type, .search, .sort, .desc]
        case .incomestatement, .insights: [.period, .begin, .end, .wallet, .category, .tag, .payee, .type]
        case .report: [.period, .begin, .end, .wallet, .category, .tag, .payee]
        case .due, .forecast: [.period, .begin, .end, .wallet]
        case .wallets, .categories, .payees, .tags: [.period, .begin, .end]
        }
    }

    /// The report's own options, by every spelling, and whether each takes a value.
    public var ownOptions: [String: Bool] {
        let steps = Dictionary(uniqueKeysWithValues: PeriodColumns.Step.allCases.flatMap { [($0.flag, false), ($0.shortFlag, false)] })
            .merging(takesValuation ? Valuation.options : [:]) { a, _ in a }
        switch self {
        case .balance: return steps.merging(["--by": true, "--depth": true, "--budget": false]) { a, _ in a }
        case .envelopes: return steps.merging(["--envelope": true]) { a, _ in a }
        case .goals, .wallets, .categories, .payees, .tags: return [:]
        case .register: return steps.merging(["--running": false]) { a, _ in a }
        case .incomestatement: return steps.merging(["--depth": true, "--tree": false]) { a, _ in a }
        case .report: return Valuation.options.merging(["--month": true, "--months": true, "--depth": true]) { a, _ in a }
        case .insights: return steps.merging(["--by": true, "--depth": true]) { a, _ in a }
        case .due: return ["--days": true]
        case .forecast: return ["--until": true, "--events": false]
        }
    }

    /// Whether the report takes query words.
    public var takesQuery: Bool { [.balance, .register, .incomestatement, .report, .insights].contains(self) }

    /// Makes the own options typed (``ReportRequest/own``; a typed value set directly
    /// stays unless an own option gives another) and checks them against each other and
    /// the shared ones, as far as can be done without the budget. `hasQuery` says whether
    /// query words were given (the command line knows for sure only once it has found
    /// its file; ``run(_:budget:)`` checks again).
    public func check(_ request: inout ReportRequest, hasQuery: Bool) throws(UsageError) {
        if !takesQuery, let word = request.queryTerms.first { throw UsageError("\(command: rawValue) takes no query words; got `\(word)`") }
        if takesValuation { try Self.checkValuation(&request) }
        switch self {
        case .balance:
            request.depth = try request.count("--depth", maximum: 100) ?? request.depth
            request.envelopeBudget = request.envelopeBudget || request.own["--budget"] != nil
            request.by = request.own["--by"] ?? request.by
            let step = try request.askedStep() ?? request.step
            if request.envelopeBudget || hasQuery {
                try Self.checkOtherTable(request)
            } else if step != nil {
                if request.by != nil { throw UsageError("`\(option: "--by")` groups the one-day table; columns over time show wallets (or kinds with \(option: "--depth") 1)") }
                if request.at != nil { throw UsageError("`\(option: "--at")` gives one day; columns over time take a period") }
            } else if request.depth != nil {
                throw UsageError("`\(option: "--depth")` needs columns over time (\(option: "--monthly"), \(option: "--weekly"), \(option: "--quarterly") or \(option: "--yearly"))")
            }
            request.step = step
        case .register:
            request.step = try request.askedStep() ?? request.step
            request.running = request.running || request.own["--running"] != nil
        case .due:
            request.days = try request.count("--days", minimum: 0, maximum: 36_600) ?? request.days
            if request.days != nil, request.range != nil {
                throw UsageError("`\(option: "--days")` and a period both say how far ahead to look; use one or the other")
            }
        case .goals, .wallets, .categories, .payees, .tags: break
        case .envelopes:
            request.step = try request.askedStep() ?? request.step
            request.envelope = request.own["--envelope"] ?? request.envelope
            if request.step != nil {
                if request.envelope != nil { throw UsageError("`\(option: "--envelope")` shows one period day by day; columns over time show every envelope") }
                if request.at != nil { throw UsageError("`\(option: "--at")` gives one day; columns over time take a period") }
            }
        case .incomestatement:
            request.step = try request.askedStep() ?? request.step
            request.depth = try request.count("--depth", maximum: 100) ?? request.depth
            request.tree = request.tree || request.own["--tree"] != nil
        case .report: try Self.checkMonth(&request)
        case .insights:
            request.depth = try request.count("--depth", maximum: 100) ?? request.depth
            request.step = try request.askedStep() ?? request.step
            if request.step != nil, request.own["--by"] != nil || request.by != nil {
                throw UsageError("`\(option: "--by")` steps the income against expense table, which columns replace; use one or the other")
            }
            request.by = try request.choice("--by", among: Granularity.allCases.map(\.rawValue)) ?? request.by
        case .forecast:
            if let text = request.own["--until"] { request.until = try ReportRequest.date("--until", text) }
            if request.until != nil, request.range != nil {
                throw UsageError("`\(option: "--until")` and a period both give the last day; use one or the other")
            }
            request.events = request.events || request.own["--events"] != nil
        }
    }

    /// `--by` and `--at` belong to balance's one-day table of wallets.
    static func checkOtherTable(_ request: ReportRequest) throws(UsageError) {
        if request.by != nil { throw UsageError("`\(option: "--by")` groups wallet balances; a query or \(option: "--budget") shows categories or envelopes") }
        if request.at != nil { throw UsageError("`\(option: "--at")` gives one day; a query or \(option: "--budget") takes a period") }
    }

    /// report's `--depth`, `--month` and `--months`.
    static func checkMonth(_ request: inout ReportRequest) throws(UsageError) {
        request.depth = try request.count("--depth", maximum: 100) ?? request.depth
        if let month = request.own["--month"] {
            guard case .month? = try? PeriodSpec(month, flag: "--month") else {
                throw UsageError("`\(option: "--month")`: `\(month)` is not a month; write YYYY-MM")
            }
            request.month = try PeriodSpec(month, flag: "--month")
        }
        request.months = try request.count("--months", maximum: 1200) ?? request.months
        if request.month != nil, request.range != nil {
            throw UsageError("`\(option: "--month")` and a period both give the month; use one or the other")
        }
    }
}
