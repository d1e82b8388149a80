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
/// - **Recurring transactions.** Real postings, one wallet and one category, over
///   `monthly from DATE` (DATE a 1st) or `every Nth day of month from DATE` (DATE the Nth,
///   N at most 28), optionally `to END`: hledger generates exactly the dates of `every
///   month on N from DATE [until END-1]` (hledger's `to` is exclusive, Tally's `until`
///   inclusive; a test compares both). A `rule:` tag names the rule (`as NAME`).
extension BudgetBuilder {
    /// A periodic transaction whose shape Tally can hold; accounts are checked later.
    struct PeriodicCandidate {
        enum Form {
            /// Envelopes over `period` (Tally's keyword), one per goal (a positive
            /// amount on an expense account).
            case envelope(period: String, goals: [KnownPosting])
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

    /// The period expression in the words hledger uses for the forms converted.
    private struct Period {
        /// `daily`, `weekly`, `monthly`, `quarterly`, `yearly`, or `day N` for `every Nth day of month`.
        var interval: String
        var day = 0
        var from: CivilDate?
        var to: CivilDate?

        init?(_ expression: String) {
            var words = expression.split(separator: " ").map { $0.lowercased() }
            guard let first = words.first else { return nil }
            if ["daily", "weekly", "monthly", "quarterly", "yearly"].contains(first) {
                interval = first
                words.removeFirst()
            } else if words.count >= 5, first == "every", words[2 ... 4] == ["day", "of", "month"],
                ["st", "nd", "rd", "th"].contains(String(words[1].suffix(2))), let n = Int(words[1].dropLast(2)), (1 ... 31).contains(n)
            {
                interval = "day"
                day = n
                words.removeFirst(5)
            } else {
                return nil
            }
            while words.count >= 2 {
                guard let date = LedgerJournalReader.date(words[1]) else { return nil }
                switch words[0] {
                case "from" where from == nil: from = date
                case "to" where to == nil: to = date
                default: return nil
                }
                words.removeFirst(2)
            }
            guard words.isEmpty else { return nil }
        }
    }

    /// The periodic transactions whose shape Tally can hold; the others listed.
    mutating func classifyPeriodics() -> [PeriodicCandidate] {
        var candidates: [PeriodicCandidate] = []
        for periodic in content.periodics {
            var t = periodic.transaction
            func list(_ reason: String) { leftOut.append(LeftOut(source: t.source, reason: "a periodic transaction " + reason)) }
            guard let period = Period(periodic.expression) else {
                list("over `\(periodic.expression)`, a period Tally does not convert (only `daily`…`yearly` and `every Nth day of month`, with `from` and `to`)")
                continue
            }
            guard !t.postings.isEmpty else { list("without postings"); continue }
            if let problem = t.problem { list("with " + problem); continue }
            guard !t.postings.contains(where: { $0.assertion != nil }) else { list("with a balance assertion"); continue }
            if t.postings.contains(where: \.isVirtual) {
                // A budget goal.
                guard t.postings.allSatisfy(\.isVirtual) else { list("mixing virtual and real postings"); continue }
                guard t.postings.allSatisfy({ role($0.account) == .expense && $0.amount.map { $0.number > .zero } == true && $0.price == nil && !$0.hasCost }) else {
                    list("with a virtual posting that is not a positive amount on an expense account (a budget goal Tally cannot hold)")
                    continue
                }
                switch period.interval {
                case "weekly", "monthly", "quarterly", "yearly": break
                case "daily": list("over `daily` (a budget goal: Tally's shortest envelope period is a week)"); continue
                default: list("over `\(periodic.expression)` (a budget goal: envelope periods are calendar weeks, months, quarters or years)"); continue
                }
                guard period.to == nil else { list("with an end date, `to` (a budget goal: a Tally envelope never ends)"); continue }
                let goals = t.postings.compactMap(KnownPosting.init)  // all of them: each amount is positive
                candidates.append(PeriodicCandidate(form: .envelope(period: period.interval, goals: goals), transaction: t))
                continue
            }
            // A recurring transaction: only where hledger generates exactly Tally's dates.
            guard let from = period.from else {
                list("without `from` (hledger starts it at the report's start; Tally's `every` needs its first date)")
                continue
            }
            let day: Int
            switch period.interval {
            case "monthly" where from.day == 1: day = 1
            case "day" where period.day <= 28 && from.day == period.day: day = period.day
            default:
                list("over `\(periodic.expression)`, whose dates Tally's `every` is not known to reproduce exactly (converted: `monthly` from a 1st, `every Nth day of month` from the Nth, N up to 28)")
                continue
            }
            var schedule = "every month on \(day) from \(from)"
            if let to = period.to {
                guard to > from, let last = to.adding(days: -1) else { list("ending (`to`) before it starts"); continue }
                schedule += " until \(last)"
            }
            inferMissing(&t)
            let real = t.postings.filter { !$0.isVirtual }
            let wallets = real.filter { role($0.account) == .wallet }.count
            let categories = real.filter { role($0.account) == .income || role($0.account) == .expense }.count
            guard wallets == 1, categories == 1, real.count == 2 else {
                list("that is not one wallet and one category (Tally converts only those to `every`)")
                continue
            }
            t.date = from
            candidates.append(PeriodicCandidate(form: .rule(schedule: schedule, from: from), transaction: t))
        }
        return candidates
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
                case .envelope(let period, let goals):
                    envelopes += try envelopeLines(t, period, goals, categoryNames, mainCurrency, names: &envelopeNames)
                case .rule(let schedule, _):
                    if let line = try ruleLine(t, schedule, wallets, categoryNames, names: &ruleNames) { rules.append(line) }
                }
            } catch {
                leftOut.append(LeftOut(source: t.source, reason: "a periodic transaction " + error.reason))
            }
        }
        candidates = []
        return envelopes + rules
    }

    /// `envelope NAME  AMOUNT PERIOD  for CATEGORY` per goal, each name made unique
    /// among `names`.
    private mutating func envelopeLines(
        _ t: PeerTransaction, _ period: String, _ goals: [KnownPosting], _ categoryNames: [String: String],
        _ mainCurrency: String, names: inout Set<String>
    ) throws(NotConverted) -> [String] {
        var texts: [String] = []
        var given: String?
        if t.postings.count == 1, let payee = t.payee, payee.hasPrefix("envelope ") {
            given = String(payee.dropFirst("envelope ".count)).trimmedSpaces
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
            texts.append("envelope \(tallyName(unique))  \(amount.number) \(period)  for \(target)")
        }
        return texts
    }

    /// `SCHEDULE [as NAME] …`: the entry the transaction would be, repeated; nil when
    /// ``entry(_:_:_:_:)`` listed it. A `rule:` tag names it, once among `names`.
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
        var line = schedule
        if let name, !name.isEmpty, names.insert(name).inserted { line += " as \(tallyName(name))" }
        line += String(text.dropFirst(t.date.iso.count))
        return line
    }
}
