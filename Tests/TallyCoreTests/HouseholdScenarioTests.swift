import TallyCore
import TallySyntax
import Testing

/// A three-month household budget whose figures were worked out by hand (in the comments
/// of the file below), asserted exactly.
@Suite struct HouseholdScenarioTests {
    static let file = """
        currency EUR
        wallet Checking bank opening 1000.00 on 2025-12-31
        wallet Savings savings
        wallet Dollars bank currency USD
        income Salary
        expense Food:Groceries, Housing:Rent, Fun
        envelope Groceries 300 monthly for Food:Groceries rollover alert 90%
        envelope Fun-money monthly for Fun
        goal Trip 1200 by 2026-12-31 in Savings
        every month on 1 from 2026-01-01 as rent "Landlord" Checking Housing:Rent -800.00

        ; January. Checking: 1000 - 800 + 2500 - 120 - 40 - 200 = 2340.
        ; Groceries: 300 planned - 120 spent = 180 left, rolled over.
        ; Fun-money: filled 100 - 40 spent = 60 left, not rolled over.
        2026-01-01 "Landlord" Checking Housing:Rent -800.00 rule rent
        2026-01-02 "ACME" Checking Salary +2500.00
        2026-01-03 fill Fun-money 100.00
        2026-01-10 "Market" Checking Food:Groceries -120.00
        2026-01-20 "Bar" Checking Fun -40.00
        2026-01-25 transfer Checking -> Savings 200.00 goal Trip
        2026-01-31 assert Checking 2340.00

        ; February. Checking: 2340 - 800 + 2500 - 250 - 260 - 200 - 100 = 3230.
        ; Groceries: 180 carried + 300 planned + 10 moved in = 490; spent 230 + 260 + 18
        ; (20 USD at 0.90) = 508, so 18.00 over, tipped by the dollar purchase.
        ; Fun-money: filled 50 - 10 moved out - 20 spent = 20.
        2026-02-01 "Landlord" Checking Housing:Rent -800.00 rule rent
        2026-02-02 "ACME" Checking Salary +2500.00
        2026-02-03 fill Fun-money 50.00
        2026-02-05 "Market" Checking -250.00
            Food:Groceries  -230.00
            Fun              -20.00
        2026-02-14 "Market" Checking Food:Groceries -260.00
        2026-02-15 move Fun-money -> Groceries 10.00
        2026-02-25 transfer Checking -> Savings 200.00 goal Trip
        2026-02-26 transfer Checking -> Dollars 100.00 = 108.00 USD
        2026-02-27 rate USD 0.90 EUR
        2026-02-28 Dollars Food:Groceries -20.00

        ; March. Checking: 3230 + 2500 - 100 = 5630. Groceries: -18 carried + 300 = 282,
        ; 100 spent, 182 left. Rent is skipped.
        2026-03-01 skip rent
        2026-03-02 "ACME" Checking Salary +2500.00
        2026-03-10 "Market" Checking Food:Groceries -100.00
        2026-03-31 assert Checking 5630.00
        """

    let today = CivilDate(year: 2026, month: 3, day: 31)!

    func run() throws -> (BudgetModel, [Diagnostic]) {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["home.tally": Self.file])).load("home.tally")
        #expect(budget.diagnostics.isEmpty)
        return Interpreter.run(budget, today: today)
    }

    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    func money(_ text: String) -> Money { Money(text)! }

    @Test func onlyTheOverspendingIsReportedOnTheTransactionThatTippedIt() throws {
        let (_, diagnostics) = try run()
        // And W0503 on 1 January: 1000 opening − 800 rent (in no envelope: money gone)
        // − 300 planned for Groceries = −100 ready to assign before the salary comes.
        #expect(diagnostics.map(\.code) == [.envelopeOverspent, .readyToAssignNegative])
        #expect(diagnostics.last?.message == "planning Groceries for 2026-01 assigns money the wallets do not hold outside envelopes: ready to assign is -100.00 EUR on 2026-01-01")
        let d = try #require(diagnostics.first)
        #expect(d.message == "Groceries is 18.00 EUR over for 2026-02: 508.00 spent of 490.00")
        let line = LineIndex(SourceText(path: "home.tally", text: Self.file)).line(containing: d.range.start)
        #expect(Self.file.split(separator: "\n", omittingEmptySubsequences: false)[line] == "2026-02-28 Dollars Food:Groceries -20.00")
    }

    @Test func walletBalances() throws {
        let (model, _) = try run()
        let checking = 0, savings = 1, dollars = 2
        #expect(model.balance(of: checking, at: date("2025-12-31")) == money("1000"))
        #expect(model.balance(of: checking, at: date("2026-01-31")) == money("2340"))
        #expect(model.balance(of: checking, at: date("2026-02-15")) == money("3530"))
        #expect(model.balance(of: checking, at: date("2026-03-31")) == money("5630"))
        #expect(model.balance(of: savings, at: date("2026-03-31")) == money("400"))
        #expect(model.balance(of: dollars, at: date("2026-03-31")) == money("88"))
    }

    @Test func envelopeFiguresPerPeriod() throws {
        let (model, _) = try run()
        let groceries = try #require(model.envelopeStatus(0, at: date("2026-02-10")))
        #expect(groceries.carriedIn == money("180"))
        #expect(groceries.planned == money("300"))
        #expect(groceries.moved == money("10"))
        #expect(groceries.spent == money("508"))
        #expect(groceries.available == money("-18"))
        let march = try #require(model.envelopeStatus(0, at: date("2026-03-31")))
        #expect(march.carriedIn == money("-18"))
        #expect(march.available == money("182"))
        let funJanuary = try #require(model.envelopeStatus(1, at: date("2026-01-31")))
        #expect(funJanuary.filled == money("100"))
        #expect(funJanuary.available == money("60"))
        let funFebruary = try #require(model.envelopeStatus(1, at: date("2026-02-01")))
        #expect(funFebruary.carriedIn == money("0"))
        #expect(funFebruary.available == money("20"))
    }

    @Test func goalsAndRecurringEntries() throws {
        let (model, _) = try run()
        #expect(model.saved(towards: 0, at: date("2026-01-31")) == money("200"))
        #expect(model.saved(towards: 0, at: date("2026-03-31")) == money("400"))
        #expect(
            model.occurrences(of: 0, in: date("2026-01-01") ... date("2026-03-31")).map(\.description)
                == ["2026-01-01", "2026-02-01", "2026-03-01"])
    }

    @Test func totalsByCategory() throws {
        let (model, _) = try run()
        let totals = model.totalsByCategory(in: date("2026-02-01") ... date("2026-02-28"))
        let groceries = try #require(model.categories.firstIndex { $0.name == "Food:Groceries" })
        #expect(totals[groceries]?["EUR"] == money("-490"))
        #expect(totals[groceries]?["USD"] == money("-20"))
    }
}

/// Recurring schedules: month ends, weekdays, counts and ends.
@Suite struct RecurrenceTests {
    func rule(_ line: String) throws -> RecurringRule {
        let text = "currency EUR\nwallet Cash cash\nexpense Fun\n" + line + "\n"
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["r.tally": text])).load("r.tally")
        #expect(budget.diagnostics.isEmpty)
        let (model, _) = Interpreter.run(budget, today: CivilDate(year: 2026, month: 1, day: 1)!)
        return try #require(model.rules.first)
    }

    func dates(_ line: String, through: String) throws -> [String] {
        try rule(line).occurrences(through: CivilDate(iso: through)!).map(\.description)
    }

    @Test func monthEndsDoNotDrift() throws {
        #expect(
            try dates("every month from 2026-01-31 Cash Fun -1", through: "2026-05-31")
                == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(
            try dates("every month on last from 2028-01-15 Cash Fun -1", through: "2028-03-31")
                == ["2028-01-31", "2028-02-29", "2028-03-31"])
    }

    @Test func pinnedDaysStartAtTheFirstMatchingDate() throws {
        #expect(try dates("every month on 1 from 2026-01-15 Cash Fun -1", through: "2026-03-01") == ["2026-02-01", "2026-03-01"])
        #expect(
            try dates("every 2 weeks on friday from 2026-01-01 Cash Fun -1", through: "2026-01-31")
                == ["2026-01-02", "2026-01-16", "2026-01-30"])
    }

    @Test func countsEndsQuartersAndYears() throws {
        #expect(try dates("every month from 2026-01-10 times 2 Cash Fun -1", through: "2026-12-31") == ["2026-01-10", "2026-02-10"])
        #expect(
            try dates("every 10 days from 2026-01-01 until 2026-01-25 Cash Fun -1", through: "2026-12-31")
                == ["2026-01-01", "2026-01-11", "2026-01-21"])
        #expect(
            try dates("every quarter on 15 from 2026-01-01 Cash Fun -1", through: "2026-12-31")
                == ["2026-01-15", "2026-04-15", "2026-07-15", "2026-10-15"])
        #expect(
            try dates("every year from 2028-02-29 Cash Fun -1", through: "2031-12-31")
                == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28"])
    }
}

/// Goal progress with every combination of target and date.
@Suite struct GoalProgressTests {
    func status(_ goal: String, today: String = "2026-03-31") throws -> GoalStatus {
        let text = """
            currency EUR
            wallet Checking bank opening 5000.00 on 2026-01-01
            wallet Savings savings
            \(goal)
            2026-01-01 transfer Checking -> Savings 300.00 goal G
            2026-03-01 goal G 300.00
            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["g.tally": text])).load("g.tally")
        let (model, _) = Interpreter.run(budget, today: CivilDate(iso: today)!)
        return model.goalStatus(0, at: CivilDate(iso: today)!)
    }

    @Test func targetAndDateGiveTheMonthlyAmountStillNeeded() throws {
        let s = try status("goal G 2400 by 2026-12-31")
        #expect(s.saved == Money("600"))
        #expect(s.percent == Money("25.0"))
        #expect(s.outlook == "200.00 EUR a month until 2026-12-31")  // 1800 over 9 months
        #expect(s.state == .onTrack)
    }

    @Test func dateOnlyGivesTheExpectedTotal() throws {
        // 600 saved over 89 days since 2026-01-01; 275 more days to 2026-12-31.
        let s = try status("goal G by 2026-12-31")
        #expect(s.outlook == "about 2453.93 EUR by 2026-12-31 at the current pace")
        #expect(s.percent == nil)
    }

    @Test func targetOnlyGivesTheExpectedDate() throws {
        // 1200 more at 600 per 89 days takes 178 days.
        #expect(try status("goal G 1800").outlook == "reached around 2026-09-25 at the current pace")
    }

    @Test func neitherGivesTheYearEndTotal() throws {
        #expect(try status("goal G").outlook == "about 2453.93 EUR by the end of 2026 at the current pace")
    }

    @Test func statesReachedBehindAndOverdue() throws {
        #expect(try status("goal G 500").state == .reached)
        #expect(try status("goal G 900 reached").state == .reached)
        #expect(try status("goal G 9000 by 2026-06-30").state == .behind)
        #expect(try status("goal G 9000 by 2026-02-28").state == .overdue)
    }
}
