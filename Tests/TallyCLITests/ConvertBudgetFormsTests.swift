import Foundation
import TallyTestSupport
import Testing

/// Every budget form the peers write (issue 22) converts into a budget that checks clean,
/// whose recurring rules are named so that `tally record --due` records them as they are.
/// The forms themselves are in the golden conversions `hledger-budget-forms` and
/// `beancount-fava-budget` (TallyInteropTests).
@Suite struct ConvertBudgetFormsTests {
    static let fixtures = "Tests/TallyInteropTests/Fixtures/convert/"

    @Test(arguments: ["budget-forms.journal", "fava-budget.beancount"])
    func theBudgetChecksClean(_ name: String) throws {
        let folder = try TemporaryFolder("convert-budget-forms")
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("budget.tally").path
        let run = TallyInProcess.run(["convert", TestSupport.path(Self.fixtures + name), "-o", output, "--today", "2020-01-31"])
        #expect(run.status == 0, "\(run.stderr)")
        let check = TallyInProcess.run(["check", output, "--today", "2020-01-31"])
        #expect(!check.stdout.contains("error["), "\(check.stdout)")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// hledger's `~ monthly from 2020-02-01  Landlord` is `every month on 1 from
    /// 2020-02-01 as Landlord`: on 2020-03-15 two occurrences are due (1 February and
    /// 1 March), each recorded as `-1000.00` from checking.
    @Test func aConvertedRuleIsRecordedByName() throws {
        let folder = try TemporaryFolder("convert-record-due")
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("budget.tally").path
        let run = TallyInProcess.run(["convert", TestSupport.path(Self.fixtures + "budget-forms.journal"), "-o", output, "--today", "2020-01-31"])
        #expect(run.status == 0, "\(run.stderr)")
        let record = TallyInProcess.run(["record", output, "--due", "--today", "2020-03-15"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let budget = try String(contentsOfFile: output, encoding: .utf8)
        #expect(budget.components(separatedBy: "rule Landlord").count - 1 == 2, "\(budget)")
    }
}
