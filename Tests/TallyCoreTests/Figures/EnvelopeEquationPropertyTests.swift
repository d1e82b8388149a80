import TallyCore
import TallySyntax
import Testing

/// The envelope equation on random budgets at random days: ready to assign + what every
/// envelope that assigns money has available + what the goals held in the budget's
/// wallets saved = the money in the budget's wallets + the card debt no money holds
/// (Grammar.md §4; `rollover unspent`'s overspending on cards). Budgets in one currency, without overlapping envelopes and without
/// envelopes that name a hidden wallet or a loan: the three cases the grammar names as
/// making the sides differ.
@Suite struct EnvelopeEquationPropertyTests {
    /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func amount(_ max: Int) -> String {
            let cents = 1 + below(max * 100)
            return "\(cents / 100).\(String(format: "%02d", cents % 100))"
        }
    }

    static let wallets = [
        "wallet Checking opening 800.00", "wallet Cash cash opening 40.00 on 2026-01-01", "wallet Visa credit limit 3000",
        "wallet Stash savings opening 500.00 hidden", "wallet Mortgage loan opening -9000.00", "wallet Amex credit limit 2000"
    ]
    static let spendable = ["Checking", "Cash", "Visa", "Stash", "Amex"]
    static let expenses = ["Food", "Food:Out", "Rent", "Fun", "Car", "Gifts"]

    /// One random budget, as text.
    static func budget(_ r: inout Random) -> String {
        var lines = ["currency EUR"] + wallets + ["income Salary, Bonus", "expense " + expenses.joined(separator: ", ")]
        // Each top category in at most one assigning envelope, so none overlaps.
        var envelopes: [String] = []
        for (i, category) in ["Food", "Rent", "Fun", "Car"].enumerated() where r.chance(60) {
            let name = "E\(i)"
            envelopes.append(name)
            let planned = r.chance(70) ? " \(r.amount(400))" : ""
            let period = ["monthly", "weekly", "quarterly", "2026-02-10..2026-04-20"][r.below(4)]
            let scope = r.chance(25) ? " in " + ["Checking", "Cash", "Visa", "Checking, Visa"][r.below(4)] : ""
            let rollover = r.chance(60) ? (r.chance(70) ? " rollover unspent" : " rollover") : ""
            // Envelopes that begin or end within the budget's months (`from`, `until`).
            let from = r.chance(25) ? " from 2026-0\(1 + r.below(6))-\(10 + r.below(19))" : ""
            let until = r.chance(25) ? " until 2026-0\(1 + r.below(6))-\(10 + r.below(19))" : ""
            lines.append("envelope \(name)\(planned) \(period) for \(category)\(scope)\(rollover)\(from)\(until)")
        }
        if r.chance(30) { lines.append("envelope Pot \(r.amount(100)) monthly"); envelopes.append("Pot") }
        if r.chance(30) { lines.append("envelope Cap 900 monthly for *") }
        lines.append("option overlapping-envelopes allow")
        // Goals: one held in a budget wallet, one with no wallet, one in the hidden Stash.
        lines += ["goal Trip 900 in Checking", "goal Rainy 600", "goal Hoard in Stash"]
        let goals = ["Trip", "Rainy", "Hoard"]
        for _ in 0 ..< 5 + r.below(40) {
            let date = "2026-\(String(format: "%02d", 1 + r.below(6)))-\(String(format: "%02d", 1 + r.below(28)))"
            let wallet = spendable[r.below(spendable.count)]
            switch r.below(11) {
            case 0, 1:
                lines.append("\(date) \(wallet) \(["Salary", "Bonus"][r.below(2)]) +\(r.amount(1500))")
            case 2:
                let other = (spendable + ["Mortgage"])[r.below(spendable.count + 1)]
                if other != wallet { lines.append("\(date) transfer \(wallet) -> \(other) \(r.amount(300))") }
            case 3 where !envelopes.isEmpty:
                lines.append("\(date) fill \(envelopes[r.below(envelopes.count)]) \(r.amount(200))")
            case 4 where envelopes.count > 1:
                let a = envelopes[r.below(envelopes.count)], b = envelopes[r.below(envelopes.count)]
                if a != b { lines.append("\(date) move \(a) -> \(b) \(r.amount(100))") }
            case 5:
                lines.append("\(date) \(wallet) \(expenses[r.below(expenses.count)]) \(r.amount(50)) #refund")
            case 6:
                lines.append("\(date) \"Bank\" \(wallet) -\(r.amount(60))\n    id: \"X\(r.next() % 1_000_000)\"")
            case 7:
                // Saved or taken out with a `goal` entry, a marked transfer, spent from a goal.
                let goal = goals[r.below(3)]
                switch r.below(3) {
                case 0: lines.append("\(date) goal \(goal) \(r.chance(80) ? "" : "-")\(r.amount(200))")
                case 1:
                    let other = ["Checking", "Stash"][r.below(2)]
                    if other != wallet { lines.append("\(date) transfer \(wallet) -> \(other) \(r.amount(200)) goal \(goal)") }
                default: lines.append("\(date) \(wallet) \(expenses[r.below(expenses.count)]) -\(r.amount(100)) goal \(goal)")
                }
            default:
                lines.append("\(date) \(wallet) \(expenses[r.below(expenses.count)]) -\(r.amount(250))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func readyToAssignAndTheEnvelopesAddUpToTheWallets() throws {
        var r = Random(state: 24)
        var checked = 0, twoCards = 0
        for budgetNumber in 0 ..< 2000 {
            let text = Self.budget(&r)
            let today = "2026-07-\(String(format: "%02d", 1 + r.below(28)))"
            let (model, _) = try Figures.run(text, today: today)
            let rates = ExchangeRates(model)
            // The equation holds from the first entry that moves money (Grammar.md §4): a
            // goal entry may come before it.
            let moving = model.entries.first { entry in
                switch entry.kind {
                case .transaction, .transfer, .fill, .move: return true
                default: return false
                }
            }
            guard let first = moving?.date else { continue }
            for _ in 0 ..< 4 {
                guard let day = first.adding(days: r.below(200)) else { continue }
                guard let equation = model.envelopeEquation(at: day, rates: rates) else { continue }
                let sum = equation.readyToAssign.adding(equation.available)?.adding(equation.goals)
                let owed = equation.wallets?.adding(equation.uncoveredCards)
                #expect(sum == owed, "budget \(budgetNumber) on \(day):\n\(text)")
                // Each card's debt no money holds, added up, is the equation's (two cards
                // weighed on their own, Grammar.md §4, "Credit overspending").
                let byCard = equation.cardFigures.reduce(Money.zero) { $0.adding($1.uncovered) ?? $0 }
                #expect(byCard == equation.uncoveredCards && equation.cardFigures.allSatisfy { !$0.uncovered.isNegative })
                if sum != owed || byCard != equation.uncoveredCards { return }
                checked += 1
                if equation.cardFigures.count > 1 { twoCards += 1 }
            }
        }
        // Most budgets assign income: the equation was checked on thousands of days.
        #expect(checked > 4000)
        // Some days have debt no money holds on both cards.
        #expect(twoCards > 10, "\(twoCards)")
    }
}
