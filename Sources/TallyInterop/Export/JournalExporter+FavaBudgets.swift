import TallyCore
import TallySyntax

/// Fava's budgets: `DATE custom "budget" ACCOUNT "PERIOD" AMOUNT CURRENCY`, which Fava
/// compares with the account's spending in its reports, per currency.
extension JournalExporter {
    /// One `custom "budget"` entry per envelope with a planned amount, a calendar period
    /// (Fava's `weekly`, `monthly`, `quarterly`, `yearly`) and one category. It is dated
    /// the envelope's first period's start, or the day the export opens the accounts when
    /// that is later (beancount refuses an entry naming an account not yet open), within
    /// the same period. Fava has no end: a budget holds until the account's next one, so
    /// an envelope with `until` is ended by a zero budget the day after its last period.
    /// Metadata carries what Fava has no words for, which `tally convert` reads back:
    /// `envelope:` the name, `in:` the wallet accounts of an `in` list (Fava counts the
    /// account's spending from every wallet).
    func favaBudgets() -> [String] {
        var lines: [String] = []
        // Fava keeps one budget per account and currency, the latest: an envelope whose
        // periods meet another's on the account would replace it; it stays a comment.
        var free: [String: CivilDate?] = [:]  // account → the day it is free again (nil: never)
        let chosen = model.envelopes.indices.compactMap { e -> (Int, String, CivilDate, Money)? in
            guard let planned = model.envelopes[e].planned, model.envelopes[e].period.keyword != nil, let account = goalAccount(e),
                let first = model.envelopeHistory(e).first
            else { return nil }
            return (e, account, max(first.start, firstDate), planned)
        }
        for (e, account, day, planned) in chosen.sorted(by: { $0.2 < $1.2 }) {
            let envelope = model.envelopes[e]
            if let taken = free[account], taken.map({ day < $0 }) ?? true { continue }
            let keyword = envelope.period.keyword ?? ""
            let name = "  envelope: \(quoted(envelope.name))"
            lines.append("\(day) custom \"budget\" \(account) \"\(keyword)\" \(amount(planned, model.defaultCurrency))")
            lines.append(name)
            if !envelope.wallets.isEmpty {
                lines.append("  in: " + quoted(envelope.wallets.map { names.wallets[$0] }.joined(separator: ", ")))
            }
            free[account] = .some(nil)
            if envelope.until != nil, let end = model.envelopeHistory(e).last?.end.adding(days: 1) {
                lines.append("\(end) custom \"budget\" \(account) \"\(keyword)\" \(amount(.zero, model.defaultCurrency))")
                lines.append(name)
                free[account] = end
            }
        }
        return lines
    }
}
