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

    /// An app's export that is a header alone (after a byte-order mark) is refused by the
    /// app's name; one whose only row is a transfer without its other side lists the row
    /// and gives no wallet that moves: exit 2 both, nothing written.
    @Test func anAppExportOfNothingIsRefused() throws {
        let folder = try TemporaryFolder("convert-app-nothing")
        defer { folder.remove() }
        let header = "Id;Date;Category;Amount;Currency;Note;Wallet\n"
        let out = folder.url.appendingPathComponent("out.tally").path
        let empty = TallyInProcess.run(["convert", try folder.write("\u{FEFF}" + header, to: "moneylover.csv"), "-o", out])
        #expect(empty.status == 2 && empty.stdout.isEmpty, "\(empty.stderr)")
        #expect(empty.stderr.hasSuffix("moneylover.csv: Money Lover's export with a header and no rows: nothing to convert\n"), "\(empty.stderr)")
        let lone = TallyInProcess.run(["convert", try folder.write(header + "1;15/03/2026;Outgoing Transfer;-50.00;USD;ATM;Bank\n", to: "ml.csv"), "-o", out])
        #expect(lone.status == 2 && lone.stdout.isEmpty, "\(lone.stderr)")
        #expect(lone.stderr.contains("ml.csv:2: not converted: a transfer whose other side is not in the export"), "\(lone.stderr)")
        #expect(lone.stderr.hasSuffix("tally convert: the files give no transaction or opening; nothing written\n"), "\(lone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
