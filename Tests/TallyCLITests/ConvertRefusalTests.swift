import Foundation
import TallyTestSupport
import Testing

/// `tally convert` never succeeds with an empty budget: a CSV that is no export Tally
/// reads is refused (exit 2) with what it looks like, and files that give no wallet, or
/// wallets that never move, are refused after their lines are listed; nothing is written.
@Suite struct ConvertRefusalTests {
    @Test func anUnknownCSVIsRefused() throws {
        let folder = try TemporaryFolder("convert-unknown")
        defer { folder.remove() }
        let csv = try folder.write("Date,Thing,Value\n2026-03-01,Bread,2.50\n", to: "budget.csv")
        let out = folder.url.appendingPathComponent("out.tally").path
        let r = TallyInProcess.run(["convert", csv, "-o", out])
        #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(r.stderr.contains("is a CSV table with the columns Date, Thing, Value"), "\(r.stderr)")
        #expect(r.stderr.contains("--from ynab, goodbudget, spendee, wallet"), "\(r.stderr)")
        #expect(!r.stderr.contains("not converted") && !FileManager.default.fileExists(atPath: out))
    }

    @Test func filesThatGiveNothingAreRefusedAfterTheirLines() throws {
        let folder = try TemporaryFolder("convert-nothing")
        defer { folder.remove() }
        let journal = try folder.write("decimal-mark x\n", to: "other.journal")
        let out = folder.url.appendingPathComponent("out.tally").path
        let r = TallyInProcess.run(["convert", journal, "-o", out])
        #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(r.stderr.contains("other.journal:1: not converted: a `decimal-mark`"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("tally convert: the files give no wallet; nothing written\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
