import TallyTestSupport
import Testing

/// `tally envelopes --monthly`'s ready to assign in text: months before the budget's
/// first money are left out, and every month at 0.00 is one line, not a heading over
/// zeros.
struct EnvelopesMonthlyReadyTests {
    static let budget = """
        currency EUR
        wallet Checking opening 0.00 on 2026-09-01
        income Salary
        expense Rent
        envelope Rent 1000 monthly for Rent
        2026-09-01 Checking Salary +1000.00
        2026-09-02 Checking Rent -1000.00
        2026-10-01 Checking Salary +1000.00
        2026-10-02 Checking Rent -1000.00

        """

    func run(_ text: String) throws -> String {
        let folder = try TemporaryFolder("monthly-ready")
        defer { folder.remove() }
        let file = try folder.write(text, to: "b.tally")
        return TallyInProcess.run(["envelopes", file, "--monthly", "-p", "2026-07-01..2026-10-31", "--today", "2026-10-31"]).stdout
    }

    @Test func everyMonthAtZeroIsOneLine() throws {
        // 1000.00 in, 1000.00 planned into Rent, each month: 0.00 at both months' ends.
        let out = try run(Self.budget)
        #expect(out.contains("Ready to assign is 0.00 EUR at the end of every month from 2026-09 to 2026-10: all the money is assigned\n"))
        #expect(!out.contains("Ready to assign at the end of"))
    }

    @Test func monthsBeforeTheFirstMoneyAreLeftOut() throws {
        // 1200.00 in October: 200.00 left at its end; July and August had no money yet.
        let out = try run(Self.budget.replacingOccurrences(of: "2026-10-01 Checking Salary +1000.00", with: "2026-10-01 Checking Salary +1200.00"))
        let ready = try #require(out.range(of: "Ready to assign at the end of").map { String(out[$0.upperBound...]) })
        #expect(ready.contains("2026-09") && ready.contains("200.00"))
        #expect(!ready.contains("2026-07") && !ready.contains("2026-08"))
    }
}
