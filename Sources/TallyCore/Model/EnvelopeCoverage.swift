import TallySyntax

extension Wallet {
    /// True for a wallet whose money the envelopes budget (Grammar.md §4, "The envelope
    /// equation"): not hidden and not a loan. A credit wallet is one, its debt counted
    /// as negative money.
    public var holdsBudgetMoney: Bool { !hidden && kind != .loan }

    /// True for a wallet whose money ready to assign and the envelope equation count: one
    /// that holds budget money, in the budget's currency or in one the budget states a
    /// rate for (`hasRate`, to the default currency). A wallet in a currency with no rate
    /// at all stays outside, as a tracking account does in YNAB: its money cannot be
    /// counted in the budget's currency, and no figure guesses a rate. A wallet that holds
    /// units (``holdsUnits(defaultCurrency:)``) stays outside too, whatever its rates.
    public func countsInReadyToAssign(defaultCurrency: String, hasRate: (String) -> Bool) -> Bool {
        holdsBudgetMoney && !holdsUnits(defaultCurrency: defaultCurrency)
            && (currency.isEmpty || defaultCurrency.isEmpty || currency == defaultCurrency || hasRate(currency))
    }

    /// True for an `investment` wallet in another currency than the default one: it holds
    /// units (shares, fund units) whose rates value them, not money to budget (Grammar.md
    /// §3.2, "Holdings"). Buying them is money leaving the budget's wallets, as a transfer
    /// to a tracking account does in YNAB, and a rate that moves changes no assignment.
    public func holdsUnits(defaultCurrency: String) -> Bool {
        kind == .investment && !currency.isEmpty && !defaultCurrency.isEmpty && currency != defaultCurrency
    }
}

/// Which spending the envelopes that assign money count: the one rule that ready to
/// assign, the envelope equation and the unbudgeted line of `tally envelopes` share.
///
/// Spending is in an envelope when an envelope that assigns money (not `for *`) covers
/// its category, counts its wallet, and has a period containing its date (between its
/// first and last period: `from` and `until` bound them). Any other spending from the
/// budget's wallets is unbudgeted: money gone, taken from ready to assign.
public struct EnvelopeCoverage: Sendable {
    /// Per category: the assigning envelopes whose categories include it.
    let byCategory: [[Int]]
    /// Per envelope: the first and last day of its periods, nil when it has none.
    let spans: [ClosedRange<CivilDate>?]
    /// Per envelope and wallet (`e * walletCount + w`): whether it counts the wallet.
    let counted: [Bool]
    let walletCount: Int

    /// The coverage of `envelopes` over `categories`, given each envelope's periods.
    init(envelopes: [Envelope], categories: [Category], wallets: [Wallet], periods: [[EnvelopeStatus]]) {
        byCategory = categories.map { category in
            guard !category.isIncome else { return [] }
            return envelopes.indices.filter { e in
                !envelopes[e].coversAll && envelopes[e].categories.contains { category.isWithin($0) }
            }
        }
        spans = periods.map { list in list.first.flatMap { first in list.last.map { first.start ... $0.end } } }
        walletCount = wallets.count
        var counted = [Bool](repeating: false, count: envelopes.count * wallets.count)
        for (e, envelope) in envelopes.enumerated() {
            for w in wallets.indices { counted[e * wallets.count + w] = envelope.counts(wallet: w, of: wallets) }
        }
        self.counted = counted
    }

    /// True when an envelope that assigns money counts spending in `category` from
    /// `wallet` on `date`.
    public func isCounted(category: Int, wallet: Int, on date: CivilDate) -> Bool {
        for e in byCategory[category] where counted[e * walletCount + wallet] {
            if let span = spans[e], span.contains(date) { return true }
        }
        return false
    }
}

extension BudgetModel {
    /// The coverage of this budget's envelopes (see ``EnvelopeCoverage``).
    public var envelopeCoverage: EnvelopeCoverage {
        EnvelopeCoverage(envelopes: envelopes, categories: categories, wallets: wallets, periods: envelopePeriods)
    }
}
