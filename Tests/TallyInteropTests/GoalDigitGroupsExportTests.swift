import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// A budget raised from one year to the next (issue 36's household: rent 1150.00 in
/// 2025, 1190.00 from 2026) is two envelopes on one category, the first `until` the day
/// before the second starts. The hledger export writes their goals in the currency's
/// digit groups, as the journal declared them (`commodity 1,000.00 EUR`): hledger 1.25
/// shows a goal as it is written, so `hledger bal --budget` on the round trip prints
/// `[100% of 1,150.00 EUR]` as it did on the original.
@Suite struct GoalDigitGroupsExportTests {
    static func budget(_ commodity: String) -> String {
        """
        currency EUR
            commodity: "\(commodity)"
        wallet Checking  bank  opening 3000.00 on 2025-01-01
        expense Rent, Food
        envelope Rent    1150.00 monthly for Rent from 2025-01-01 until 2025-12-31
        envelope Rent-2  1190.00 monthly for Rent from 2026-01-01
        envelope Food     450.00 monthly for Food from 2025-01-01 until 2025-06-30
        2025-01-02 "Landlord" Checking Rent -1150.00

        """
    }

    static func exported(_ format: PeerFormat, _ commodity: String) throws -> [String] {
        let folder = try TemporaryFolder("follow-on")
        defer { folder.remove() }
        let path = try folder.write(budget(commodity), to: "home.tally")
        let parsed = try BudgetLoader().load(path)
        let (model, found) = Interpreter.run(parsed, today: CivilDate(iso: "2026-11-22")!)
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        return JournalExporter(model: model, budget: parsed, format: format).export().split(separator: "\n").map(String.init)
    }

    /// The declared format, and the goals written under it: groups of three in the whole
    /// part only where the format has them (1150.00 is `1,150.00`, `1.150,00`, `1150.00`).
    @Test(arguments: [
        ("1,000.00 EUR", ["1,150.00 EUR", "1,190.00 EUR", "450.00 EUR"]),
        ("1.000,00 EUR", ["1.150,00 EUR", "1.190,00 EUR", "450,00 EUR"]),
        ("1000.00 EUR", ["1150.00 EUR", "1190.00 EUR", "450.00 EUR"])
    ])
    func hledgerGoalsAreWrittenInTheDeclaredDigitGroups(_ commodity: String, _ amounts: [String]) throws {
        let goals = try Self.exported(.hledger, commodity).filter { $0.hasPrefix("    (Expenses:") }
        #expect(goals == zip(["Rent", "Rent", "Food"], amounts).map { "    (Expenses:\($0))  \($1)" }, "\(goals)")
    }
}
