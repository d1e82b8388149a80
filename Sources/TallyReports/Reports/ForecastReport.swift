import TallyCore
import TallySyntax

/// `tally forecast`: each wallet's balance projected to a day from its recurring entries
/// (occurrences from today on not yet recorded or skipped), with the total in the
/// default currency at the latest rate known.
public struct ForecastReport: Sendable {
    /// Why the figures cannot be computed exactly.
    public enum Failure: Error {
        /// A projected balance outgrows exact arithmetic before the last day.
        case balancesTooLarge
        /// The projected total outgrows exact arithmetic before the last day.
        case totalTooLarge
    }

    /// The last day projected.
    public let until: CivilDate
    /// The core's projection.
    public let forecast: Forecast
    /// The wallets shown: the filter's, else every one not hidden; closed ones left out.
    public let shown: [Int]
    /// The projected movements in the wallets shown.
    public let events: [ForecastEvent]
    /// The total today and on the last day; nil where a rate is missing.
    public let totalToday: Money?, totalProjected: Money?
    private let budget: ReportBudget

    /// The projection through `until` of the wallets `filter` names (all visible ones
    /// when it names none).
    public init(_ budget: ReportBudget, until: CivilDate, filter: EntryFilter) throws(Failure) {
        let model = budget.model, today = budget.today
        let forecast = model.forecast(until: until)
        guard !forecast.tooLarge else { throw .balancesTooLarge }
        let shown = model.wallets.indices.filter { w in
            (filter.wallets.isEmpty ? !model.wallets[w].hidden : filter.wallets.contains(w))
                && (model.wallets[w].closed.map { $0 >= today } ?? true)
        }
        // Totals in the default currency, with the latest rate known (future rates are not).
        var overflow = false
        func total(_ balances: [Money], at date: CivilDate) -> Money? {
            var sum = Money.zero
            for w in shown {
                guard let value = budget.rates.toDefault(balances[w], from: model.wallets[w].currency, at: date) else { return nil }
                guard let next = sum.adding(value) else {
                    overflow = true
                    return nil
                }
                sum = next
            }
            return sum
        }
        totalToday = total(forecast.opening, at: today)
        totalProjected = total(forecast.projected, at: until)
        guard !overflow else { throw .totalTooLarge }
        self.budget = budget
        self.until = until
        self.forecast = forecast
        self.shown = shown
        self.events = forecast.events.filter { shown.contains($0.wallet) }
    }

    /// The wallets shown that are projected below zero at some point (credit cards and
    /// loans, which live there, left out).
    public var walletsBelowZero: [Int] {
        let model = budget.model
        return shown.filter { forecast.lowest[$0].balance.isNegative && model.wallets[$0].kind != .credit && model.wallets[$0].kind != .loan }
    }

    /// The JSON of docs/reports.md ("forecast").
    public var json: JSONValue {
        let model = budget.model
        func currency(_ w: Int) -> String { model.wallets[w].currency }
        return .object([
            ("from", .string(budget.today.description)), ("until", .string(until.description)),
            (
                "wallets",
                .array(
                    shown.map { w in
                        .object([
                            ("name", .string(model.wallets[w].name)), ("currency", .string(currency(w))),
                            ("today", .string(budget.plain(forecast.opening[w], currency(w)))),
                            ("projected", .string(budget.plain(forecast.projected[w], currency(w)))),
                            ("lowest", .string(budget.plain(forecast.lowest[w].balance, currency(w)))),
                            ("lowestOn", .string(forecast.lowest[w].date.description))
                        ])
                    })
            ),
            (
                "total",
                .object([
                    ("currency", .string(budget.currency)), ("today", .optional(totalToday.map(budget.inDefault))),
                    ("projected", .optional(totalProjected.map(budget.inDefault)))
                ])
            ),
            (
                "events",
                .array(
                    events.map { e in
                        .object([
                            ("date", .string(e.date.description)), ("rule", .optional(model.rules[e.rule].name)), ("wallet", .string(model.wallets[e.wallet].name)),
                            ("amount", .string(budget.plain(e.amount, currency(e.wallet)))), ("currency", .string(currency(e.wallet))),
                            ("balance", .string(budget.plain(e.balance, currency(e.wallet))))
                        ])
                    })
            )
        ])
    }
}
