import TallyCore
import TallySyntax
import Testing

/// The one rule for a payee's usual wallet, category and amount, which `tally add`, the
/// editor's payee completion and hover, and the import's categorizer share.
@Suite struct PayeeHabitsTests {
    static func model(_ entries: String) throws -> BudgetModel {
        let text = "currency EUR\nwallet Giro bank\nwallet Cash cash\nexpense Food, Fun, Home\n" + entries
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!).model
    }

    @Test func theUsualWalletIsTheMostUsedAndItsCategoryIsThatWalletsMostBooked() throws {
        let model = try Self.model(
            """
            2026-01-01 "Lidl" Cash Fun -3.00
            2026-01-02 "Lidl" Cash Fun -3.00
            2026-01-03 "Lidl" Giro Food -10.00
            2026-01-04 "Lidl" Giro Food -12.00
            2026-01-05 "Lidl" Giro Home -3.00

            """)
        let habit = try #require(model.payeeHabits()["Lidl"])
        #expect(habit.usualWallet == 0 && habit.wallet?.isTied == false)
        // Fun is booked as often as Food, but not from Giro.
        #expect(habit.usualCategory == 0)
        #expect(habit.category(in: 1)?.value == 1)
        #expect(habit.amount?.value == Money("-3.00") && habit.amount?.isTied == false)
        #expect(habit.categoryCounts == [0: 2, 1: 2, 2: 1])
        #expect(habit.count == 5 && habit.lastDate == CivilDate(year: 2026, month: 1, day: 5))
        #expect(habit.totals == ["EUR": Money("-31.00")!])
    }

    @Test func spellingsOfOnePayeeShareOneHabit() throws {
        // "Café" with a precomposed é, then with e and a combining accent: two byte
        // sequences, one name to a reader and to a String; three entries, one habit.
        let model = try Self.model(
            """
            2026-01-01 "Caf\u{E9}" Cash Fun -3.00
            2026-01-02 "Cafe\u{301}" Cash Fun -4.00
            2026-01-03 "Caf\u{E9}" Giro Food -5.00

            """)
        let habits = model.payeeHabits()
        #expect(habits.count == 1)
        let habit = try #require(habits["Caf\u{E9}"])
        #expect(habit.count == 3 && habit.lastDate == CivilDate(year: 2026, month: 1, day: 3))
        // One payee alone, as the editor's hover asks before the table is built: the same
        // three entries, -3.00 - 4.00 - 5.00 = -12.00, either spelling; case still counts.
        for spelling in ["Caf\u{E9}", "Cafe\u{301}"] {
            let one = try #require(model.payeeHabit(writtenAs: spelling))
            #expect(one.count == 3 && one.lastDate == habit.lastDate && one.totals == ["EUR": Money("-12.00")!])
            #expect(one.usualWallet == habit.usualWallet && one.usualCategory == habit.usualCategory)
            #expect(one.totals == habit.totals)
        }
        #expect(model.payeeHabit(writtenAs: "CAF\u{C9}") == nil)
    }

    @Test func aTieGoesToTheLatestAndSaysSo() throws {
        let model = try Self.model(
            """
            2026-01-02 "Kino" Giro Fun -9.00
            2026-01-01 "Kino" Cash Home -9.00

            """)
        let habit = try #require(model.payeeHabits()["Kino"])
        #expect(habit.wallet?.value == 0 && habit.wallet?.isTied == true)
        #expect(habit.category(in: nil)?.value == 1 && habit.category(in: nil)?.isTied == true)
        #expect(habit.category(in: 1)?.value == 2 && habit.category(in: 1)?.isTied == false)
    }

    @Test func aWalletThePayeeNeverUsedTakesTheCategoryFromAnyWallet() throws {
        let model = try Self.model("2026-01-01 \"Aral\" Giro Home -50.00\n")
        #expect(model.payeeHabits()["Aral"]?.category(in: 1)?.value == 2)
    }

    @Test func theCommandLineComparesPayeesWithoutCase() throws {
        let model = try Self.model("2026-01-01 \"Aral\" Giro Home -50.00\n2026-01-02 \"ARAL\" Giro Home -40.00\n2026-01-03 \"Shell\" Cash Home -1\n")
        #expect(model.payeeHabit("aral")?.count == 2)
        #expect(model.payeeHabits()["Aral"]?.count == 1)
        #expect(model.payeeHabit("Nobody") == nil)
    }
}
