import Foundation
import TallyTestSupport
import Testing

/// ledger's own example journal, `sample.dat` (shipped by Debian's ledger package, used
/// where it is installed, never copied): what `tally convert` lists of it, with the
/// reason, and that ledger prints the same reports on the original and on `tally export
/// --to ledger` of the budget for every account the listed lines do not touch. Needs
/// ledger and its example: skipped without them, a failure under CI.
@Suite struct LedgerSampleRoundTripTests {
    static let sample = "/usr/share/doc/ledger/examples/sample.dat"
    static var present: Bool {
        (ExternalTool.find("ledger") != nil && FileManager.default.fileExists(atPath: sample))
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The lines listed, by number. Each has a cause Tally does not carry:
    /// 3 `N $` (ledger's "no market price" directive); 5 an automated transaction (it adds
    /// `(Liabilities:Taxes)` to the book purchase); 8 `~ Monthly` without a start (a
    /// recurring transaction needs its first date); 20 the secondary date of an opening
    /// (an opening is a wallet's attribute; any other transaction keeps it as `date2:`);
    /// 21 the cost of the opening 50 AAPL (`@ $30.00`: an opening keeps no cost); 28 and
    /// 32 accounts under roots ledger gives no type (`Asséts`, `Русский язык`). (Line 24's
    /// `500.00€` into checking, which holds dollars, goes to a wallet `Checking EUR` that
    /// keeps the account; 36–44's `apply tag foo` tags the book purchase `#foo`.)
    static let listed = [3, 5, 8, 20, 21, 28, 32]

    @Test(.enabled(if: present, "ledger or its sample.dat is not installed"))
    func sampleDatRoundTripsWhereItConverts() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        try #require(FileManager.default.fileExists(atPath: Self.sample), "ledger's package has no \(Self.sample)")
        let folder = try TemporaryFolder("sample")
        defer { folder.remove() }
        let budget = folder.url.appendingPathComponent("sample.tally").path
        let exported = folder.url.appendingPathComponent("sample.ledger").path
        let converted = try TallyBinary.run(["convert", "-o", budget, Self.sample])
        #expect(converted.status == 0, "\(converted.stderr)")
        let lines = converted.stderr.split(separator: "\n").filter { $0.contains(": not converted: ") }
        #expect(lines.map { Int($0.split(separator: ":")[1]) ?? 0 } == Self.listed, "\(converted.stderr)")
        #expect(try TallyBinary.run(["check", budget]).status == 0)
        let export = try TallyBinary.run(["export", "--to", "ledger", "-o", exported, budget])
        try #require(export.status == 0, "\(export.stderr)")
        for report in [["bal"], ["reg"]] {
            // Assets:Bank:Checking holds dollars and euros: one account again after the export.
            for query in [["^Expenses"], ["Liabilities:MasterCard"], ["Assets:Bank:Checking"], ["^Expenses", "Liabilities:MasterCard"]] {
                let before = try ledger.run(["-f", Self.sample] + report + query)
                let after = try ledger.run(["-f", exported] + report + query)
                #expect(before.status == 0, "\(before.output)")
                #expect(!before.stdout.isEmpty)
                #expect(after.stdout == before.stdout, "ledger \((report + query).joined(separator: " "))")
            }
        }
    }
}
