import TallyCore
import TallySyntax

/// `tally due`: the occurrences of recurring entries that are overdue, due today or
/// upcoming, with what each would record.
public struct DueReport: Sendable {
    /// What one occurrence would record, as the report writes it.
    public struct Description: Sendable {
        /// The rule's payee, or empty.
        public let payee: String
        /// The wallet it moves money in (the sending one for transfers).
        public let wallet: String
        /// Its category, `N categories`, or `→ WALLET` for transfers.
        public let what: String
        /// The amount with its currency code.
        public let amount: String
        /// The amount without a unit.
        public let plain: String
        /// The currency.
        public let currency: String
    }

    /// The last day looked at.
    public let horizon: CivilDate
    /// The occurrences, in date order.
    public let occurrences: [DueOccurrence]
    private let budget: ReportBudget

    /// With a `period`, the occurrences within it; without one, the overdue ones and
    /// those up to `days` days ahead. `filter`'s wallets keep the rules moving money in
    /// one of them.
    public init(_ budget: ReportBudget, period: ClosedRange<CivilDate>?, days: Int, filter: EntryFilter) {
        let model = budget.model
        self.budget = budget
        horizon = period?.upperBound ?? budget.today.adding(days: days) ?? budget.today
        occurrences = model.dueOccurrences(through: horizon).filter { item in
            (period?.contains(item.date) ?? true)
                && (filter.wallets.isEmpty || model.effect(of: item.rule).contains { filter.wallets.contains($0.wallet) })
        }
    }

    /// What rule `r`'s occurrence would record.
    public func describe(_ r: Int) -> Description {
        let model = budget.model
        let template = model.rules[r].template
        let payee = template?.payee ?? ""
        switch template?.kind {
        case .transaction(let wallet, let amount, let postings)?:
            let currency = model.wallets[wallet].currency
            let what =
                postings.count == 1
                ? model.categories[postings[0].category].name
                : postings.isEmpty ? "no category" : "\(postings.count) categories"
            return Description(
                payee: payee, wallet: model.wallets[wallet].name, what: what, amount: budget.amount(amount, currency),
                plain: budget.plain(amount, currency), currency: currency)
        case .transfer(let from, let to, let sent, _)?:
            let currency = model.wallets[from].currency
            return Description(
                payee: payee, wallet: model.wallets[from].name, what: "→ \(model.wallets[to].name)",
                amount: budget.amount(sent.negated, currency), plain: budget.plain(sent.negated, currency), currency: currency)
        default:
            return Description(payee: payee, wallet: "", what: "", amount: "", plain: "", currency: "")
        }
    }

    /// The JSON of docs/reports.md ("due").
    public var json: JSONValue {
        .object([
            ("today", .string(budget.today.description)), ("until", .string(horizon.description)),
            (
                "occurrences",
                .array(
                    occurrences.map { item in
                        let d = describe(item.rule)
                        return .object([
                            ("rule", .optional(budget.model.rules[item.rule].name)), ("date", .string(item.date.description)),
                            ("status", .string(item.status.rawValue)), ("payee", .optional(d.payee.isEmpty ? nil : d.payee)),
                            ("wallet", .string(d.wallet)), ("what", .string(d.what)), ("amount", .string(d.plain)),
                            ("currency", .string(d.currency))
                        ])
                    })
            )
        ])
    }
}
