import Foundation
import TallyTestSupport
import Testing

/// `tally convert` on the apps' exports: told by their columns, written only when the
/// result checks, and the written budget checks clean with `tally check`.
@Suite struct ConvertAppExportTests {
    static let apps = "Tests/TallyInteropTests/Fixtures/apps/"

    @Test(arguments: [
        ["ynab-household - Register.csv", "ynab-household - Plan.csv"], ["goodbudget-household.csv", "--commodity", "=USD"],
        ["spendee-student.csv"], ["wallet-couple.csv"]
    ])
    func theWrittenBudgetChecksClean(_ arguments: [String]) throws {
        let temporary = try TemporaryFolder("convert-app")
        defer { temporary.remove() }
        let budget = temporary.url.appendingPathComponent("budget.tally").path
        let files = arguments.map { $0.hasSuffix(".csv") ? Self.apps + $0 : $0 }
        let converted = TallyInProcess.run(["convert"] + files + ["-o", budget, "--today", "2026-03-31"])
        #expect(converted.status == 0, "\(converted.stderr)")
        // Each export lists one line (YNAB's card payment category; the others' missing
        // starting balances), so --strict writes nothing.
        #expect(converted.stderr.contains("1 line not converted"), "\(converted.stderr)")
        let check = TallyInProcess.run(["check", budget, "--strict", "--today", "2026-03-31"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let strict = TallyInProcess.run(["convert"] + files + ["--strict", "--today", "2026-03-31"])
        #expect(strict.status == 1 && strict.stdout.isEmpty)
    }

    /// A file that is no app's export beside one that is, and an app named that does not
    /// fit the columns, are usage mistakes: nothing is written.
    @Test func mixedOrMisnamedFilesAreRefused() throws {
        let mixed = TallyInProcess.run(["convert", Self.apps + "spendee-student.csv", "Tests/TallyInteropTests/Fixtures/convert/household.journal"])
        #expect(mixed.status == 2 && mixed.stderr.contains("is no app's export"), "\(mixed.stderr)")
        let misnamed = TallyInProcess.run(["convert", "--from", "ynab", Self.apps + "spendee-student.csv"])
        #expect(misnamed.status == 2 && misnamed.stderr.contains("neither YNAB's register nor its plan"), "\(misnamed.stderr)")
        // A row split by an unquoted `$1,234.56` is still YNAB's register: refused as one.
        let temporary = try TemporaryFolder("convert-app-shifted")
        defer { temporary.remove() }
        let register = try temporary.write(
            "\"Account\",\"Flag\",\"Date\",\"Payee\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\"\n"
                + "\"Bank\",\"\",\"03/14/2026\",\"Shop\",\"Food: Bread\",\"Food\",\"Bread\",\"\",$1,234.56,$0.00,\"Cleared\"\n",
            to: "Register.csv")
        let shifted = TallyInProcess.run(["convert", register])
        #expect(shifted.status == 2 && shifted.stderr.contains("12 fields where the header names 11"), "\(shifted.stderr)")
        let ambiguous = TallyInProcess.run(["convert", "--from", "quicken", Self.apps + "spendee-student.csv"])
        #expect(ambiguous.status == 2 && ambiguous.stdout.isEmpty)
    }
}
