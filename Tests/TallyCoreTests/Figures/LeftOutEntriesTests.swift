import TallyCore
import TallySyntax
import Testing

/// Entries with E0405 (wallet not open on the date) or E0411 (a bank id used before) are
/// reported and left out of every figure: balance, register, insights, the monthly report
/// and later assertions (Grammar.md §4, "Which errors leave an entry out").
@Suite struct LeftOutEntriesTests {
    static let budget = """
        currency EUR
        wallet Checking bank opening 1000.00 on 2026-03-01 closed 2026-03-31
        wallet Cash cash opening 100.00
        income Salary
        expense Food, Fun

        2026-02-27 "Early" Checking Food -40.00
        2026-03-02 "Shop" Checking Food -60.00
            id: "A1"
        2026-03-03 "Shop" Checking Food -60.00
            id: "A1"
        2026-03-05 "ACME" Checking Salary +500.00
        2026-03-10 transfer Checking -> Cash 20.00
        2026-04-02 "Late" Checking Fun -7.00
        2026-04-03 transfer Cash -> Checking 5.00
        2026-03-31 assert Checking 1420.00
        2026-04-05 assert Cash 120.00
        """

    // Counted: opening 1000.00 − 60.00 (the first A1) + 500.00 − 20.00 = 1420.00 on 31 March.
    // Left out: −40.00 before the opening, the second A1 −60.00, −7.00 and the transfer of
    // 5.00 after the closing. Cash: 100.00 + 20.00 = 120.00.

    @Test func leftOutEntriesAreReportedAndCountNowhere() throws {
        let (model, diagnostics) = try Figures.run(Self.budget, today: "2026-04-30")
        let codes = Figures.codes(diagnostics)
        #expect(codes.filter { $0 == "E0405" }.count == 3)
        #expect(codes.filter { $0 == "E0411" }.count == 1)
        // Both assertions hold once the entries are left out.
        #expect(!codes.contains("E0410"), "\(diagnostics.map(\.message))")
        let checking = model.wallet("Checking"), cash = model.wallet("Cash")
        #expect(model.balance(of: checking, at: Figures.date("2026-04-30")) == Figures.money("1420.00"))
        #expect(model.balance(of: cash, at: Figures.date("2026-04-30")) == Figures.money("120.00"))
        // The entries themselves are not in the model: 2 transactions and 1 transfer counted.
        #expect(model.entries.filter { $0.transaction != nil }.count == 2)
        // Register: Shop −60.00, ACME +500.00, transfer out −20.00 (Checking), in +20.00 (Cash).
        let rows = model.register(EntryFilter())
        #expect(rows.map(\.amount) == ["-60.00", "500.00", "-20.00", "20.00"].map(Figures.money))
        #expect(rows.map { $0.payee ?? "" } == ["Shop", "ACME", "", ""])
        // Insights and the monthly report: March spent 60.00, earned 500.00; April nothing.
        let rates = ExchangeRates(model)
        let flows = CategoryFlows(model, rates: rates)
        let march = flows.totals(Figures.date("2026-03-01") ... Figures.date("2026-03-31"), model: model)
        #expect(march.expense == Figures.money("60.00") && march.income == Figures.money("500.00"))
        let february = flows.totals(Figures.date("2026-02-01") ... Figures.date("2026-02-28"), model: model)
        #expect(february.expense.isZero)
        let april = model.monthlyReport(month: Figures.date("2026-04-01"), flows: flows, rates: rates)
        #expect(april.totals.expense.isZero && april.previousTotals.expense == Figures.money("60.00"))
        #expect(april.categories.map { model.categories[$0.category].name } == ["Salary", "Food"])
    }

    /// The copy is the later one in date order, whatever the order in the file.
    @Test func theLaterOfTwoEqualIDsIsLeftOut() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 100.00
            expense Food
            2026-03-09 "Second" Checking Food -9.00
                id: "X"
            2026-03-02 "First" Checking Food -2.00
                id: "X"
            """, today: "2026-03-31")
        // 100.00 − 2.00 = 98.00: the entry of 9 March repeats the id of 2 March.
        #expect(model.balance(of: 0, at: Figures.date("2026-03-31")) == Figures.money("98.00"))
        let duplicate = try #require(diagnostics.first { $0.code == .duplicateID })
        #expect(duplicate.message.contains("left out"))
        #expect(model.register(EntryFilter()).map { $0.payee ?? "" } == ["First"])
    }
}

/// W0511 (future-dated) spares an entry that records or skips an occurrence of a
/// recurring rule ahead of time, within the occurrence's window; `tally record --date`
/// writes such entries.
@Suite struct FutureDatedTests {
    @Test func recordingAnOccurrenceAheadIsNotATypo() throws {
        let (_, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 5000.00
            expense Rent
            every month on 1 from 2026-01-01 as rent Checking Rent -950.00
            2026-11-01 Checking Rent -950.00 rule rent
            2026-12-01 Checking Rent -950.00 rule rent
            2027-01-01 skip rent
            2026-11-25 Checking Rent -950.00 rule rent
            2026-12-20 Checking Rent -10.00
            2062-12-01 Checking Rent -950.00 rule rent
            """, today: "2026-11-03")
        // Spared: 1 Dec (an occurrence), the skip of 1 Jan, and 25 Nov (a week before the
        // occurrence of 1 Dec, so it records that one early). Warned: 20 Dec (names no
        // rule) and 1 Dec 2062 (an occurrence, but more than a year after today).
        let future = diagnostics.filter { $0.code == .futureDated }
        #expect(future.count == 2, "\(future.map(\.message))")
        #expect(future.map { $0.message.contains("2026-12-20") || $0.message.contains("2062-12-01") } == [true, true])
    }
}
