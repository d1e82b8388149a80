import TallySyntax

/// A wallet's balance on a date, with its value in the default currency.
public struct WalletBalance: Sendable {
    /// Index into ``BudgetModel/wallets``.
    public let wallet: Int
    /// In the wallet's currency.
    public let balance: Money
    /// In the default currency; nil when no rate is known.
    public let converted: Money?
}

/// Every wallet's balance on a date, and the total of those that count.
public struct BalanceSheet: Sendable {
    public let date: CivilDate
    /// Wallets that count in totals (not hidden, and open on the date), in declaration order.
    public let counted: [WalletBalance]
    /// Hidden wallets: shown apart, never in totals.
    public let hidden: [WalletBalance]
    /// Sum of `counted` in the default currency (wallets without a rate left out).
    public let total: Money
    /// Totals per wallet kind, in the order kinds are declared in ``WalletKind``.
    public let byKind: [(kind: WalletKind, total: Money)]
    /// Currencies without a rate to the default currency on the date.
    public let missingRates: [MissingRate]
    /// What `total` leaves out for want of a rate: the counted wallets' balances per
    /// currency.
    public let unconverted: [String: Money]

    /// Per owner group (`Anna`, `Anna, Ben`, or empty for wallets without an owner), the
    /// wallets that count and their total in the default currency.
    public func byOwner(_ model: BudgetModel) -> [(owners: [String], wallets: [WalletBalance], total: Money)] {
        var groups: [[String]: [WalletBalance]] = [:]
        for item in counted { groups[model.wallets[item.wallet].owners.sorted(), default: []].append(item) }
        return groups.map { owners, list in
            (owners, list, list.reduce(Money.zero) { sum, item in item.converted.flatMap { sum.adding($0) } ?? sum })
        }
        .sorted { ($0.owners.count, $0.owners.joined(separator: ",")) < ($1.owners.count, $1.owners.joined(separator: ",")) }
    }
}

extension BudgetModel {
    /// Balances at the end of `date`. Wallets opened after the date are left out.
    public func balanceSheet(at date: CivilDate, rates: ExchangeRates) -> BalanceSheet {
        var counted: [WalletBalance] = []
        var hidden: [WalletBalance] = []
        var missing: [MissingRate] = []
        var kindTotals: [WalletKind: Money] = [:]
        var total = Money.zero
        var unconverted: [String: Money] = [:]
        for (w, wallet) in wallets.enumerated() {
            if let opened = wallet.openingDate, opened > date { continue }
            let balance = balance(of: w, at: date)
            let converted = rates.toDefault(balance, from: wallet.currency, at: date)
            if converted == nil { MissingRate.merge(&missing, MissingRate(currency: wallet.currency, date: date)) }
            let item = WalletBalance(wallet: w, balance: balance, converted: converted)
            if wallet.hidden {
                hidden.append(item)
                continue
            }
            counted.append(item)
            if converted == nil {
                unconverted[wallet.currency] = (unconverted[wallet.currency] ?? .zero).adding(balance) ?? unconverted[wallet.currency]
            }
            // Under a valuation the totals add the values unrounded and round once, as
            // hledger's total does (Grammar.md §3.14); otherwise they are `converted`.
            if let converted {
                let value = rates.toDefaultForSum(balance, from: wallet.currency, at: date) ?? converted
                total = total.adding(value) ?? total
                kindTotals[wallet.kind] = (kindTotals[wallet.kind] ?? .zero).adding(value) ?? kindTotals[wallet.kind]
            }
        }
        if rates.chains {
            let places = decimals(of: rates.target), one = Money(units: 1, scale: 0)
            total = total.multiplied(by: one, roundedTo: places) ?? total
            for (kind, sum) in kindTotals { kindTotals[kind] = sum.multiplied(by: one, roundedTo: places) ?? sum }
        }
        let byKind = WalletKind.allCases.compactMap { kind in kindTotals[kind].map { (kind, $0) } }
        return BalanceSheet(
            date: date, counted: counted, hidden: hidden, total: total, byKind: byKind, missingRates: missing.sorted(),
            unconverted: unconverted)
    }
}
