import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// The report queries agree with the interpreter's own figures on every example, and
/// each settles the calendar and currency edge cases its own way only where documented.
@Suite struct ReportQueryTests {
    static let examples = ["household", "student", "multi-currency"]
    let today = CivilDate(year: 2026, month: 11, day: 22)!

    func model(_ name: String, today: CivilDate? = nil) throws -> BudgetModel {
        let budget = try BudgetLoader().load(TestSupport.path("examples/\(name).tally"))
        return Interpreter.run(budget, today: today ?? self.today).model
    }

    func model(text: String, today: String) throws -> (BudgetModel, [Diagnostic]) {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(iso: today)!)
    }

    @Test(arguments: examples) func registerBalancesMatchTheInterpreter(_ name: String) throws {
        let model = try model(name)
        let rows = model.register(EntryFilter())
        #expect(!rows.isEmpty)
        // The last line of each entry in a wallet shows the balance after the entry.
        var last: [String: RegisterRow] = [:]
        for row in rows { last["\(row.entry)/\(row.wallet)"] = row }
        for row in last.values {
            #expect(model.balance(of: row.wallet, afterEntry: row.entry) == row.balance)
        }
        for w in model.wallets.indices {
            let final = rows.last { $0.wallet == w }?.balance ?? model.wallets[w].opening
            #expect(final == model.balance(of: w, at: today))
        }
    }

    @Test(arguments: examples) func flowsAddUpPerMonthAndPerCategory(_ name: String) throws {
        let model = try model(name)
        let rates = ExchangeRates(model)
        let flows = CategoryFlows(model, rates: rates)
        let range = CivilDate(year: 2026, month: 8, day: 1)! ... today
        let total = flows.totals(range, model: model)
        let series = flows.series(range, by: .month, model: model)
        #expect(series.count == 4)
        #expect(series.reduce(Money.zero) { $0.adding($1.income)! } == total.income)
        #expect(series.reduce(Money.zero) { $0.adding($1.expense)! } == total.expense)
        let weeks = flows.series(range, by: .week, model: model)
        #expect(weeks.reduce(Money.zero) { $0.adding($1.expense)! } == total.expense)
        #expect(weeks.first?.start == range.lowerBound && weeks.last?.end == range.upperBound)
        // In the default currency, per category, the flows equal the interpreter's totals.
        let reference = model.totalsByCategory(in: range)
        for (category, sum) in flows.byCategory(range) {
            if let own = reference[category]?[model.defaultCurrency], reference[category]?.count == 1 {
                #expect(own == sum, "\(model.categories[category].name)")
            }
        }
        let shares = model.categoryShares(range, flows: flows)
        let percent = shares.expense.reduce(Money.zero) { $0.adding($1.percent)! }
        #expect(abs(percent.units - 1000) <= Int64(shares.expense.count), "shares add up to 100.0 within rounding")
    }

    @Test func conversionUsesTheLatestRateOnOrBeforeAndNeverGuesses() throws {
        let (model, _) = try model(
            text: """
                currency EUR
                currency USD
                wallet D bank currency USD
                expense Fun
                2026-01-05 D Fun -10.00
                2026-02-01 rate USD 0.90 EUR
                2026-02-10 D Fun -10.00
                2026-03-01 rate USD 0.80 EUR
                2026-03-01 D Fun -10.00
                """, today: "2026-03-31")
        let rates = ExchangeRates(model)
        #expect(rates.toDefault(Money("10")!, from: "USD", at: CivilDate(iso: "2026-01-31")!) == nil)
        #expect(rates.toDefault(Money("10")!, from: "USD", at: CivilDate(iso: "2026-02-28")!) == Money("9.00"))
        #expect(rates.toDefault(Money("10")!, from: "USD", at: CivilDate(iso: "2026-03-01")!) == Money("8.00"))
        let flows = CategoryFlows(model, rates: rates)
        #expect(flows.flows.map(\.amount) == [Money("-9.00")!, Money("-8.00")!])
        #expect(flows.missingRates == [MissingRate(currency: "USD", date: CivilDate(iso: "2026-01-05")!)])
        let range = CivilDate(iso: "2026-03-01")! ... CivilDate(iso: "2026-03-31")!
        #expect(flows.missingRates(in: range, model: model, rates: rates).isEmpty)
    }

    @Test(arguments: examples) func dueAgreesWithTheOverdueCheck(_ name: String) throws {
        for day in ["2026-11-22", "2026-12-20", "2027-03-03"] {
            let date = CivilDate(iso: day)!
            let budget = try BudgetLoader().load(TestSupport.path("examples/\(name).tally"))
            let (model, diagnostics) = Interpreter.run(budget, today: date)
            let overdue = Set(model.dueOccurrences(through: date).filter { $0.status == .overdue }.map(\.rule))
            let flagged = diagnostics.filter { $0.code == .recurringOverdue }.count
            #expect(overdue.count == flagged, "\(name) on \(day)")
        }
    }

    @Test func earlyRecordsSkipsAndLookalikesSettleOccurrences() throws {
        let (model, diagnostics) = try model(
            text: """
                currency EUR
                wallet Cash cash opening 1000 on 2025-12-01
                expense Rent, Fun
                every month on 1 from 2026-01-01 as rent Cash Rent -500.00
                2025-12-28 Cash Rent -500.00 rule rent
                2026-02-01 skip rent
                2026-03-02 Cash Rent -500.00
                """, today: "2026-04-15")
        let due = model.dueOccurrences(through: CivilDate(iso: "2026-05-31")!)
        #expect(due.map(\.date.description) == ["2026-04-01", "2026-05-01"])
        #expect(due.map(\.status) == [.overdue, .upcoming])
        #expect(diagnostics.filter { $0.code == .recurringOverdue }.count == 1)
        let forecast = model.forecast(until: CivilDate(iso: "2026-05-31")!)
        // The overdue April rent is not assumed; May's is.
        #expect(forecast.opening[0] == Money("0"))
        #expect(forecast.projected[0] == Money("-500.00"))
        #expect(forecast.lowest[0].date == CivilDate(iso: "2026-05-01")!)
    }

    @Test func monthEndRulesForecastOnTheLastDay() throws {
        let (model, _) = try model(
            text: """
                currency EUR
                wallet Cash cash opening 100 on 2027-12-31
                income Pay
                every month on last from 2028-01-31 as pay Cash Pay +10.00
                """, today: "2028-01-15")
        let events = model.forecast(until: CivilDate(iso: "2028-04-30")!).events
        #expect(events.map(\.date.description) == ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"])
        #expect(events.last?.balance == Money("140.00"))
    }

    @Test func registerFiltersCombineAndParentsIncludeChildren() throws {
        let model = try model("household")
        var filter = EntryFilter()
        filter.categories = ["Food"]
        filter.wallets = [model.wallets.firstIndex { $0.name == "Visa" }!]
        let rows = model.register(filter)
        #expect(rows.map(\.amount) == [Money("-78.40")!, Money("-46.80")!])
        filter = EntryFilter()
        filter.types = [.transfer]
        #expect(model.register(filter).allSatisfy { $0.category == nil && $0.counterpart != nil })
        #expect(model.register(filter).count % 2 == 0)
        filter = EntryFilter()
        filter.search = "BIRTHDAY"  // two notes and a tag, any case
        #expect(model.register(filter).map(\.amount) == [Money("-78.40")!, Money("-164.90")!])
        filter.search = "639.00"  // the amount
        #expect(model.register(filter).map(\.payee) == ["Radhaus Schmidt"])
        let byAmount = model.register(EntryFilter(), sort: .amount)
        #expect(zip(byAmount, byAmount.dropFirst()).allSatisfy { !($1.amount < $0.amount) })
    }

    @Test func whoSpentWhat() throws {
        let model = try model("household")
        let flows = CategoryFlows(model, rates: ExchangeRates(model))
        let october = CivilDate(iso: "2026-10-01")! ... CivilDate(iso: "2026-10-31")!
        let people = flows.spendingByPerson(october, model: model)
        // Anna: 42.50 presents + 639.00 bike + 9.60 bakery; Ben: lunches 10.40 + 11.80,
        // pizza 46.80 and tickets 39.90.
        #expect(people.map(\.person) == ["Anna", "Ben", nil])
        #expect(people[0].spent == Money("691.10"))
        #expect(people[1].spent == Money("108.90"))
        #expect(people.reduce(Money.zero) { $0.adding($1.spent)! } == flows.totals(october, model: model).expense)
    }

    @Test(arguments: examples) func envelopeDaysAddUpToWhatTheEnvelopeSpent(_ name: String) throws {
        let model = try model(name)
        let rates = ExchangeRates(model)
        for day in ["2026-09-30", "2026-10-15", "2026-11-22"] {
            let date = CivilDate(iso: day)!
            for e in model.envelopes.indices {
                guard let status = model.envelopeStatus(e, at: date) else { continue }
                let days = model.envelopeDays(e, at: date, rates: rates)
                #expect(days.first?.date == status.start)
                #expect(days.last?.date == min(date, status.end))
                if date >= status.end || date == today {
                    #expect(days.last?.spentSoFar == status.spent, "\(model.envelopes[e].name) on \(day)")
                }
            }
        }
    }

    @Test func periodicGoalsCountThePeriodOnly() throws {
        let (model, _) = try model(
            text: """
                currency EUR
                wallet Giro bank opening 1000 on 2026-01-01
                wallet Sav savings
                goal Rainy 100 monthly in Sav
                goal Trip 500 in Sav
                2026-10-03 transfer Giro -> Sav 100 goal Rainy
                2026-11-03 transfer Giro -> Sav 60 goal Rainy
                """, today: "2026-11-22")
        let november = try #require(model.periodicGoalStatus(0, at: CivilDate(iso: "2026-11-22")!))
        #expect(november.saved == Money("60"))
        #expect(november.missing == Money("40"))
        #expect(november.end == CivilDate(iso: "2026-11-30")!)
        #expect(!november.isReached)
        let october = try #require(model.periodicGoalStatus(0, at: CivilDate(iso: "2026-10-31")!))
        #expect(october.isReached && october.percent == Money("100.0"))
        #expect(model.periodicGoalStatus(1, at: CivilDate(iso: "2026-11-22")!) == nil)
    }
}
