import TallyCore
import TallySyntax

/// Where each total leads: the register's rows behind it, in the register's own filters
/// (the one place the pages build these links).
enum DrillDown {
    /// An envelope's spending in its period containing the day, through the day: the
    /// register's `envelope:` query, which keeps the lines by the envelope's own selection
    /// (``Envelope/countsSpending(in:from:of:)``, the one the figure is summed by), so the
    /// rows add up to the figure whatever the envelope covers (an envelope with no
    /// categories leads to no rows).
    static func envelope(_ envelope: Envelope, status: EnvelopeStatus, at date: CivilDate) -> String {
        let name = envelope.name.contains(" ") ? "\"\(envelope.name)\"" : envelope.name
        return PageLayout.register([("q", "envelope:" + name), ("period", "\(status.start)..\(min(date, status.end))")])
    }

    /// An envelope's spending in a column of the budget grid (its activity): the same
    /// `envelope:` query over the column's days.
    static func envelope(_ envelope: Envelope, column: EnvelopeColumn) -> String {
        let name = envelope.name.contains(" ") ? "\"\(envelope.name)\"" : envelope.name
        return PageLayout.register([("q", "envelope:" + name), ("period", "\(column.start)..\(column.end)")])
    }

    /// A month's income and expense rows, the net they add up to (transfers left out: the
    /// net counts none, and between currencies their sides do not cancel).
    static func month(_ month: String) -> String {
        PageLayout.register([("period", month), ("type", "income"), ("type", "expense")])
    }

    /// A goal's rows: those of the wallet that holds its money, up to the day. A goal
    /// without a wallet is saved by `goal` contributions, which are no register rows, so
    /// it leads to the goals page.
    static func goal(_ goal: Goal, model: BudgetModel, at date: CivilDate) -> String {
        guard let wallet = goal.wallet else { return "/goals?at=\(date)" }
        return self.wallet(model.wallets[wallet].name, at: date)
    }

    /// A wallet's rows up to the day, its opening balance first (the register page draws
    /// it for a wallet's whole rows): the balance they add up to.
    static func wallet(_ name: String, at date: CivilDate) -> String {
        PageLayout.register([("wallet", name), ("period", "..\(date)")])
    }

    /// The total of `sheet`: the rows up to its day of the wallets it counts (hidden ones
    /// and those not yet open left out, as the total leaves them out), nil when it counts
    /// none (all wallets would be every wallet).
    static func total(_ sheet: BalanceSheet, model: BudgetModel) -> String? {
        guard !sheet.counted.isEmpty else { return nil }
        return PageLayout.register(sheet.counted.map { ("wallet", model.wallets[$0.wallet].name) } + [("period", "..\(sheet.date)")])
    }
}
