import TallyCore
import TallySyntax

/// Every account the postings name, in order of first use, how many postings each has
/// in each commodity, and the most decimals written per commodity. Accounts and
/// commodity symbols are numbered in the order they first appear, so that the counts
/// index arrays: hashing a name for each posting took much of a large conversion.
struct AccountSurvey {
    /// The accounts, in the order the postings name them.
    private(set) var accounts: [String] = []
    private var accountNumbers: [String: Int] = [:]
    private var symbols: [String] = []
    private var symbolNumbers: [String: Int] = [:]
    /// Per account, per symbol: how many postings.
    private var uses: [[Int]] = []
    /// Per symbol, the most decimals written; -1 for none.
    private var symbolDecimals: [Int] = []
    /// The accounts a posting with a cost (`{…}`) names: they hold units.
    var heldAtCost: Set<String> = []

    /// The account's number, and whether the survey met it just now.
    mutating func number(of account: String) -> (number: Int, isNew: Bool) {
        if let known = accountNumbers[account] { return (known, false) }
        accountNumbers[account] = accounts.count
        accounts.append(account)
        uses.append([])
        return (accounts.count - 1, true)
    }

    /// Whether no posting names `account`.
    func hasNoPostings(_ account: String) -> Bool { accountNumbers[account] == nil }

    /// Notes the decimals of an amount; returns its commodity's number.
    @discardableResult
    mutating func noteDecimals(_ amount: PeerAmount) -> Int {
        let n = symbol(amount.commodity)
        symbolDecimals[n] = max(symbolDecimals[n], amount.number.significantScale)
        return n
    }

    /// Counts a posting of `amount` on the account numbered `account`.
    mutating func count(_ amount: PeerAmount, on account: Int) {
        let n = noteDecimals(amount)
        if uses[account].count <= n { uses[account] += Array(repeating: 0, count: n + 1 - uses[account].count) }
        uses[account][n] += 1
    }

    private mutating func symbol(_ commodity: String) -> Int {
        if let n = symbolNumbers[commodity] { return n }
        symbolNumbers[commodity] = symbols.count
        symbols.append(commodity)
        symbolDecimals.append(-1)
        return symbols.count - 1
    }

    /// Per account, per commodity symbol: how many postings.
    var commodityUses: [String: [String: Int]] {
        var result: [String: [String: Int]] = [:]
        for (number, counts) in uses.enumerated() {
            for (n, count) in counts.enumerated() where count > 0 { result[accounts[number], default: [:]][symbols[n]] = count }
        }
        return result
    }

    /// The most decimals written per currency code (`code` tells a symbol's).
    func decimals(_ code: (String) -> String?) -> [String: Int] {
        var result: [String: Int] = [:]
        for (n, places) in symbolDecimals.enumerated() where places >= 0 {
            guard let c = code(symbols[n]) else { continue }
            result[c] = max(result[c] ?? 0, places)
        }
        return result
    }
}

/// What the peer accounts became: wallets and categories, in the order the budget
/// declares them.
struct AccountPlan {
    /// The wallets' peer accounts, in order.
    var walletAccounts: [String] = []
    var wallets: [String: BudgetBuilder.WalletInfo] = [:]
    /// Category name by peer account.
    var categoryNames: [String: String] = [:]
    var incomeNames: [String] = []
    var expenseNames: [String] = []
    /// The most decimals written per currency code.
    var decimals: [String: Int] = [:]
}

/// Stage 2: the accounts, and the wallets and categories they become.
extension BudgetBuilder {
    /// Counts every posting's account and commodity (and gives each account its role).
    mutating func surveyAccounts(_ transactions: [PeerTransaction], _ periodics: [PeriodicCandidate]) -> AccountSurvey {
        var survey = AccountSurvey()
        for t in transactions.indices {
            for p in transactions[t].postings.indices {
                let account = transactions[t].postings[p].account
                let (number, isNew) = survey.number(of: account)
                if isNew { roles[account] = declaredRole(account) }
                guard !transactions[t].postings[p].isVirtual else { continue }
                if transactions[t].postings[p].hasCost { survey.heldAtCost.insert(account) }
                if let a = transactions[t].postings[p].amount { survey.count(a, on: number) }
                if let a = transactions[t].postings[p].assertion { survey.noteDecimals(a) }
            }
        }
        for b in content.balances { survey.noteDecimals(b.amount) }
        for p in periodics { for posting in p.postings { if let a = posting.amount { survey.noteDecimals(a) } } }
        return survey
    }

    /// Wallets (one currency each, the one most of their postings use) and categories
    /// (the account without its root, the hierarchy kept) for the accounts of `survey`,
    /// of the periodic transactions, the balances and the declarations.
    mutating func planAccounts(_ survey: AccountSurvey, _ periodics: [PeriodicCandidate]) -> AccountPlan {
        var plan = AccountPlan(decimals: survey.decimals(code))
        var categoryAccounts: [String] = []
        var seen = Set<String>()
        func consider(_ account: String) {
            guard seen.insert(account).inserted else { return }
            switch role(account) {
            case .wallet: plan.walletAccounts.append(account)
            case .income, .expense: categoryAccounts.append(account)
            default: break
            }
        }
        // A declared account that only groups others (`account Expenses` over
        // `Expenses:Food`), with no posting of its own, is neither wallet nor category.
        let named = Set(survey.accounts).union(content.declaredAccounts)
        for account in content.declaredAccounts {
            if survey.hasNoPostings(account), named.contains(where: { $0.hasPrefix(account + ":") }) { continue }
            consider(account)
        }
        for account in survey.accounts { consider(account) }  // as the postings name them
        for p in periodics {
            for posting in p.postings where !BudgetBuilder.isExpenseRoot(posting.account) { consider(posting.account) }
        }
        for b in content.balances { consider(b.account) }
        nameWallets(&plan, survey.commodityUses, heldAtCost: survey.heldAtCost)
        for account in categoryAccounts {
            var name = account.split(separator: ":").dropFirst().joined(separator: ":")
            if name.isEmpty { name = account }
            if plan.categoryNames.values.contains(name) { name = account }
            plan.categoryNames[account] = name
            if role(account) == .income { plan.incomeNames.append(name) } else { plan.expenseNames.append(name) }
        }
        return plan
    }

    /// Each wallet's name (the account's last component, else its components after the
    /// root joined by `-`, made unique with `-2`), kind and currency. An asset bought at a
    /// cost holds units: an `investment` wallet (Grammar.md §3.2, "Holdings").
    private func nameWallets(_ plan: inout AccountPlan, _ commodityUses: [String: [String: Int]], heldAtCost: Set<String>) {
        var usedNames = Set<String>()
        for account in plan.walletAccounts {
            let uses = commodityUses[account] ?? [:]
            // Amounts without a unit (listed on their own) never decide a wallet's currency.
            let main =
                uses.filter { code($0.key) != nil }.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
                ?? uses.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
                ?? content.balances.first { $0.account == account }?.amount.commodity ?? ""
            let peer = peerAccount(account)
            var parts = peer.split(separator: ":").dropFirst().map(String.init)
            if let apart = heldApart[account], !parts.isEmpty { parts[parts.count - 1] += " " + apart.code }  // `broker AAPL`
            var name = parts.last ?? peer
            if usedNames.contains(name) { name = parts.joined(separator: "-") }
            while usedNames.contains(name) { name += "-2" }
            usedNames.insert(name)
            plan.wallets[account] = WalletInfo(
                name: name,
                kind: options.walletKinds[peer]
                    ?? (heldAtCost.contains(account) && !isLiability(account)
                        ? .investment : BudgetBuilder.guessKind(account, liability: isLiability(account))),
                currency: code(main) ?? "", opening: nil, firstUse: nil)
        }
    }

    /// The wallet kind of an account: a liability (declared, or by its root) is a loan or
    /// a credit line, an asset one of the kinds that hold money; within each, the name's
    /// words pick the kind, but never move an account between assets and liabilities (an
    /// `Assets:Bank:VirtualVisa` stays an asset).
    static func guessKind(_ account: String, liability: Bool) -> WalletKind {
        let lower = account.lowercased()
        if liability {
            return lower.contains("loan") || lower.contains("mortgage") ? .loan : .credit
        }
        if lower.contains("cash") || lower.contains("wallet") { return .cash }
        if lower.contains("saving") { return .savings }
        if lower.contains("invest") || lower.contains("broker") || lower.contains("stock") || lower.contains("retire") { return .investment }
        return .bank
    }
}

extension BudgetBuilder {
    /// The `in` list of a converted goal's envelope when some wallets hold another
    /// commodity than the budget's: the wallets in the budget's currency that an envelope
    /// counts by default (not loans), as a peer's budget report compares a goal with
    /// spending in the goal's commodity only. Nil when every wallet is in that currency
    /// (no `in` needed), or none is.
    mutating func envelopeWallets(_ wallets: [String: WalletInfo], _ mainCurrency: String) -> String? {
        let all = wallets.values.filter { $0.kind != .loan }
        let same = all.filter { $0.currency == mainCurrency || $0.currency.isEmpty }
        guard same.count < all.count, !same.isEmpty else { return nil }
        var names: [String] = []
        for name in Set(same.map(\.name)).sorted() { names.append(tallyName(name)) }
        return names.joined(separator: ", ")
    }
}
