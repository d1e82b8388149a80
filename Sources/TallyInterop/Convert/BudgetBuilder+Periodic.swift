import TallyCore
import TallySyntax

/// hledger and ledger periodic transactions (`~ PERIOD  DESCRIPTION`) in the two forms
/// Tally has an exact equivalent for; every other one is listed with why.
///
/// - **Budget goals.** Only virtual postings to expense accounts, each with a positive
///   amount, over `weekly`, `monthly`, `quarterly` or `yearly` (an optional `from`): what
///   `hledger balance --budget` reads as goals, and what `tally export --to hledger`
///   writes for an envelope. Each posting becomes `envelope NAME AMOUNT PERIOD for
///   CATEGORY` (`for *` for `Expenses` itself). The name is the description's after
///   `envelope ` (as the export writes it) for a single posting, else the category's
///   last component, made unique with `-2`, `-3`. Tally envelopes have no start date:
///   `from` is dropped (the first period opens with the budget's first movement).
/// - **Recurring transactions.** Real postings, one wallet and one category, over any
///   interval with a start whose dates a Tally `every` has (``PeriodExpression/schedule()``:
///   hledger's `to` is exclusive, Tally's `until` inclusive; a test compares both). A
///   `rule:` tag names the rule (`as NAME`).
extension BudgetBuilder {
    /// A periodic transaction whose shape Tally can hold; accounts are checked later.
    struct PeriodicCandidate {
        enum Form {
            /// Envelopes over `period` (Tally's keyword), one per goal (a positive
            /// amount on an expense account).
            case envelope(period: String, goals: [KnownPosting], from: CivilDate?, until: CivilDate?)
            /// An `every` schedule (without the entry).
            case rule(schedule: String, from: CivilDate)
        }
        var form: Form
        var transaction: PeerTransaction
        var postings: [PeerPosting] { transaction.postings }
    }

    /// The account `Expenses` itself (any case): a goal on all spending.
    static func isExpenseRoot(_ account: String) -> Bool {
        role(account) == .expense && !account.contains(":")
    }

    /// The periodic transactions whose shape Tally can hold; the others listed.
    mutating func classifyPeriodics() -> [PeriodicCandidate] {
        var candidates: [PeriodicCandidate] = []
        for periodic in content.periodics {
            var t = periodic.transaction
            func list(_ reason: String) { leftOut.append(LeftOut(source: t.source, reason: "a periodic transaction " + reason, isWhole: true)) }
            guard let period = PeriodExpression(periodic.expression) else {
                list("over `\(periodic.expression)`, a period expression Tally does not read")
                continue
            }
            guard !t.postings.isEmpty else { list("without postings"); continue }
            if let problem = t.problem { list("with " + problem); continue }
            guard !t.postings.contains(where: { $0.assertion != nil }) else { list("with a balance assertion"); continue }
            if t.postings.contains(where: \.isVirtual) {
                // A budget goal.
                guard t.postings.allSatisfy(\.isVirtual) else { list("mixing virtual and real postings"); continue }
                guard t.postings.allSatisfy({ isGoal($0) }) else {
                    list("with a virtual posting that is not a positive amount on an expense account (a budget goal Tally cannot hold)")
                    continue
                }
                do {
                    try candidates.append(goalCandidate(t, period, goals: t.postings))
                } catch { list(error.reason) }
                continue
            }
            inferMissing(&t)
            let wallets = t.postings.filter { role($0.account) == .wallet }.count
            let incomes = t.postings.filter { role($0.account) == .income }
            let expenses = t.postings.filter { role($0.account) == .expense }
            var ruleProblem: String?, schedule: (text: String, start: CivilDate)?
            do { schedule = try period.schedule() } catch { ruleProblem = error.reason }
            // One wallet and one category on dates hledger and Tally repeat alike: a
            // recurring transaction. Else expenses against one wallet: budget goals (the
            // form of hledger's budgeting examples, `--budget`'s reading), and always a
            // goal `tally export --to ledger` wrote (named by `envelope:` metadata).
            let exportedGoal = t.metadata.contains { $0.0 == "envelope" }
            if let schedule, !exportedGoal, wallets == 1, incomes.count + expenses.count == 1, t.postings.count == 2 {
                t.date = schedule.start
                candidates.append(PeriodicCandidate(form: .rule(schedule: schedule.text, from: schedule.start), transaction: t))
                continue
            }
            guard wallets == 1, !expenses.isEmpty, wallets + incomes.count + expenses.count == t.postings.count, expenses.allSatisfy({ isGoal($0) }) else {
                list(ruleProblem.map { "over `\(periodic.expression)`, " + $0 } ?? "that is neither one wallet and one category (an `every` rule) nor positive expenses against one wallet (envelopes)")
                continue
            }
            do {
                try candidates.append(goalCandidate(t, period, goals: expenses))
                for p in incomes { leftOut.append(LeftOut(source: p.source, reason: "an income goal of a budget (Tally's envelopes budget spending)")) }
            } catch {
                // One wallet and one category: a recurring transaction as much as a goal.
                if let ruleProblem, incomes.isEmpty, t.postings.count == 2 {
                    list("over `\(periodic.expression)`, " + ruleProblem + "; as a budget goal, " + error.reason.replacingText("a budget goal: ", with: ""))
                } else {
                    list(error.reason)
                }
            }
        }
        return candidates
    }

    /// A positive amount on an expense account: what a budget goal is.
    private func isGoal(_ p: PeerPosting) -> Bool {
        role(p.account) == .expense && p.amount.map { $0.number > .zero } == true && p.price == nil && !p.hasCost
    }

    /// Envelopes for `goals` over `period`, or why not.
    private func goalCandidate(_ t: PeerTransaction, _ period: PeriodExpression, goals: [PeerPosting]) throws(NotConverted) -> PeriodicCandidate {
        switch period.interval {
        case "weekly", "monthly", "quarterly", "yearly": break
        case "daily": throw NotConverted("over `daily` (a budget goal: Tally's shortest envelope period is a week)")
        default:
            throw NotConverted("over `\(period.written)` (a budget goal: envelope periods are calendar weeks, months, quarters or years)")
        }
        // hledger's `to` is exclusive, Tally's `until` inclusive: the day before.
        let until = period.to?.adding(days: -1)
        return PeriodicCandidate(form: .envelope(period: period.interval, goals: goals.compactMap(KnownPosting.init), from: period.from, until: until), transaction: t)
    }

    /// The `envelope` lines, then the `every` lines, for the candidates, listing those
    /// whose accounts or amounts do not fit after all.
    mutating func periodicDeclarations(
        _ candidates: inout [PeriodicCandidate], wallets: [String: WalletInfo],
        categoryNames: [String: String], mainCurrency: String
    ) -> [String] {
        var envelopeNames = Set<String>(), ruleNames = Set<String>()
        var envelopes: [String] = [], rules: [String] = []
        for candidate in candidates {
            let t = candidate.transaction
            do {
                switch candidate.form {
                case .envelope(let period, let goals, let from, let until):
                    envelopes += try envelopeLines(
                        t, period, goals, from: from, until: until, categoryNames, mainCurrency, in: goalWallets(t, wallets, mainCurrency),
                        names: &envelopeNames)
                case .rule(let schedule, _):
                    if let line = try ruleLine(t, schedule, wallets, categoryNames, names: &ruleNames) { rules.append(line) }
                }
            } catch {
                leftOut.append(LeftOut(source: t.source, reason: "a periodic transaction " + error.reason, isWhole: true))
            }
        }
        candidates = []
        return envelopes + rules
    }

    /// `envelope NAME  AMOUNT PERIOD  for CATEGORY` per goal, each name made unique
    /// among `names`.
    private mutating func envelopeLines(
        _ t: PeerTransaction, _ period: String, _ goals: [KnownPosting], from: CivilDate?, until: CivilDate?, _ categoryNames: [String: String],
        _ mainCurrency: String, in inWallets: String?, names: inout Set<String>
    ) throws(NotConverted) -> [String] {
        var texts: [String] = []
        var given: String?
        if goals.count == 1, let payee = t.payee, payee.hasPrefix("envelope ") {
            given = String(payee.dropFirst("envelope ".count)).trimmedSpaces
        } else if goals.count == 1, let name = t.metadata.first(where: { $0.0 == "envelope" })?.1 {
            given = name  // a Fava budget's `envelope:` metadata, as the export writes it
        }
        for p in goals {
            let amount = p.amount
            guard let c = code(amount.commodity), c == mainCurrency || c.isEmpty else {
                throw NotConverted("with a budget goal in another commodity than the budget's currency (`\(amount.commodity)`)")
            }
            let target: String
            var name: String
            if BudgetBuilder.isExpenseRoot(p.account) {
                target = "*"
                name = "Everything"
            } else if let category = categoryNames[p.account], let written = categoryName(p.account, categoryNames) {
                target = written
                name = String(category.split(separator: ":").last ?? "Budget")
            } else {
                throw NotConverted("with a posting to `\(p.account)`, which no category stands for")
            }
            if let given, !given.isEmpty { name = given }
            var unique = name, n = 1
            while names.contains(unique) { n += 1; unique = "\(name)-\(n)" }
            names.insert(unique)
            var line = "envelope \(tallyName(unique))  \(amount.number) \(period)  for \(target)"
            if let inWallets { line += "  in \(inWallets)" }
            // The goal's dates: the envelope exists from the period holding `from` to the
            // one holding `until` (Grammar.md §3.5).
            if let from { line += "  from \(from.iso)" }
            if let until { line += "  until \(until.iso)" }
            texts.append(line)
        }
        return texts
    }

    /// The `in` list of a goal's envelope. The wallets its `in:` tags (hledger) or `in:`
    /// metadata (Fava, accounts cut by commas) name, as the export writes an envelope's
    /// `in`; none for a goal the export wrote without one (described `envelope NAME`, or
    /// with `envelope:` metadata), since the export names every limit; else, a peer's own
    /// goal, ``envelopeWallets(_:_:)``.
    private mutating func goalWallets(_ t: PeerTransaction, _ wallets: [String: WalletInfo], _ mainCurrency: String) throws(NotConverted) -> String? {
        let named = t.metadata.filter { $0.0 == "in" }.flatMap { $0.1.split(separator: ",") }.map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
        guard !named.isEmpty else {
            let exported = t.payee?.hasPrefix("envelope ") == true || t.metadata.contains { $0.0 == "envelope" }
            return exported ? nil : envelopeWallets(wallets, mainCurrency)
        }
        var names: [String] = []
        for account in named {
            guard let wallet = wallets[account] else { throw NotConverted("with `in: \(account)`, which no wallet stands for") }
            let name = tallyName(wallet.name)
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: ", ")
    }

    /// `SCHEDULE [as NAME] …`: the entry the transaction would be, repeated; nil when
    /// ``entry(_:_:_:_:)`` listed it. Named once among `names`.
    private mutating func ruleLine(
        _ t: PeerTransaction, _ schedule: String, _ wallets: [String: WalletInfo],
        _ categoryNames: [String: String], names: inout Set<String>
    ) throws(NotConverted) -> String? {
        var t = t
        var name: String?
        if let i = t.metadata.firstIndex(where: { $0.0 == "rule" }) {
            name = t.metadata[i].1
            t.metadata.remove(at: i)
        }
        guard t.metadata.isEmpty, t.postings.allSatisfy({ $0.metadata.isEmpty }) else {
            throw NotConverted("with metadata (an `every` rule keeps none)")
        }
        guard t.postings.allSatisfy({ role($0.account) != .wallet || wallets[$0.account] != nil }) else {
            throw NotConverted("on a wallet account no transaction uses")
        }
        // The bare `Expenses` root is no category (a goal on it is `for *`).
        if let root = t.postings.first(where: { [.income, .expense].contains(role($0.account)) && categoryNames[$0.account] == nil }) {
            throw NotConverted("with a posting to `\(root.account)`, which no category stands for")
        }
        // The entry as a transaction dated `from` (listed by `entry` when it cannot
        // be one), its date replaced by the schedule. It must not count as the
        // wallets' first use: a copy of them is given.
        var scratch = wallets
        guard let text = entry(t, BudgetBuilder.merged(t.postings), &scratch, categoryNames) else { return nil }
        guard !text.isEmpty, !text.contains("\n") else { throw NotConverted("that Tally cannot repeat as one `every` line") }
        // Every rule is named (`tally record --due` records rules by name): by its
        // `rule:` tag, else its payee, else its category; made unique with `-2`, `-3`.
        let category = t.postings.first { [.income, .expense].contains(role($0.account)) }.flatMap { categoryNames[$0.account] }
        let base = [name, t.payee, category.map { String($0.split(separator: ":").last ?? "") }].compactMap { $0 }.first { !$0.isEmpty } ?? "rule"
        var unique = base, n = 1
        while !names.insert(unique).inserted { n += 1; unique = "\(base)-\(n)" }
        var line = schedule + " as \(tallyName(unique))"
        line += String(text.dropFirst(t.date.iso.count))
        return line
    }
}
