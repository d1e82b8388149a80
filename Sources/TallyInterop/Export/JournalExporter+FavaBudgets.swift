import TallyCore

/// Fava's budgets: `DATE custom "budget" ACCOUNT "PERIOD" AMOUNT CURRENCY`, which Fava
/// compares with the account's spending in its reports, per currency.
extension JournalExporter {
    /// One `custom "budget"` entry per envelope with a planned amount, a calendar period
    /// (Fava's `weekly`, `monthly`, `quarterly`, `yearly`), one category and no `until`
    /// (Fava has no end: a budget holds until the account's next one). It is dated the
    /// envelope's first period's start, or the day the export opens the accounts when
    /// that is later (beancount refuses an entry naming an account not yet open), within
    /// the same period. Metadata carries what Fava has no words for, which `tally
    /// convert` reads back: `envelope:` the name, `in:` the wallet accounts of an `in`
    /// list (Fava counts the account's spending from every wallet).
    func favaBudgets() -> [String] {
        var lines: [String] = []
        var used = Set<String>()
        for e in model.envelopes.indices {
            let envelope = model.envelopes[e]
            guard let planned = envelope.planned, let keyword = envelope.period.keyword, envelope.until == nil,
                let account = goalAccount(e), let first = model.envelopeHistory(e).first
            else { continue }
            // Fava keeps one budget per account and currency (the latest): a second
            // envelope on the same account would replace the first; it stays a comment.
            guard used.insert(account).inserted else { continue }
            let day = max(first.start, firstDate)
            lines.append("\(day) custom \"budget\" \(account) \"\(keyword)\" \(amount(planned, model.defaultCurrency))")
            lines.append("  envelope: \(quoted(envelope.name))")
            if !envelope.wallets.isEmpty {
                lines.append("  in: " + quoted(envelope.wallets.map { names.wallets[$0] }.joined(separator: ", ")))
            }
        }
        return lines
    }
}
