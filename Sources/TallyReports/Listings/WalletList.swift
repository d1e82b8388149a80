import TallyCore
import TallySyntax

/// `tally wallets`: every wallet the budget declares, in file order, with the number of
/// entries (transactions, transfers, assertions) in each within a period.
public struct WalletList: Sendable {
    /// The wallets, in file order.
    public let wallets: [Wallet]
    /// Entries per wallet, by the wallet's index.
    public let counts: [Int]

    /// The list for the entries within `range` (all without one).
    public init(_ budget: ReportBudget, range: ClosedRange<CivilDate>?) {
        var counts = [Int](repeating: 0, count: budget.model.wallets.count)
        for entry in budget.entries(in: range) { for w in entry.walletsMoved { counts[w] += 1 } }
        self.wallets = budget.model.wallets
        self.counts = counts
    }

    /// `{"wallets": [{"name", "kind", "currency", "owners", "hidden", "closed", "entries"}]}`.
    public var json: JSONValue {
        .object([
            (
                "wallets",
                .array(
                    wallets.indices.map { i in
                        let w = wallets[i]
                        return .object([
                            ("name", .string(w.name)), ("kind", .string(w.kind.rawValue)), ("currency", .string(w.currency)),
                            ("owners", .array(w.owners.map(JSONValue.string))), ("hidden", .bool(w.hidden)),
                            ("closed", .optional(w.closed?.description)), ("entries", .number(counts[i]))
                        ])
                    })
            )
        ])
    }
}
