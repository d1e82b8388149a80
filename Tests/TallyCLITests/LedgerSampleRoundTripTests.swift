import Foundation
import TallyTestSupport
import Testing

/// ledger's own example journal, `sample.dat` (shipped by Debian's ledger package, used
/// where it is installed, never copied): what `tally convert` lists of it, with the
/// reason, and that ledger prints the same `bal` and `reg`, whole, on the original and on
/// `tally export --to ledger` of the budget: what was converted comes back (the
/// opening's cost and secondary date, the posting comments of the transfer), and what
/// was not converted at all comes back as it was written, from the budget's comments.
/// Needs ledger and its example: skipped without them, a failure under CI.
@Suite struct LedgerSampleRoundTripTests {
    static let sample = "/usr/share/doc/ledger/examples/sample.dat"
    static var present: Bool {
        (ExternalTool.find("ledger") != nil && FileManager.default.fileExists(atPath: sample))
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The lines listed, by number. Each has a cause Tally does not carry, and nothing of
    /// it is in the budget's figures: 3 `N $` (ledger's "no market price" directive); 5
    /// an automated transaction (it adds `(Liabilities:Taxes)` to the book purchase); 8
    /// `~ Monthly` without a start (a recurring transaction needs its first date); 28 and
    /// 32 accounts under roots ledger gives no type (`Asséts`, `Русский язык`). (Line
    /// 20's secondary date and line 21's cost `@ $30.00` are the opening's
    /// `opening-date2:` and `opening-cost:`; line 24's `500.00€` into checking, which
    /// holds dollars, goes to a wallet `Checking EUR` that keeps the account; 36–44's
    /// `apply tag foo` tags the book purchase `#foo`.)
    static let listed = [3, 5, 8, 28, 32]

    @Test(.enabled(if: present, "ledger or its sample.dat is not installed"))
    func sampleDatRoundTripsExactly() throws {
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
        let text = try String(contentsOfFile: budget, encoding: .utf8)
        // Each listed block names ledger: nothing of it was converted.
        #expect(text.components(separatedBy: "\n; not converted (sample.dat:").count - 1 == Self.listed.count)
        #expect(text.components(separatedBy: ", ledger): ").count - 1 == Self.listed.count, "\(text)")
        #expect(text.contains("    opening-cost: \"@ 30.00 USD\"\n") && text.contains("    opening-date2: \"2004-05-01\"\n"), "\(text)")
        #expect(try TallyBinary.run(["check", budget]).status == 0)
        let export = try TallyBinary.run(["export", "--to", "ledger", "-o", exported, budget])
        try #require(export.status == 0, "\(export.stderr)")
        // The whole reports, no query; `print` of every transaction but the book purchase,
        // whose tag came from `apply tag` and whose last amount was left out.
        for report in [["bal"], ["reg"], ["print", "not", "@Book"]] {
            let before = try ledger.run(["-f", Self.sample] + report)
            let after = try ledger.run(["-f", exported] + report)
            #expect(before.status == 0, "\(before.output)")
            #expect(!before.stdout.isEmpty)
            #expect(after.stdout == before.stdout, "ledger \(report.joined(separator: " "))")
        }
        // The book purchase's figures, tag and postings are the same; only its shape is not.
        let books = try ledger.run(["-f", exported, "reg", "%foo"])
        #expect(books.stdout == (try ledger.run(["-f", Self.sample, "reg", "%foo"])).stdout)
    }

    /// Naming the kind of the two accounts under roots ledger gives no type makes them
    /// wallets: only the three other lines are listed, and the reports stay the same.
    @Test(.enabled(if: present, "ledger or its sample.dat is not installed"))
    func untypedRootsConvertWhenTheUserNamesTheirKind() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("sample")
        defer { folder.remove() }
        let budget = folder.url.appendingPathComponent("sample.tally").path
        let exported = folder.url.appendingPathComponent("sample.ledger").path
        let converted = try TallyBinary.run([
            "convert", "-o", budget, Self.sample, "--wallet-kind", "Asséts:Bánk:Chécking:Asséts:Bánk:Chécking=bank",
            "--wallet-kind", "Русский язык:Активы:Русский язык:Русский язык=cash"
        ])
        #expect(converted.status == 0, "\(converted.stderr)")
        let lines = converted.stderr.split(separator: "\n").filter { $0.contains(": not converted: ") }
        #expect(lines.map { Int($0.split(separator: ":")[1]) ?? 0 } == [3, 5, 8], "\(converted.stderr)")
        let text = try String(contentsOfFile: budget, encoding: .utf8)
        #expect(text.contains("wallet Chécking        bank\n") && text.contains("wallet 'Русский язык'  cash\n"), "\(text)")
        try #require(try TallyBinary.run(["export", "--to", "ledger", "-o", exported, budget]).status == 0)
        for report in ["bal", "reg"] {
            #expect(try ledger.run(["-f", exported, report]).stdout == (try ledger.run(["-f", Self.sample, report])).stdout, "ledger \(report)")
        }
    }
}
