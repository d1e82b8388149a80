import TallyCore
import TallySyntax

/// Beancount's `option` lines and fava's budget entries.
extension BeancountReader {
    /// `option "name_assets" "Aktiva"` (the root that holds the assets, and so on for
    /// each type), `option "operating_currency" "EUR"` (the budget's currency) and
    /// `option "booking_method" "FIFO"` (how `{}` sales pick lots, ``LotBooking``); the
    /// other options change nothing Tally reads.
    mutating func readOption(_ words: [String]) {
        guard words.count > 2 else { return }
        let key = BeancountReader.unquote(words[1]), value = BeancountReader.unquote(words[2])
        let roots: [String: AccountType] = [
            "name_assets": .asset, "name_liabilities": .liability, "name_equity": .equity,
            "name_income": .revenue, "name_expenses": .expense
        ]
        if let type = roots[key] { content.accountTypes[value] = type }
        if key == "operating_currency" { content.operatingCurrencies.append(value) }
        if key == "booking_method" { content.defaultBookingMethod = value }
    }

    /// fava's budget entry, `DATE custom "budget" ACCOUNT "PERIOD" AMOUNT COMMODITY`, read
    /// as the budget goal hledger writes `~ PERIOD from DATE` with one virtual posting:
    /// the builder converts it as one. Fava keeps one budget per account and commodity,
    /// the latest: a later one ends the one before the day it starts (`to DATE`), and a
    /// zero one only ends it (as the export ends an envelope with `until`). False when
    /// the entry is not one.
    mutating func readBudget(_ words: [String], _ date: CivilDate, at here: SourceLine) -> Bool {
        guard words.count >= 7, words[1] == "custom", BeancountReader.unquote(words[2]) == "budget",
            let amount = LedgerJournalReader.amount(words[5] + " " + words[6])
        else { return false }
        if let earlier = content.periodics.lastIndex(where: {
            !$0.expression.contains(" to ") && $0.transaction.postings.count == 1 && $0.transaction.postings[0].account == words[3]
                && $0.transaction.postings[0].amount?.commodity == amount.commodity && $0.transaction.date <= date
        }) {
            if content.periodics[earlier].transaction.date == date {
                let replaced = content.periodics.remove(at: earlier)
                content.leftOut.append(LeftOut(source: replaced.transaction.source, reason: "a Fava budget replaced by a later one on the same day", isWhole: true))
            } else {
                content.periodics[earlier].expression += " to \(date.iso)"
            }
            if amount.number == .zero { return true }
        }
        var goal = PeerTransaction(date: date, source: here)
        goal.postings = [PeerPosting(account: words[3], amount: amount, isVirtual: true, source: here)]
        content.periodics.append(PeerPeriodic(expression: "\(BeancountReader.unquote(words[4])) from \(date.iso)", transaction: goal))
        budgetTakesMetadata = true
        return true
    }
}
