import TallySyntax

/// One envelope's figures on a day, as every report shows them (`tally envelopes`, the
/// monthly report and its HTML page).
public struct EnvelopeLine: Sendable {
    /// The envelope's index into ``BudgetModel/envelopes``.
    public let index: Int
    public let envelope: Envelope
    /// Its figures for the period containing the day, through the day.
    public let status: EnvelopeStatus
    /// Spent over budget in percent, one decimal; nil when the budget is zero or below.
    public let percent: Money?
    /// True when the spending has reached the envelope's `alert` share and is not over.
    public let alert: Bool
    /// What is left per day for the rest of the period, the day included; nil outside
    /// the period or when nothing is left.
    public let leftPerDay: Money?
}

extension BudgetModel {
    /// Every envelope with a period containing `date`, at the end of `date` (spending
    /// after it not counted), in declaration order.
    public func envelopeLines(at date: CivilDate, rates: ExchangeRates) -> [EnvelopeLine] {
        envelopes.indices.compactMap { e in
            guard let status = envelopeStatus(e, through: date, rates: rates) else { return nil }
            let envelope = envelopes[e]
            let budget = status.budget
            let percent = budget.isNegative || budget.isZero ? nil : status.spent.multiplied(by: Money(units: 100, scale: 0), roundedTo: status.spent.scale).flatMap { $0.divided(by: budget, roundedTo: 1) }
            let alert = envelope.alert.flatMap { threshold in percent.map { !($0 < threshold) } } ?? false
            let daysLeft = date.days(until: status.end) + 1
            let perDay =
                status.available.units > 0 && daysLeft > 0 && status.start <= date
                ? status.available.divided(by: daysLeft, roundedTo: decimals(of: defaultCurrency)) : nil
            return EnvelopeLine(
                index: e, envelope: envelope, status: status, percent: percent, alert: alert && !status.isOverspent,
                leftPerDay: perDay)
        }
    }
}
