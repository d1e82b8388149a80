import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// The payee table kept across edits gives, after any run of edits, the habits a full
/// count of the edited budget gives: the same payees (by the same spelling), counts,
/// last dates, totals, and usual wallet, category and amount with their ties.
@Suite struct PayeeHabitTableTests {
    static let payees = ["Lidl", "Shell", "Caf\u{E9}", "Cafe\u{301}", "Rewe", "Bakery", "Kiosk"]
    static let wallets = ["Giro", "Cash", "Card"]
    static let categories = ["Food", "Fun", "Home"]

    /// One random dated line: a transaction (one category or split), or a transfer.
    static func line(_ random: inout TestSupport.SeededGenerator) -> String {
        let day = "2026-0\(Int.random(in: 1 ... 9, using: &random))-1\(Int.random(in: 0 ... 9, using: &random))"
        let payee = payees.randomElement(using: &random)!
        let wallet = wallets.randomElement(using: &random)!
        let amount = ["-3.00", "-4.50", "-10.00", "+20.00"].randomElement(using: &random)!
        switch Int.random(in: 0 ..< 6, using: &random) {
        case 0: return "\(day) transfer Giro -> Cash 5.00\n"
        case 1: return "\(day) \"\(payee)\" \(wallet)\n    Food -1.00\n    Fun -2.00\n"
        default: return "\(day) \"\(payee)\" \(wallet) \(categories.randomElement(using: &random)!) \(amount)\n"
        }
    }

    static func model(_ lines: [String], currency: String = "EUR") throws -> BudgetModel {
        let text = "currency EUR\ncurrency USD\nwallet Giro bank\nwallet Cash cash currency \(currency)\nwallet Card credit\nexpense Food, Fun, Home\n" + lines.joined()
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!).model
    }

    /// What a habit shows, as a comparable text.
    static func shown(_ habits: [String: PayeeHabit]) -> [String] {
        habits.map { name, h in
            let spelling = Array(name.utf8).map(String.init).joined(separator: ".")
            let usual = [h.wallet.map { "\($0.value)\($0.isTied)" }, h.category(in: h.usualWallet).map { "\($0.value)\($0.isTied)" }]
            let categories = (-1 ..< 3).map { h.category(in: $0 < 0 ? nil : $0).map { "\($0.value)\($0.isTied)" } ?? "-" }
            return "\(spelling) \(h.count) \(h.lastDate) \(h.totals.sorted { $0.key < $1.key }) \(usual) \(categories) "
                + "\(h.amount.map { "\($0.value)\($0.isTied)" } ?? "-") \(h.categoryCounts.sorted { $0.key < $1.key })"
        }.sorted()
    }

    @Test func editsKeepTheHabitsAFullCountGives() throws {
        var random = TestSupport.SeededGenerator(seed: 0x9A_7EE5)
        var lines = (0 ..< 60).map { _ in Self.line(&random) }
        var table = PayeeHabitTable(model: try Self.model(lines))
        #expect(Self.shown(table.habits) == Self.shown(try Self.model(lines).payeeHabits()))
        for round in 0 ..< 150 {
            // One to three lines changed, added or removed, anywhere.
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                let i = Int.random(in: 0 ..< lines.count, using: &random)
                switch Int.random(in: 0 ..< 3, using: &random) {
                case 0: lines[i] = Self.line(&random)
                case 1: lines.insert(Self.line(&random), at: i)
                default: if lines.count > 10 { lines.remove(at: i) }
                }
            }
            let model = try Self.model(lines)
            table = table.updated(for: model)
            #expect(Self.shown(table.habits) == Self.shown(model.payeeHabits()), "round \(round)")
        }
    }

    /// A wallet's currency changed: the totals are summed again in the new currency.
    @Test func aChangedCurrencyCountsEverythingAgain() throws {
        let lines = ["2026-01-01 \"Lidl\" Cash Food -3.00\n", "2026-01-02 \"Lidl\" Giro Food -4.00\n"]
        let table = PayeeHabitTable(model: try Self.model(lines))
        let model = try Self.model(lines, currency: "USD")
        #expect(table.updated(for: model).habits["Lidl"]?.totals == ["EUR": Money("-4.00")!, "USD": Money("-3.00")!])
        #expect(Self.shown(table.updated(for: model).habits) == Self.shown(model.payeeHabits()))
    }
}
