import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// One story for goals (Grammar.md §4, "Goals in the equation"): the money saved in the
/// budget's wallets is the same figure on the Envelopes page, on the Goals page, in
/// `tally envelopes`' equation and in `tally goals`; and a day after today says that it
/// looks ahead.
struct GoalsStoryTests {
    /// Household on 2026-11-22: Vacation 300.00 + 300.00, Emergency 250.00, New-bike
    /// 300.00 + 350.00 − 639.00 for the bike = 11.00: 861.00 in goals.
    @Test func thePagesAndTheCommandsShowTheSameSavedMoney() throws {
        let file = TestSupport.path("examples/household.tally")
        let serve = ServeTestApp(files: [file])
        #expect(serve.get("/envelopes").text.contains("Saved in goals: 861.00 EUR, assigned, so not in ready to assign"))
        #expect(serve.get("/goals").text.contains("wallets: 861.00 EUR, assigned, so not in ready to assign"))
        let envelopes = ServeTestApp.cli(["envelopes", "--format", "json", "--today", "2026-11-22", file]).out
        let equation = try #require((try JSONSerialization.jsonObject(with: Data(envelopes.utf8)) as? [String: Any])?["equation"] as? [String: Any])
        #expect(equation["goals"] as? String == "861.00")
        let goals = ServeTestApp.cli(["goals", "--format", "json", "--today", "2026-11-22", file]).out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(goals.utf8)) as? [String: Any])
        #expect(object["assigned"] as? String == "861.00")
    }

    @Test func aDayAfterTodaySaysItLooksAhead() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        #expect(serve.get("/envelopes?at=2026-12-01").text.contains("Looking ahead from today (2026-11-22): as 2026-12-01 will show them"))
        #expect(!serve.get("/envelopes").text.contains("Looking ahead"))
    }
}
