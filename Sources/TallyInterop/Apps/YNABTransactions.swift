import TallyCore
import TallySyntax

/// The register's rows as transactions: openings, transactions, splits, each transfer
/// once; and each category's activity per month, which the plan is checked against.
struct YNABTransactions {
    let cards: Set<String>
    /// YNAB 4's accounts whose balance goes below zero and that its export does not name
    /// as cards (``YNABExport/ynab4Cards(_:plan:)``): their spending may be a card's, so
    /// the overspending with it is listed.
    var belowZero = Set<String>()
    var transactions: [PeerTransaction] = []
    var leftOut: [LeftOut] = []
    /// The wallet accounts, in the order the register names them.
    var walletAccounts: [String] = []
    /// Per category account, per month (its first day): inflows less outflows.
    var activity: [String: [CivilDate: Money]] = [:]
    /// The part of `activity` in the accounts of ``belowZero``: what may be a card's
    /// spending that Tally does not know as one.
    var cardActivity: [String: [CivilDate: Money]] = [:]
    /// The accounts with rows in the register; a transfer may name one that has none.
    var exported = Set<String>()
    /// The accounts outside the export that transfers reach, each listed once.
    var outside = Set<String>()

    mutating func wallet(_ name: String) -> String {
        let account = YNABExport.account(cards.contains(name) ? "Liabilities" : "Assets", name)
        if !walletAccounts.contains(account) { walletAccounts.append(account) }
        return account
    }

    mutating func read(_ register: YNABRegister) {
        exported = Set(register.rows.map(\.account))
        let (groups, listed) = register.grouped()
        leftOut += listed
        // A transfer's other side: a whole row in the named account naming this one back,
        // on the same day, with the opposite amount; each side used once.
        var sides: [String: [Int]] = [:]
        func key(_ account: String, _ other: String, _ date: CivilDate, _ amount: Money) -> String { "\(account)\u{1}\(other)\u{1}\(date.iso)\u{1}\(amount)" }
        for (i, group) in groups.enumerated() where group.count == 1 && group[0].split == nil {
            if let other = group[0].transferAccount { sides[key(group[0].account, other, group[0].date, group[0].amount.number), default: []].append(i) }
        }
        var used = Set<Int>()
        func otherSide(of row: YNABRegister.Row, from i: Int) -> Int? {
            guard let other = row.transferAccount,
                let found = sides[key(other, row.account, row.date, row.amount.number.negated)]?.first(where: { $0 != i && !used.contains($0) })
            else { return nil }
            used.insert(found)
            return found
        }
        // Splits first: a transfer part takes its other side before a whole row could.
        var splitSides: [Int: [Int?]] = [:]
        for (i, group) in groups.enumerated() where group.count > 1 { splitSides[i] = group.map { otherSide(of: $0, from: i) } }
        for (i, group) in groups.enumerated() where !used.contains(i) {
            if group.count > 1 {
                addSplit(group, otherSides: splitSides[i] ?? [], groups)
            } else if group[0].transferAccount != nil {
                used.insert(i)
                addTransfer(group[0], otherSide(of: group[0], from: i).map { groups[$0][0] })
            } else {
                addSingle(group[0])
            }
        }
        openingsFirst()
    }

    /// YNAB writes the register newest first, so an account's `Starting Balance` follows
    /// the rows of its own day: it is the wallet's first movement all the same (else the
    /// converter would find equity after the wallet's first movement and leave it out).
    private mutating func openingsFirst() {
        let opens = transactions.map { $0.postings.contains { $0.account == YNABExport.openingAccount } }
        let order = transactions.indices.sorted { a, b in
            (transactions[a].date, opens[a] ? 0 : 1, a) < (transactions[b].date, opens[b] ? 0 : 1, b)
        }
        transactions = order.map { transactions[$0] }
    }

    private mutating func head(_ row: YNABRegister.Row) -> PeerTransaction {
        var t = PeerTransaction(date: row.date, payee: row.payee.isEmpty ? nil : row.payee, source: row.source)
        if !row.memo.isEmpty { t.note = row.memo }
        if !row.flag.isEmpty { t.tags.append("flag-" + row.flag.lowercased()) }
        switch row.cleared.lowercased() {
        case "uncleared": t.tags.append("uncleared")
        case "reconciled": t.tags.append("reconciled")
        default: break
        }
        return t
    }

    private mutating func posting(_ account: String, _ amount: PeerAmount, _ row: YNABRegister.Row, note: String? = nil) -> PeerPosting {
        PeerPosting(account: account, amount: amount, note: note, source: row.source)
    }

    private mutating func count(_ row: YNABRegister.Row, in category: String) {
        let month = CivilDate(year: row.date.year, month: row.date.month, day: 1)!
        activity[category, default: [:]][month] = (activity[category]?[month] ?? .zero).adding(row.amount.number) ?? .zero
        if belowZero.contains(row.account) {
            cardActivity[category, default: [:]][month] = (cardActivity[category]?[month] ?? .zero).adding(row.amount.number) ?? .zero
        }
    }

    private mutating func addSingle(_ row: YNABRegister.Row) {
        let wallet = wallet(row.account)
        var t = head(row)
        if row.payee == "Starting Balance" && (row.group == "Inflow" || row.category.isEmpty) {
            t.postings = [posting(wallet, row.amount, row), posting(YNABExport.openingAccount, PeerAmount(number: row.amount.number.negated, commodity: row.amount.commodity), row)]
            transactions.append(t)
            if wallet.hasPrefix("Liabilities:") && row.group == "Inflow" && !row.amount.number.isZero {
                // Tally's ready to assign never counts a credit wallet's opening.
                leftOut.append(LeftOut(source: row.source, reason: "a card's starting balance booked to ready to assign: Tally's ready to assign does not count it"))
            }
            return
        }
        guard let category = YNABExport.categoryAccount(group: row.group, category: row.category) else {
            leftOut.append(LeftOut(source: row.source, reason: "a transaction without a category (as in a YNAB tracking account): Tally books every transaction in one"))
            return
        }
        count(row, in: category)
        t.postings = [posting(wallet, row.amount, row), posting(category, PeerAmount(number: row.amount.number.negated, commodity: row.amount.commodity), row)]
        transactions.append(t)
    }

    private mutating func addTransfer(_ row: YNABRegister.Row, _ other: YNABRegister.Row?) {
        guard let other else {
            if let outsider = outsideWallet(row) {
                var t = head(row)
                t.payee = nil
                let negated = PeerAmount(number: row.amount.number.negated, commodity: row.amount.commodity)
                t.postings = [posting(wallet(row.account), row.amount, row), posting(outsider, negated, row)]
                transactions.append(t)
                return
            }
            leftOut.append(LeftOut(source: row.source, reason: "a transfer whose other side (in `\(row.transferAccount ?? "")`) is not in the export"))
            return
        }
        guard row.category.isEmpty && other.category.isEmpty else {
            // YNAB categorizes a transfer between a budget and a tracking account: money
            // spent from one wallet that another receives, which Tally has no entry for.
            for side in [row, other] { leftOut.append(LeftOut(source: side.source, reason: "a transfer with a category (to or from a YNAB tracking account)")) }
            return
        }
        var t = head(row)
        t.payee = nil
        t.postings = [posting(wallet(row.account), row.amount, row), posting(wallet(other.account), other.amount, other)]
        transactions.append(t)
    }

    /// The wallet a transfer reaches when its account has no row in the export (a card's
    /// register exported alone names `Transfer : Checking`): the money still moved in the
    /// exported account, so the other account becomes a wallet of its own, holding only
    /// these transfers, and is listed as outside the export. Nil when the account is in
    /// the export, where a missing other side is doubtful and listed instead.
    private mutating func outsideWallet(_ row: YNABRegister.Row) -> String? {
        guard row.category.isEmpty, let name = row.transferAccount, !exported.contains(name) else { return nil }
        if outside.insert(name).inserted {
            leftOut.append(
                LeftOut(
                    source: row.source,
                    reason: "the account `\(name)` is not in the export: its wallet holds only the transfers with exported accounts, not its balance in YNAB"
                ))
        }
        return wallet(name)
    }

    private mutating func addSplit(_ rows: [YNABRegister.Row], otherSides: [Int?], _ groups: [[YNABRegister.Row]]) {
        var t = head(rows[0])
        t.note = nil
        t.payee = rows.first { $0.transferAccount == nil && !$0.payee.isEmpty }?.payee
        let account = wallet(rows[0].account)  // named before the accounts its transfers reach
        var total = Money.zero
        var parts: [PeerPosting] = []
        // A split not converted is listed with the other sides of its transfers, which
        // it took: neither may count alone.
        func list(_ reason: String) {
            for r in rows + otherSides.compactMap({ $0.map { groups[$0][0] } }) { leftOut.append(LeftOut(source: r.source, reason: reason)) }
        }
        // Checked before any part counts or names an account outside the export: a split
        // left out leaves no trace in the activity or the wallets.
        guard rows.allSatisfy({ $0.transferAccount != nil || YNABExport.categoryAccount(group: $0.group, category: $0.category) != nil }) else {
            return list("a split with a part without a category")
        }
        for (n, row) in rows.enumerated() {
            guard let sum = total.adding(row.amount.number) else { return list("a split whose total is too large to compute exactly") }
            total = sum
            let negated = PeerAmount(number: row.amount.number.negated, commodity: row.amount.commodity)
            if row.transferAccount != nil {
                let note = row.memo.isEmpty ? nil : row.memo
                if n < otherSides.count, let side = otherSides[n] {
                    parts.append(posting(wallet(groups[side][0].account), negated, row, note: note))
                } else if let outsider = outsideWallet(row) {
                    parts.append(posting(outsider, negated, row, note: note))
                } else {
                    return list("a split with a transfer whose other side is not in the export")
                }
            } else if let category = YNABExport.categoryAccount(group: row.group, category: row.category) {
                count(row, in: category)
                parts.append(posting(category, negated, row, note: row.memo.isEmpty ? nil : row.memo))
            } else {
                return list("a split with a part without a category")
            }
        }
        t.postings = [posting(account, PeerAmount(number: total, commodity: rows[0].amount.commodity), rows[0])] + parts
        transactions.append(t)
    }
}
