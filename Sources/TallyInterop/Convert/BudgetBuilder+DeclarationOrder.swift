import TallySyntax

/// The order in which the journal declared its accounts, kept on the budget's
/// declarations: hledger lists declared accounts first, in that order, at each level of
/// the account tree, so the export declares them in it again (docs/interop.md).
extension BudgetBuilder {
    /// Per peer account of a wallet or category, the metadata lines that keep its place
    /// among the journal's account declarations (`declared: 3`) and the places of the
    /// declared accounts that are neither wallet nor category (`declared-parent: "2
    /// expenses"`): a parent, or a wallet's opening account and its parents, kept on the
    /// first wallet or category below them or opened from them, wallets first.
    func declarationOrder(_ accounts: AccountPlan) -> [String: String] {
        guard keepsShapes, !content.declaredAccounts.isEmpty else { return [:] }
        var place: [String: Int] = [:]
        var order: [String] = []
        for account in content.declaredAccounts where place[account] == nil {
            order.append(account)
            place[account] = order.count
        }
        // The peer accounts of the declarations, in the order the budget writes them.
        var written = accounts.walletAccounts.map(peerAccount)
        var accountOf: [String: String] = [:]
        for (account, name) in accounts.categoryNames { accountOf[name] = account }
        written += (accounts.incomeNames + accounts.expenseNames).compactMap { accountOf[$0] }
        var lines: [String: String] = [:]
        func add(_ account: String, _ key: String, _ value: String) {
            lines[account, default: ""] += "    " + SourceWriter.metadata(key: key, value: SourceWriter.printable(value)) + "\n"
        }
        let kept = Set(written)
        for account in written where lines[account] == nil {
            if let n = place[account] { add(account, AccountNames.declaredKey, String(n)) }
        }
        // The accounts each declaration stands for: its own, and a wallet's opening account.
        let openings = accounts.walletAccounts.map { accounts.wallets[$0]?.openingAccount }
        func covers(_ index: Int, _ parent: String) -> Bool {
            let names = [written[index]] + (index < openings.count ? [openings[index]].compactMap { $0 } : [])
            return names.contains { $0 == parent || $0.hasPrefix(parent + ":") }
        }
        for parent in order where !kept.contains(parent) {
            guard let below = written.indices.first(where: { covers($0, parent) }), let n = place[parent] else { continue }
            add(written[below], AccountNames.declaredParentKey, "\(n) \(parent)")
        }
        return lines
    }
}
