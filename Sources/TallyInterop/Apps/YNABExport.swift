import TallyCore
import TallySyntax

/// A YNAB export (its register and, when given, its plan) as the records the journal
/// converter builds from: each YNAB account a wallet (`Assets:NAME`, or `Liabilities:NAME`
/// for a card, told by the plan's `Credit Card Payments` group, or YNAB 4's `Pre-YNAB
/// Debt` category: ``ynab4Cards(_:plan:)``), each category group and
/// category a category (`Expenses:GROUP:CATEGORY`; the `Inflow` group's an income), a
/// `Starting Balance` the wallet's opening, a transfer one transfer however many sides the
/// export shows, a split one transaction with split lines; flags and cleared state tags
/// (`#flag-red`, `#uncleared`, `#reconciled`), memos notes. The plan's assigned amounts
/// become fills of one rolled-over monthly envelope per category (``YNABPlan``).
struct YNABExport {
    let tables: [AppTable]
    let options: AppExportOptions

    /// The group YNAB keeps a payment category per card in.
    static let cardGroup = "Credit Card Payments"
    /// The account a `Starting Balance` comes from: the wallet's opening.
    static let openingAccount = "Equity:Opening Balances"

    func read() throws(AppExportError) -> PeerJournalContent {
        let registers = tables.filter(YNABRegister.isRegister)
        let plans = tables.filter(YNABPlan.isPlan)
        if let other = tables.first(where: { !YNABRegister.isRegister($0) && !YNABPlan.isPlan($0) }) {
            throw AppExportError("\(other.path): neither YNAB's register nor its plan (the columns are \(other.header.joined(separator: ", ")))")
        }
        guard registers.count == 1, plans.count <= 1 else {
            throw AppExportError("give YNAB's register file and, for envelopes, its plan file: one of each")
        }
        var plan = try plans.first.map { table throws(AppExportError) in try YNABPlan(table: table, options: options) }
        var registerOptions = options
        if options.dateFormat == nil, let months = plan?.rows.map(\.month), let first = months.min(), let last = months.max(),
            let column = registers[0].column("Date")
        {
            // Dates that read two ways (every day 1–12) are read the way that puts them
            // in the plan's months.
            registerOptions.dateFormat = registers[0].dateFormat(column, within: first ... last)
        }
        let register = try YNABRegister(table: registers[0], options: registerOptions)
        if register.mark == .comma, options.conversion.commodities["$"] == nil, register.rows.contains(where: { $0.amount.commodity == "$" }) {
            // YNAB writes US dollars `$1,234.56`; a `$` with a decimal comma is a peso's
            // (COP, ARS, CLP, …): never taken for USD.
            throw AppExportError(
                "\(registers[0].path): amounts in `$` with a decimal comma, which is not how YNAB writes US dollars; name the budget's currency with --commodity '$=CODE' (COP, ARS, CLP, …)"
            )
        }
        var content = PeerJournalContent()
        content.leftOut = register.leftOut
        plan?.markClosedCards(accounts: Set(register.rows.map(\.account)))
        let isYNAB4 = YNABRegister.version(of: registers[0]) == .ynab4
        let cards = (plan?.cards ?? []).union(isYNAB4 ? Self.ynab4Cards(register.rows, plan: plan) : [])
        var transactions = YNABTransactions(cards: cards)
        if isYNAB4 { transactions.belowZero = Self.accountsBelowZero(register.rows).subtracting(cards) }
        transactions.read(register)
        content.transactions = transactions.transactions
        content.leftOut += transactions.leftOut
        content.declaredAccounts = transactions.walletAccounts
        for account in transactions.walletAccounts where account.hasPrefix("Liabilities:") { content.accountTypes[account] = .liability }
        if let plan {
            let budgeting = plan.envelopes(
                activity: transactions.activity, cardActivity: transactions.cardActivity,
                cardSpending: isYNAB4 ? "spending from an account that goes below zero (a card? YNAB 4's export does not say)" : nil)
            content.envelopes = budgeting.envelopes
            content.declaredAccounts += budgeting.envelopes.map(\.account)
            content.leftOut += budgeting.leftOut
            if isYNAB4 { content.leftOut += Self.ynab4CardsPaidBeyond(register.rows, plan: plan, cards: cards) }
            if let held = Self.nextMonthEnvelope(register.nextMonthIncome) { content.envelopes.append(held) }
        } else {
            // The money converts; without envelopes there is no ready to assign to defer it in.
            for income in register.nextMonthIncome {
                content.leftOut.append(
                    LeftOut(
                        source: income.source,
                        reason: "income marked `Available next month`: Tally counts it in ready to assign on its day, YNAB 4 in the next month"))
            }
        }
        let earns = content.transactions.contains { t in t.postings.contains { $0.account.hasPrefix("Income:") } }
        if let plan, !earns, let first = plan.rows.first {
            // Tally's ready to assign is a figure of budgets that record income.
            content.leftOut.append(
                LeftOut(source: first.source, reason: "no income besides starting balances: Tally shows no ready to assign until some is recorded"))
        }
        if plans.isEmpty, let first = register.rows.first {
            content.leftOut.append(
                LeftOut(source: first.source, reason: "no plan file given: the months' assigned amounts (envelopes, ready to assign) are not converted"))
        }
        return content
    }

    /// The envelope that holds YNAB 4's income marked `Available next month` until then: a
    /// monthly envelope with no category and no rollover, filled with each such income on
    /// its day, so that what it holds at the month's end goes back to ready to assign on
    /// the next month's first day (Grammar.md §4), when YNAB 4 counts it. Nil without such income.
    static func nextMonthEnvelope(_ income: [(date: CivilDate, amount: PeerAmount, source: SourceLine)]) -> PeerEnvelope? {
        guard let first = income.first else { return nil }
        var envelope = PeerEnvelope(name: nextMonthName, account: "", source: first.source)
        envelope.fills = income.map { ($0.date, $0.amount, $0.source) }
        return envelope
    }

    /// The name of the envelope ``nextMonthEnvelope(_:)`` makes.
    static let nextMonthName = "Income for next month"

    /// The accounts whose balance goes below zero on some day (openings first on their
    /// day, each day's rows together): YNAB 4's cards are among them.
    static func accountsBelowZero(_ rows: [YNABRegister.Row]) -> Set<String> {
        var byDay: [String: [CivilDate: Money]] = [:]
        for row in rows { byDay[row.account, default: [:]][row.date] = (byDay[row.account]?[row.date] ?? .zero).adding(row.amount.number) ?? .zero }
        var found = Set<String>()
        for (account, days) in byDay {
            var balance = Money.zero
            for day in days.keys.sorted() {
                balance = balance.adding(days[day]!) ?? balance
                if balance.isNegative { found.insert(account) }
            }
        }
        return found
    }

    /// A peer account path from names that may hold `:` (which would nest them).
    static func account(_ root: String, _ names: String...) -> String {
        // An empty group (YNAB's `Uncategorized` has none) adds no level.
        ([root] + names.filter { !$0.isEmpty }.map { $0.replacingText(":", with: "-") }).joined(separator: ":")
    }

    /// The category account of a row with a category, nil for a row without one.
    static func categoryAccount(group: String, category: String) -> String? {
        guard !category.isEmpty else { return nil }
        return group == "Inflow" ? account("Income", category) : account("Expenses", group, category)
    }
}
