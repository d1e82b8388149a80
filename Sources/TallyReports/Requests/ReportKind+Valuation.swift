import TallyCore
import TallySyntax

/// How a report values amounts in other currencies, as hledger's valuation flags ask:
/// `-B`/`--cost` at what they cost, `-V`/`--market` at market value in the default
/// currency, `-X`/`--exchange COMMODITY` at market value in that currency.
public enum Valuation: Sendable, Equatable {
    /// `-B`: amounts as written, each in its wallet's currency, totals converted at the
    /// rate of each amount's day: what Tally reports anyway.
    case cost
    /// `-V` (nil: the default currency) and `-X CODE`: every amount at the rate of its
    /// report period's last day, through chains of rates.
    case market(String?)

    /// The own options that ask for a valuation, by every spelling, and whether each
    /// takes a value.
    static let options: [String: Bool] = ["-B": false, "--cost": false, "-V": false, "--market": false, "-X": true, "--exchange": true]
}

extension ReportKind {
    /// Whether the report reads `-B`, `-V` and `-X`.
    var takesValuation: Bool { [.balance, .register, .incomestatement, .report].contains(self) }

    /// Makes the valuation options of ``ReportRequest/own`` typed: one of them at most.
    static func checkValuation(_ request: inout ReportRequest) throws(UsageError) {
        let given = Valuation.options.keys.sorted().filter { request.own[$0] != nil }
        let kinds = Set(given.map { ["-B": "B", "--cost": "B", "-V": "V", "--market": "V"][$0] ?? "X" })
        if kinds.count > 1 { throw UsageError("`\(option: given[0])` and `\(option: given[1])` both say how to value amounts; choose one") }
        switch kinds.first {
        case "B": request.valuation = .cost
        case "V": request.valuation = .market(nil)
        case "X":
            let code = request.own["-X"] ?? request.own["--exchange"] ?? ""
            guard !code.isEmpty, code.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                throw UsageError("`\(option: "-X")`: `\(code)` is not a currency code")
            }
            request.valuation = .market(code)
        default: break
        }
    }

    /// The budget as `request`'s valuation reports it: unchanged without one or with
    /// `-B`; with `-V`/`-X`, valued at the end of the report's period, or of each of its
    /// columns (`--monthly` and the like), as hledger values a period's figures at its
    /// end; a one-day report on its day. A currency the budget never names is refused.
    public func valued(_ request: ReportRequest, budget: ReportBudget) throws(UsageError) -> ReportBudget {
        guard case .market(let code)? = request.valuation else { return budget }
        let model = budget.model
        if let code, code != model.defaultCurrency, !budget.rates.currencies.contains(code) {
            throw UsageError("`\(option: "-X")`: no rate in the budget names `\(code)`")
        }
        if let code, code != model.defaultCurrency, self == .report || request.envelopeBudget {
            throw UsageError("`\(option: "-X") \(code)`: envelopes are in \(model.defaultCurrency); use \(option: "-V") here (\(option: "-X") values balance, register and incomestatement)")
        }
        let asked = ReportAsked(request: request, budget: budget)
        var days: [CivilDate]
        switch self {
        case .balance where request.step == nil && request.queryTerms.isEmpty && !request.envelopeBudget:
            days = [try asked.dayOrPeriodEnd()]
        case .report:
            // The month and those before it the report shows, each at its own end.
            let month = try asked.reportMonth()
            days = (0 ..< max(request.months ?? 2, 2)).compactMap { month.adding(months: -$0)?.endOfMonth }
        default:
            let range = try asked.range(default: self == .register ? nil : ReportAsked.untilToday) ?? (model.entries.first?.date ?? budget.today) ... budget.today
            days = request.step.map { PeriodColumns(step: $0, range: range, weekStart: model.weekStart).periods.map(\.end) } ?? [range.upperBound]
        }
        if days.isEmpty { days = [budget.today] }
        return budget.valued(in: code, on: days)
    }
}
