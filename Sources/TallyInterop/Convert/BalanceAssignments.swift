import TallyCore
import TallySyntax

/// Stage 1, balance assignments: a posting without an amount whose assertion says what the
/// balance becomes (`assets:checking  = $100`, hledger and ledger) has the amount that
/// brings the account there, as the peers work it out: the asserted amount less the
/// account's balance in that commodity before the posting, transactions taken in date
/// order (file order within a day) and every posting counted, virtual ones included.
/// Against equity it then becomes the wallet's opening; against a category, an
/// adjustment (a transaction).
extension BudgetBuilder {
    /// Works out every balance assignment's amount, then each transaction's one missing
    /// amount (``inferMissing(_:)``), in date order; false (and nothing done) when the
    /// journal has no assignment, so that the caller infers the missing amounts itself.
    /// `incomplete` lists, in order, the transactions with a posting without an amount.
    mutating func assignBalances(_ transactions: inout [PeerTransaction], _ incomplete: [Int]) -> Bool {
        func isAssignment(_ p: PeerPosting) -> Bool { p.amount == nil && p.assertion != nil }
        // Counted in place, without copying a transaction: most have no posting without an amount.
        func missing(_ t: Int) -> Int {
            var count = 0
            for i in transactions[t].postings.indices where transactions[t].postings[i].amount == nil && !transactions[t].postings[i].isVirtual { count += 1 }
            return count
        }
        var assigned = Set<String>()
        for t in incomplete where transactions[t].problem == nil {
            // The one posting without an amount takes the rest, as the peers balance it:
            // its assertion is then an assertion. Only where the rest cannot say (another
            // posting without an amount) is it an assignment.
            guard missing(t) > 1 else { continue }
            for p in transactions[t].postings where isAssignment(p) {
                if let unread = content.unreadTransactions.first {
                    transactions[t].problem =
                        "a balance assignment, whose amount counts a transaction Tally could not read (\(KeptAsComments.fileName(unread.file)):\(unread.line))"
                    break
                }
                assigned.insert(p.account)
            }
        }
        guard !assigned.isEmpty else { return false }
        struct Key: Hashable {
            let account: String
            let commodity: String
        }
        var balances: [Key: Money] = [:]
        let order = transactions.indices.sorted { (transactions[$0].date, $0) < (transactions[$1].date, $1) }
        func add(_ a: PeerAmount, _ account: String, to sums: inout [Key: Money]) {
            let key = Key(account: account, commodity: a.commodity)
            if let sum = (sums[key] ?? .zero).adding(a.number) { sums[key] = sum }
        }
        for t in order where transactions[t].problem == nil {
            var earlier: [Key: Money] = [:]  // the transaction's own postings above the assignment
            for i in transactions[t].postings.indices where assigned.contains(transactions[t].postings[i].account) {
                let p = transactions[t].postings[i]
                if isAssignment(p), let target = p.assertion, missing(t) > 1 {
                    let key = Key(account: p.account, commodity: target.commodity)
                    guard let before = (balances[key] ?? .zero).adding(earlier[key] ?? .zero), let difference = target.number.adding(before.negated) else {
                        transactions[t].problem = "a balance assignment whose amount is too large"
                        break
                    }
                    transactions[t].postings[i].amount = PeerAmount(number: difference, commodity: target.commodity)
                }
                if let a = transactions[t].postings[i].amount { add(a, p.account, to: &earlier) }
            }
            guard transactions[t].problem == nil else { continue }
            inferMissing(&transactions[t])
            for p in transactions[t].postings where assigned.contains(p.account) {
                if let a = p.amount { add(a, p.account, to: &balances) }
            }
        }
        return true
    }
}
