import Foundation
import TallyInterop
import TallyTestSupport
import XCTest

/// hledger's `decimal-mark ,`: after it, a comma is the decimal mark and a period a
/// thousands mark, for the rest of the file and the files it then includes, but not for
/// the file that included it. `tally convert` reads amounts as hledger does, which the
/// real hledger confirms on the journal and on its export back.
final class ConvertDecimalMarkTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("decimal-mark")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    /// The budget's lines with runs of spaces as one (the formatter aligns columns).
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    /// hledger's balance of every account, written with a period whatever the journal's mark.
    private func hledgerBalances(_ peer: PeerJournal, _ journal: String) throws -> [String] {
        let r = try peer.tool.run(["-f", journal, "bal", "--flat", "-N", "-c", "1000.00 EUR"])
        XCTAssertEqual(r.status, 0, r.output)
        return r.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            return words.count >= 3 ? "\(words[0]) \(words[1])" : nil
        }.sorted()
    }

    func testAJournalWithADecimalCommaConvertsAndExportsBackToTheSameBalances() throws {
        let peer = try PeerJournal.require(.hledger)
        let original = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/hledger/decimal-comma.journal")
        let accepted = try peer.tool.run(["-f", original, "check"])
        XCTAssertEqual(accepted.status, 0, accepted.output)

        let budget = folder.appendingPathComponent("converted.tally").path
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, original])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        XCTAssertEqual(converted.stderr, "", "nothing is left out")
        let text = lines(try String(contentsOfFile: budget, encoding: .utf8))
        // 1.234,56 opens the wallet; 1234.56 - 12.50 - 800.00 = 422.06 at the end of
        // January; the included February file keeps the mark: 422.06 + 2500.00 - 47.30
        // = 2874.76.
        for line in [
            "wallet giro bank opening 1234.56 on 2024-01-01",
            "account: \"assets:bank:giro\"",
            "2024-01-03 \"Bäckerei\" giro food -12.50",
            "2024-01-31 \"rent\" giro rent -800.00",
            "2024-01-31 assert giro 422.06",
            "2024-02-02 \"salary\" giro salary +2500.00",
            "2024-02-10 \"groceries\" giro food -47.30",
            "2024-02-10 assert giro 2874.76"
        ] {
            XCTAssertTrue(text.contains(line), "\(line)\n\(text.joined(separator: "\n"))")
        }
        XCTAssertEqual(try TallyBinary.run(["check", budget]).status, 0)

        let exported = folder.appendingPathComponent("back.journal").path
        let export = try TallyBinary.run(["export", "--to", "hledger", "-o", exported, budget])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertNil(try peer.check(exported))
        // The same amounts per account (the accounts are renamed by the round trip).
        let before = try hledgerBalances(peer, original).map { $0.split(separator: " ")[0] }
        let after = try hledgerBalances(peer, exported).map { $0.split(separator: " ")[0] }
        XCTAssertEqual(before.sorted(), after.sorted())
        XCTAssertEqual(before.sorted(), ["-1234.56", "-2500.00", "2874.76", "59.80", "800.00"])
    }

    func testTheMarkOfAnIncludedFileStaysInItAndOtherMarksAreListed() throws {
        let peer = try PeerJournal.require(.hledger)
        let child = folder.appendingPathComponent("child.journal")
        try "decimal-mark ,\n2024-01-05 x\n    expenses:rent            1,5 EUR\n    assets:bank:giro\n"
            .write(to: child, atomically: true, encoding: .utf8)
        let parent = folder.appendingPathComponent("parent.journal")
        try "include child.journal\n\n2024-01-06 y\n    expenses:rent            2,000.00 EUR\n    assets:bank:giro\n"
            .write(to: parent, atomically: true, encoding: .utf8)
        // hledger: 1,5 is 1.50 in the child; 2,000.00 is 2000.00 in the parent.
        let r = try peer.tool.run(["-f", parent.path, "bal", "--flat", "-N", "-c", "1000.00 EUR", "expenses"])
        XCTAssertTrue(r.stdout.contains("2001.50 EUR"), r.output)

        let converted = try TallyBinary.run(["convert", parent.path])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let text = lines(converted.stdout)
        XCTAssertTrue(text.contains("2024-01-05 \"x\" giro rent -1.5"), converted.stdout)
        XCTAssertTrue(text.contains("2024-01-06 \"y\" giro rent -2000.00"), converted.stdout)
        XCTAssertFalse(converted.stderr.contains("not converted"), converted.stderr)

        // hledger refuses any other mark; the converter lists it.
        let other = folder.appendingPathComponent("other.journal")
        try "decimal-mark x\n".write(to: other, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try peer.tool.run(["-f", other.path, "check"]).status, 0)
        let listed = try TallyBinary.run(["convert", other.path])
        XCTAssertTrue(listed.stderr.contains("other.journal:1: not converted: a `decimal-mark` other than `,` or `.`"), listed.stderr)
    }
}
