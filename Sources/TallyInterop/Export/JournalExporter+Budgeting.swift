import TallyCore
import TallySyntax

/// Envelopes, goals, recurring entries and payee rules: none of the peers has them. Each
/// is kept as a comment quoting its Tally declaration; where the peer has a near
/// construct, it is written too: hledger periodic transactions for recurring entries
/// (forecasts) and envelopes (`--budget` goals), ledger periodic transactions for
/// envelopes (`ledger budget`), beancount `custom "budget"` entries as
/// Fava reads them and `custom "envelope"` entries as the fava-envelope extension does.
extension JournalExporter {
    func writeBudgeting(_ out: inout JournalText) {
        let sections: [(String, [SourceLocation])] = [
            ("envelopes", model.envelopes.map(\.location)),
            ("goals", model.goals.map(\.location)),
            ("recurring entries", model.rules.map(\.location))
        ]
        for (title, locations) in sections where !locations.isEmpty {
            out.line("; Tally \(title) (no equivalent in \(format.rawValue)):")
            for location in locations { if let text = firstLine(location) { out.line(comment(text)) } }
            out.blank()
        }
        switch format {
        case .hledger:
            for e in model.envelopes.indices { if let text = periodicBudget(e) { out.line(text) } }
            for r in model.rules.indices { if let text = periodicRule(r) { out.line(text) } }
        case .beancount:
            let allocations = EnvelopeAllocations(exporter: self)
            for line in allocations.settings { out.line(line) }
            out.blank()
            let budgets = favaBudgets()
            if !budgets.isEmpty {
                out.line("; Envelopes as Fava's budgets (see docs/interop.md).")
                for line in budgets { out.line(line) }
                out.blank()
            }
        case .ledger:
            for e in model.envelopes.indices { if let text = ledgerBudget(e) { out.line(text) } }
        }
    }

    /// The account for a category name (declared or an implicit parent).
    func categoryAccount(_ name: String) -> String? {
        model.categories.firstIndex { $0.name == name }.map { names.categories[$0] }
    }

    /// An hledger periodic transaction for an envelope with a planned amount over a
    /// calendar period and one category (or all spending): what `hledger balance
    /// --budget` reads as a goal. hledger has no wallet limit: an `in` list is kept as
    /// one `in:` tag per wallet account (a tag's value ends at a comma), which `tally
    /// convert` reads back. Nil when the envelope has no such form.
    private func periodicBudget(_ e: Int) -> String? {
        let envelope = model.envelopes[e]
        guard let goal = goal(e) else { return nil }
        var text = "~ \(goal.period)  envelope \(lineText(envelope.name))\n"
        if !envelope.wallets.isEmpty { text += "    ; " + envelope.wallets.map { "in: " + names.wallets[$0] }.joined(separator: ", ") + "\n" }
        // Written in the currency's digit groups: hledger shows a goal as it is written.
        return text + "    (\(goal.account))  \(amount(goal.planned, model.defaultCurrency, grouping: true))\n"
    }

    /// The same goal as a ledger periodic transaction, in the form ledger's manual gives
    /// for `--budget`: a real posting on the category's account balanced by a wallet's.
    /// ledger 3.3 reads virtual postings there in `ledger budget` but fails on them in
    /// `reg --budget -M` ("'equity' cannot accept virtual and non-virtual postings"),
    /// and a periodic transaction has no description: the name and the `in` list are
    /// metadata (`; envelope: Food`, one `; in: ACCOUNT` per wallet), which `tally
    /// convert` reads back. The balancing wallet is the first of the `in` list, else the
    /// first in the default currency; it changes no figure of the goal.
    private func ledgerBudget(_ e: Int) -> String? {
        let envelope = model.envelopes[e]
        guard let goal = goal(e), !model.wallets.isEmpty else { return nil }
        let balancing =
            envelope.wallets.first ?? model.wallets.indices.first { model.wallets[$0].currency == model.defaultCurrency } ?? 0
        var text = "~ \(goal.period)\n    ; envelope: \(metadataValue(envelope.name))\n"
        for w in envelope.wallets { text += "    ; in: \(names.wallets[w])\n" }
        text += "    \(goal.account)  \(amount(goal.planned, model.defaultCurrency))\n"
        return text + "    \(names.wallets[balancing])\n"
    }

    /// An envelope's goal as hledger and ledger read one: the period expression
    /// (`monthly from 2026-01-01`, and `to` the day after its last period when it has
    /// `until`, the peers' end being exclusive), the account and the planned amount; nil
    /// for an envelope without a planned amount, over a custom range or over several
    /// categories (``goalAccount(_:)``).
    private func goal(_ e: Int) -> (period: String, account: String, planned: Money)? {
        let envelope = model.envelopes[e]
        guard let planned = envelope.planned, let keyword = envelope.period.keyword, let account = goalAccount(e) else { return nil }
        let history = model.envelopeHistory(e)
        var period = keyword + (history.first.map { " from \($0.start)" } ?? "")
        if envelope.until != nil, let end = history.last?.end.adding(days: 1) { period += " to \(end)" }
        return (period, account, planned)
    }

    /// The one account an envelope's goal is on: its single category's, or `Expenses`
    /// for `for *` (beancount opens no root account: nil there). Nil for several
    /// categories (a goal per account would have to split the planned amount, which no
    /// figure says how to) and for none.
    func goalAccount(_ e: Int) -> String? {
        let envelope = model.envelopes[e]
        if envelope.coversAll { return format == .beancount ? nil : "Expenses" }
        guard envelope.categories.count == 1 else { return nil }
        return categoryAccount(envelope.categories[0])
    }

    /// An hledger periodic transaction for a recurring entry whose dates hledger 1.25
    /// generates exactly (checked against Tally's by a test): every N days; every
    /// weekday; every N weeks from a Monday; the Dth day of every month (hledger also
    /// moves the 29th-31st to the month's last day); every N months or a quarter from a
    /// first of month or quarter; a yearly date other than 29 February.
    private func periodicRule(_ r: Int) -> String? {
        let rule = model.rules[r]
        guard let template = rule.template, let horizon = rule.from.adding(years: rule.interval + 1),
            let first = rule.occurrences(in: rule.from ... horizon).first
        else { return nil }
        let n = rule.interval
        var expression: String
        switch rule.unit {
        case .day:
            expression = "every \(n) days"
        case .week:
            if n == 1 {
                expression = "every " + weekdayName(first.weekday)
            } else if first.weekday == .monday {
                expression = "every \(n) weeks"
            } else {
                return nil
            }
        case .month:
            if n == 1 {
                // `on last` is the 31st moved to the month's last day, as hledger does.
                let day = rule.dayOfMonth.map { $0 == 0 ? 31 : $0 } ?? first.day
                expression = "every \(ordinal(day)) day of month"
            } else if first.day == 1 {
                expression = "every \(n) months"
            } else {
                return nil
            }
        case .quarter:
            guard n == 1, first == first.startOfQuarter else { return nil }
            expression = "every quarter"
        case .year:
            guard n == 1, !(first.month == 2 && first.day == 29) else { return nil }
            expression = "every " + (first.month < 10 ? "0" : "") + "\(first.month)-" + (first.day < 10 ? "0" : "") + "\(first.day)"
        }
        expression += " from \(first)"
        if let times = rule.times, times > 10_000 { return nil }  // listing the occurrences would be slow
        if rule.until != nil || rule.times != nil {
            let end = rule.times != nil ? CivilDate(year: 9999, month: 12, day: 31)! : rule.until!
            guard let last = rule.occurrences(through: end).last, let after = last.adding(days: 1) else { return nil }
            expression += " to \(after)"
        }
        var text = "~ \(expression)"
        let description = [template.payee, template.note].compactMap { $0 }.map(lineText).joined(separator: " | ")
        if !description.isEmpty { text += "  " + description }
        text += "\n"
        if let name = rule.name { text += "    ; rule: \(metadataValue(name))\n" }
        switch template.kind {
        case .transaction(let w, let total, _):
            let wallet = model.wallets[w]
            for p in 0 ..< template.postingCount {
                let part = template.posting(p)
                text += "    \(names.categories[part.category])  \(amount(part.amount.negated, wallet.currency))\n"
            }
            text += "    \(names.wallets[w])  \(amount(total, wallet.currency))\n"
        case .transfer(let from, let to, let sent, let received):
            let source = model.wallets[from], target = model.wallets[to]
            var arriving = amount(received, target.currency)
            if source.currency != target.currency { arriving += " @@ " + amount(sent, source.currency) }
            text += "    \(names.wallets[to])  \(arriving)\n"
            text += "    \(names.wallets[from])  \(amount(sent.negated, source.currency))\n"
        default:
            return nil
        }
        return text
    }

    private func weekdayName(_ day: Weekday) -> String {
        "\(day)"
    }

    private func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11 ... 13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}

/// The envelopes fava-envelope can show as Tally computes them, and its `custom` entries
/// for them. fava-envelope budgets by month in one currency, carries what is left (and,
/// when allowed, what is overspent) into the next month, and counts spending from every
/// budget account; so an envelope is carried over only when it is monthly, rolls over,
/// is not limited to wallets, names categories (not `for *`) none of which another such
/// envelope also covers, and every wallet is in the default currency. The month's
/// allocation is what Tally puts in: planned, filled and moved.
struct EnvelopeAllocations {
    /// Envelope indices carried over.
    let carried: Set<Int>
    /// Settings, dated the journal's first day.
    let settings: [String]
    /// One `allocate` per envelope and month, in date order.
    let allocations: [(date: CivilDate, line: String)]

    init(exporter: JournalExporter) {
        let model = exporter.model
        var chosen: [Int] = []
        let oneCurrency = !model.defaultCurrency.isEmpty && model.wallets.allSatisfy { $0.currency == model.defaultCurrency }
        if oneCurrency {
            for (e, envelope) in model.envelopes.enumerated() {
                guard envelope.period == .monthly, envelope.rollover, !envelope.unspentOnly, envelope.wallets.isEmpty, !envelope.coversAll,
                    !envelope.categories.isEmpty,
                    envelope.categories.allSatisfy({ name in model.categories.contains { $0.name == name && !$0.isIncome } })
                else { continue }
                chosen.append(e)
            }
            // Two envelopes sharing a category cannot both hold it in fava-envelope.
            let overlapping = Set(
                chosen.filter { e in
                    chosen.contains { other in
                        other != e
                            && model.envelopes[e].categories.contains { a in
                                model.envelopes[other].categories.contains { b in a == b || a.hasPrefix(b + ":") || b.hasPrefix(a + ":") }
                            }
                    }
                })
            chosen.removeAll { overlapping.contains($0) }
        }
        carried = Set(chosen)
        guard !chosen.isEmpty else {
            settings = []
            allocations = []
            return
        }
        let day = exporter.firstDate
        let month = (day.month < 10 ? "0" : "") + "\(day.month)"
        var lines = [
            "; Envelopes as the fava-envelope extension reads them (see docs/interop.md).",
            "\(day) custom \"envelope\" \"start date\" \"\(day.year)-\(month)\"",
            "\(day) custom \"envelope\" \"budget account\" \"^Assets:\"",
            "\(day) custom \"envelope\" \"budget account\" \"^Liabilities:\"",
            "\(day) custom \"envelope\" \"negative rollover\" \"allow\""
        ]
        var dated: [(date: CivilDate, line: String)] = []
        for e in chosen {
            let envelope = model.envelopes[e]
            for name in envelope.categories {
                guard let account = exporter.categoryAccount(name) else { continue }
                lines.append("\(day) custom \"envelope\" \"mapping\" \(exporter.quoted("^" + account + "(:|$)")) \(exporter.quoted(envelope.name))")
            }
            for period in model.envelopeHistory(e) {
                guard let total = period.planned.adding(period.filled)?.adding(period.moved), !total.isZero else { continue }
                dated.append((period.start, "\(period.start) custom \"envelope\" \"allocate\" \(exporter.quoted(envelope.name)) \(total.formatted(scale: model.decimals(of: model.defaultCurrency)))"))
            }
        }
        dated.sort { $0.date < $1.date }
        settings = lines
        allocations = dated
    }

    /// True when the envelope's fills and moves are in its allocations.
    func covers(_ envelope: Int) -> Bool { carried.contains(envelope) }
}

extension JournalExporter {
    /// A goal's amounts are in its wallet's currency, else the default one.
    func goalCurrency(_ goal: Int) -> String {
        model.goals[goal].wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
    }
}
