import TallyCore
import TallySyntax
import Testing

/// `rollover unspent`, YNAB's month rule (Grammar.md §4): what is left at a period's end
/// carries into the next; overspending does not, and is taken from ready to assign the
/// day after. Figures computed by hand.
@Suite struct RolloverUnspentTests {
    let d = Figures.date
    let m = Figures.money

    static func budget(_ rollover: String) -> String {
        """
        currency EUR
        wallet Checking opening 1000.00 on 2026-01-01
        income Salary
        expense Food, Fun
        envelope Food 100 monthly for Food \(rollover)
        envelope Fun 50 monthly for Fun \(rollover)
        2026-01-02 Checking Salary +500.00
        2026-01-10 Checking Food -130.00
        2026-01-12 Checking Fun -20.00
        2026-02-10 Checking Food -40.00
        """
    }

    /// (Food, Fun, ready to assign) at the end of `day`.
    func figures(_ text: String, _ day: String) throws -> (Money?, Money?, Money?) {
        let (model, _) = try Figures.run(text, today: "2026-02-28")
        let rates = ExchangeRates(model)
        let food = model.envelopeStatus(0, through: d(day), rates: rates)?.available
        let fun = model.envelopeStatus(1, through: d(day), rates: rates)?.available
        return (food, fun, model.readyToAssign(at: d(day)))
    }

    @Test func overspendingIsTakenFromReadyToAssignWhatIsLeftCarries() throws {
        let text = Self.budget("rollover unspent")
        // January: Food 100.00 − 130.00 = −30.00, Fun 50.00 − 20.00 = 30.00; ready to
        // assign 1000.00 + 500.00 − 100.00 − 50.00 = 1350.00 (1350.00 − 30.00 + 30.00 =
        // 1350.00 in Checking).
        let january = try figures(text, "2026-01-31")
        #expect(january.0 == m("-30.00") && january.1 == m("30.00") && january.2 == m("1350.00"))
        // February: Food starts at 0.00 (not −30.00): 100.00 − 40.00 = 60.00; Fun carries
        // 30.00: 30.00 + 50.00 = 80.00; ready to assign 1350.00 − 30.00 (Food's
        // overspending, on 1 February) − 150.00 planned = 1170.00. Checking: 1500.00 −
        // 130.00 − 20.00 − 40.00 = 1310.00 = 1170.00 + 60.00 + 80.00.
        let february = try figures(text, "2026-02-28")
        #expect(february.0 == m("60.00") && february.1 == m("80.00") && february.2 == m("1170.00"))
    }

    /// Plain `rollover` carries the overspending: Food 30.00, ready to assign 1200.00.
    @Test func plainRolloverStillCarriesOverspending() throws {
        let february = try figures(Self.budget("rollover"), "2026-02-28")
        // Food −30.00 + 100.00 − 40.00 = 30.00; 1350.00 − 150.00 = 1200.00; 1200.00 + 30.00
        // + 80.00 = 1310.00.
        #expect(february.0 == m("30.00") && february.1 == m("80.00") && february.2 == m("1200.00"))
    }

    /// The parser reads `unspent` only after `rollover`; the writer quotes a name spelled so.
    @Test func unspentIsAKeywordOnlyAfterRollover() throws {
        let tree = Parser.parse(SourceText(path: "b.tally", text: "expense Food\nenvelope Food 100 monthly for Food rollover unspent\n"))
        #expect(tree.diagnostics.isEmpty)
        let lone = Parser.parse(SourceText(path: "b.tally", text: "expense Food\nenvelope Food 100 monthly for Food unspent\n"))
        #expect(!lone.diagnostics.isEmpty)
    }
}
