import TallyCore
import TallySyntax
import Testing

/// The rules Grammar.md §4 and docs/reports.md decide where the format was silent, each
/// with figures computed by hand.
@Suite struct DecidedRulesTests {
    let d = Figures.date
    let m = Figures.money

    // MARK: Percent change

    @Test func percentChangeIsOverTheMagnitudeOfLastMonth() throws {
        let (model, _) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 1000.00
            expense Fun, Books
            2026-02-03 Checking Fun -30.00
            2026-02-04 Checking Fun +80.00
            2026-03-05 Checking Fun -100.00
            2026-03-06 Checking Books -12.00
            """, today: "2026-03-31")
        let rates = ExchangeRates(model)
        let report = model.monthlyReport(month: d("2026-03-01"), flows: CategoryFlows(model, rates: rates), rates: rates)
        let fun = try #require(report.categories.first { $0.category == model.category("Fun") })
        // February: spent 30.00, refunded 80.00: −50.00 spent. March 100.00.
        // (100.00 − (−50.00)) ÷ |−50.00| × 100 = 150 ÷ 50 × 100 = 300.0 %.
        #expect(fun.previous == m("-50.00") && fun.current == m("100.00") && fun.percent == m("300.0"))
        // Books: nothing in February, so no percentage ("new").
        let books = try #require(report.categories.first { $0.category == model.category("Books") })
        #expect(books.previous.isZero && books.percent == nil)
    }

    // MARK: Dates that include themselves

    @Test func untilAndPeriodEndsIncludeTheirDate() throws {
        let (model, _) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 1000.00
            expense Rent, Fun
            envelope Fair 100 2026-04-01..2026-04-30 for Fun
            every month on 1 from 2026-01-01 until 2026-03-01 as rent Checking Rent -500.00
            2026-04-30 Checking Fun -40.00
            2026-05-01 Checking Fun -7.00
            """, today: "2026-05-31")
        // until 2026-03-01 includes 1 March: three occurrences.
        #expect(model.rules[0].occurrences(through: d("2026-12-31")) == [d("2026-01-01"), d("2026-02-01"), d("2026-03-01")])
        // The range 1–30 April includes 30 April (40.00), not 1 May: 100 − 40 = 60.00.
        let fair = try #require(model.envelopeStatus(0, at: d("2026-04-30")))
        #expect(fair.end == d("2026-04-30") && fair.spent == m("40.00") && fair.available == m("60.00"))
    }

    // MARK: Rounding

    @Test func conversionsRoundPerAmountBeforeAdding() throws {
        let (model, _) = try Figures.run(
            """
            currency EUR
            wallet US bank currency USD opening 100.00
            expense Fun
            envelope Fun 10 monthly for Fun
            2026-03-01 rate USD 0.3333 EUR
            2026-03-02 US Fun -10.00
            2026-03-03 US Fun -10.00
            """, today: "2026-03-31")
        // Each 10.00 × 0.3333 = 3.333 → 3.33; 3.33 + 3.33 = 6.66 (not 20.00 × 0.3333 =
        // 6.666 → 6.67), in insights and in the envelope alike.
        let rates = ExchangeRates(model)
        let march = CategoryFlows(model, rates: rates).totals(d("2026-03-01") ... d("2026-03-31"), model: model)
        #expect(march.expense == m("6.66"))
        #expect(model.envelopeStatus(0, at: d("2026-03-31"))?.spent == m("6.66"))
        // The balance is converted as one amount: 80.00 × 0.3333 = 26.664 → 26.66.
        #expect(model.balanceSheet(at: d("2026-03-31"), rates: rates).total == m("26.66"))
    }

    // MARK: Rates

    @Test func noInverseAndNoCrossRates() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet US bank currency USD opening 100.00
            wallet UK bank currency GBP opening 100.00
            expense Fun
            envelope Fun 100 monthly for Fun
            2026-03-01 rate EUR 1.10 USD
            2026-03-01 rate GBP 1.25 USD
            2026-03-02 US Fun -10.00
            2026-03-03 UK Fun -10.00
            """, today: "2026-03-31")
        // Neither USD→EUR (only EUR→USD is stated) nor GBP→EUR (only via USD) converts.
        #expect(Figures.codes(diagnostics).filter { $0 == "E0412" }.count == 2)
        #expect(model.envelopeStatus(0, at: d("2026-03-31"))?.spent.isZero == true)
        let sheet = model.balanceSheet(at: d("2026-03-31"), rates: ExchangeRates(model))
        #expect(sheet.total.isZero && sheet.missingRates.map(\.currency) == ["GBP", "USD"])
    }

    // MARK: Goal outlook

    @Test func goalOutlookFiguresByHand() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Savings savings opening 0
            goal Bike 1200 by 2026-12-31
            goal Fund by 2026-12-31
            goal Car 1200
            goal Jar
            goal Late 1200 by 2026-06-30
            2026-01-01 goal Bike 100.00
            2026-03-01 goal Bike 200.00
            2026-01-01 goal Fund 100.00
            2026-03-01 goal Fund 200.00
            2026-01-01 goal Car 100.00
            2026-03-01 goal Car 200.00
            2026-01-01 goal Jar 100.00
            2026-03-01 goal Jar 200.00
            2026-01-01 goal Late 100.00
            2026-03-01 goal Late 200.00
            """, today: "2026-03-31")
        let day = d("2026-03-31")
        // Saved 300.00 over 89 days (1 January to 31 March).
        let bike = model.goalStatus(model.goal("Bike"), at: day)
        // months = 12 − 3 = 9: 900.00 ÷ 9 = 100.00; 1200 × 89 ÷ 364 = 293.41 ≤ 300: on track.
        #expect(bike.outlook == "100.00 EUR a month until 2026-12-31" && bike.state == .onTrack)
        #expect(bike.percent == m("25.0"))  // 300 ÷ 1200
        // 300.00 + 300.00 × 275 ÷ 89 = 300.00 + 926.97 = 1226.97.
        #expect(model.goalStatus(model.goal("Fund"), at: day).outlook == "about 1226.97 EUR by 2026-12-31 at the current pace")
        // 900.00 × 89 ÷ 300.00 = 267 days after 31 March: 23 December.
        #expect(model.goalStatus(model.goal("Car"), at: day).outlook == "reached around 2026-12-23 at the current pace")
        #expect(model.goalStatus(model.goal("Jar"), at: day).outlook == "about 1226.97 EUR by the end of 2026 at the current pace")
        // Late: 1200 × 89 ÷ 180 (1 January to 30 June) = 593.33 > 300.00: behind, I0509 once,
        // on the goal line (line 7).
        let late = model.goalStatus(model.goal("Late"), at: day)
        #expect(late.state == .behind)
        // months: June − March = 3, and 30 < 31: 900.00 ÷ 3 = 300.00 a month.
        #expect(late.outlook == "300.00 EUR a month until 2026-06-30")
        let behind = diagnostics.filter { $0.code == .goalBehind }
        #expect(behind.count == 1)
        #expect(behind.first?.message.contains("593.33") == true)
    }

    // MARK: Order within a day

    @Test func includedFilesFollowAndAssertionsSeeTheWholeDay() throws {
        let files = [
            "budget.tally": """
            currency EUR
            include "extra.tally"
            wallet Checking opening 100.00
            expense Fun
            2026-03-01 assert Checking 70.00
            2026-03-01 "Here" Checking Fun -20.00
            """,
            "extra.tally": """
            2026-03-01 "There" Checking Fun -10.00
            """
        ]
        let budget = try BudgetLoader(provider: InMemoryFileProvider(files)).load("budget.tally")
        let (model, diagnostics) = Interpreter.run(budget, today: d("2026-03-31"))
        // 100.00 − 20.00 − 10.00 = 70.00 at the end of the day: the assertion holds.
        #expect(!Figures.codes(diagnostics).contains("E0410"))
        // The including file's entry first, then the included file's; balances 80, 70.
        let rows = model.register(EntryFilter())
        #expect(rows.map { $0.payee ?? "" } == ["Here", "There"])
        #expect(rows.map(\.balance) == [m("80.00"), m("70.00")])
    }

    // MARK: Sorting

    @Test func sortingKeepsDateOrderAmongEqualsAndEmptyPayeesFirst() throws {
        let (model, _) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 100.00
            expense Fun
            2026-03-01 "Lidl" Checking Fun -5.00
            2026-03-02 Checking Fun -5.00
            2026-03-03 "aldi" Checking Fun -9.00
            """, today: "2026-03-31")
        func days(_ sort: RegisterSort, _ descending: Bool) -> [Int] {
            model.register(EntryFilter(), sort: sort, descending: descending).map(\.date.day)
        }
        #expect(days(.amount, false) == [3, 1, 2])  // −9.00, then the two −5.00 in date order
        #expect(days(.amount, true) == [1, 2, 3])  // −5.00 (1st), −5.00 (2nd), −9.00
        #expect(days(.payee, false) == [2, 3, 1])  // none, aldi, Lidl (case ignored)
        #expect(days(.payee, true) == [1, 3, 2])  // Lidl, aldi, none
        #expect(days(.date, true) == [3, 2, 1])
    }

    // MARK: Where checks are reported

    @Test func overdueIsReportedOncePerRuleOnItsLine() throws {
        let text = """
            currency EUR
            wallet Checking opening 5000.00
            expense Rent
            every month on 1 from 2026-01-01 as rent Checking Rent -500.00
            2026-02-01 Checking Rent -500.00 rule rent
            """
        let (_, diagnostics) = try Figures.run(text, today: "2026-04-15")
        // January, March and April are open: one W0506 on the `every` line (line 4).
        let overdue = diagnostics.filter { $0.code == .recurringOverdue }
        #expect(overdue.count == 1)
        let lineFour = "currency EUR\nwallet Checking opening 5000.00\nexpense Rent\n".utf8.count
        let lineFive = lineFour + "every month on 1 from 2026-01-01 as rent Checking Rent -500.00\n".utf8.count
        #expect((lineFour ..< lineFive).contains(overdue.first?.range.start ?? -1))
        #expect(overdue.first?.message.contains("3 occurrences") == true)
    }

    @Test func readyToAssignDipsAreReportedOncePerDipAndForStarIsALimit() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 100.00
            income Salary
            expense Fun
            envelope Fun monthly for Fun
            envelope Cap 5000 monthly for *
            2026-03-01 "ACME" Checking Salary +50.00
            2026-03-02 fill Fun 120.00
            2026-03-03 fill Fun 10.00
            2026-03-10 "ACME" Checking Salary +100.00
            2026-03-11 fill Fun 30.00
            """, today: "2026-03-31")
        // Ready: 100 + 50 = 150; −120 = 30; −10 = 20; +100 = 120; −30 = 90. Never below
        // zero, and Cap's 5000 is not taken: no W0503.
        #expect(!Figures.codes(diagnostics).contains("W0503"))
        let rates = ExchangeRates(model)
        #expect(model.readyToAssign(at: d("2026-03-31")) == m("90.00"))
        let (_, dips) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 100.00
            income Salary
            expense Fun
            envelope Fun monthly for Fun
            2026-03-01 "ACME" Checking Salary +50.00
            2026-03-02 fill Fun 200.00
            2026-03-03 fill Fun 10.00
            2026-03-10 "ACME" Checking Salary +100.00
            2026-03-11 fill Fun 100.00
            """, today: "2026-03-31")
        // 150 − 200 = −50 (a dip: W0503); −10 → −60 (the same dip); +100 → 40; −100 → −60
        // (a new dip: W0503). Two in all, on the fills of 2 and 11 March.
        let reported = dips.filter { $0.code == .readyToAssignNegative }
        #expect(reported.count == 2)
        #expect(reported.map { $0.message.contains("-50.00") || $0.message.contains("-60.00") } == [true, true])
    }

    // MARK: Balances before an opening

    @Test func aWalletIsNotListedBeforeItOpens() throws {
        let (model, _) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 100.00
            wallet New bank opening 500.00 on 2026-03-15
            expense Fun
            2026-03-20 New Fun -20.00
            """, today: "2026-03-31")
        let rates = ExchangeRates(model)
        let before = model.balanceSheet(at: d("2026-03-14"), rates: rates)
        #expect(before.counted.map(\.wallet) == [model.wallet("Checking")] && before.total == m("100.00"))
        // On its opening day: 100.00 + 500.00 = 600.00; after the spending 580.00.
        #expect(model.balanceSheet(at: d("2026-03-15"), rates: rates).total == m("600.00"))
        #expect(model.balanceSheet(at: d("2026-03-31"), rates: rates).total == m("580.00"))
    }
}
