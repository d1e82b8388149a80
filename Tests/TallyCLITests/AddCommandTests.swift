import Foundation
import TallyTestSupport
import XCTest

/// `tally add` through the built binary, on copies of a small budget: the entry is
/// completed from the budget, laid out in the file's columns with its line endings, and
/// nothing is written on any doubt.
final class AddCommandTests: XCTestCase {
    private var temporary: TemporaryFolder!
    var folder: URL { temporary.url }
    var budget: String { folder.appendingPathComponent("b.tally").path }

    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00
        wallet Cash      cash

        income  Salary
        expense Food:Groceries, Fun

        2026-11-01 "Tesco"   Checking  Food:Groceries   -20.00
        2026-11-02 "Tesco"   Checking  Food:Groceries   -31.50
        2026-11-03 "Cinema"  Cash      Fun              -12.00
        2026-11-04 "Cinema"  Checking  Fun              -14.00

        """

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("add")
        try Self.text.write(toFile: budget, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { temporary.remove() }

    func contents() throws -> String { try String(contentsOfFile: budget, encoding: .utf8) }

    /// A note without a payee is written after an empty payee: alone, the first text of a
    /// line is the payee, and the note would have been read back as one.
    func testANoteWithoutAPayeeStaysANote() throws {
        let result = try TallyBinary.run(["add", budget, "2026-11-05", "Cash", "Food:Groceries", "8.5", "--note", "milk"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(try contents().split(separator: "\n").last)
        XCTAssertTrue(line.hasPrefix("2026-11-05 \"\" \"milk\""), String(line))
        let register = TallyInProcess.run(["register", budget, "--format", "json", "--today", "2026-11-05"])
        XCTAssertTrue(register.stdout.contains("\"payee\": \"\",\n      \"note\": \"milk\""), register.stdout)
    }

    func testFullFormInTheFilesColumns() throws {
        let result = try TallyBinary.run(["add", budget, "2026-11-05", "Aldi", "Cash", "Food:Groceries", "8.5", "--tag", "#weekly", "--note", "milk"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(), Self.text + "2026-11-05 \"Aldi\" \"milk\"  Cash      Food:Groceries   -8.50  #weekly\n")
        XCTAssertEqual(try TallyBinary.run(["check", budget]).status, 0)
    }

    /// The payee's usual wallet and category fill what is left out; each fill is said.
    func testCompletedFromThePayee() throws {
        let result = try TallyBinary.run(["add", budget, "today", "Tesco", "12"])
        XCTAssertEqual(result.status, 0, result.stderr)
        do { let now = try contents(); XCTAssertTrue(now.hasSuffix("2026-11-22 \"Tesco\"   Checking  Food:Groceries  -12.00\n"), now) }
        XCTAssertTrue(result.stderr.contains("wallet Checking, as in earlier entries of Tesco"), result.stderr)
        // A signed amount is kept; TALLY_FILE names the file.
        let income = try TallyBinary.run(["add", "yesterday", "Checking", "Salary", "100"], environment: ["TALLY_FILE": budget])
        XCTAssertEqual(income.status, 0, income.stderr)
        do { let now = try contents(); XCTAssertTrue(now.hasSuffix("2026-11-21           Checking  Salary          +100.00\n"), now) }
    }

    /// One sign rule: an amount without a sign takes its category's; one written against
    /// it is kept and marked as a refund (or reversal), so the budget checks clean.
    func testAnAmountAgainstItsCategorysSignIsMarked() throws {
        let refund = try TallyBinary.run(["add", budget, "2026-11-05", "Tesco", "Checking", "Food:Groceries", "+12.30", "--today", "2026-11-22"])
        XCTAssertEqual(refund.status, 0, refund.stderr)
        XCTAssertTrue(refund.stderr.contains("tagged #refund"), refund.stderr)
        do { let now = try contents(); XCTAssertTrue(now.hasSuffix("Checking  Food:Groceries  +12.30  #refund\n"), now) }
        let reversal = try TallyBinary.run(["add", budget, "2026-11-06", "Checking", "Salary", "-50", "--tag", "payroll", "--today", "2026-11-22"])
        XCTAssertEqual(reversal.status, 0, reversal.stderr)
        do { let now = try contents(); XCTAssertTrue(now.hasSuffix("Salary          -50.00  #payroll #reversal\n"), now) }
        // A marker given by hand is not repeated.
        let tagged = try TallyBinary.run(["add", budget, "2026-11-07", "Cash", "Fun", "+4", "--tag", "#Refund", "--today", "2026-11-22"])
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        XCTAssertFalse(tagged.stderr.contains("tagged"), tagged.stderr)
        do { let now = try contents(); XCTAssertTrue(now.hasSuffix("+4.00  #Refund\n"), now) }
        let check = try TallyBinary.run(["check", budget, "--today", "2026-11-22"])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("W0413"), check.stdout)
    }

    func testLineEndingsAreKept() throws {
        try Self.text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: budget, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TallyBinary.run(["add", budget, "2026-11-05", "Cash", "Fun", "-3"]).status, 0)
        XCTAssertTrue(try contents().hasSuffix("-3.00\r\n"))
        XCTAssertFalse(try contents().replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    func testNothingWrittenOnDoubt() throws {
        let table: [([String], Int32, String)] = [
            (["add", budget, "today", "Cinema", "9"], 2, "`Cinema` has no usual wallet"),  // Cash once, Checking once
            (["add", budget, "today", "Nobody", "9"], 2, "has no earlier entries"),
            (["add", budget, "today", "Cash", "Fod", "9"], 2, "no category named `Fod`"),
            (["add", budget, "2026-02-30", "Cash", "Fun", "9"], 2, "not a date"),
            (["add", budget, "today", "Cash", "Fun", "lots"], 2, "not an amount"),
            (["add", budget, "today", "Cash", "Fun", "1.234"], 1, "nothing written"),  // more decimals than EUR has
            (["add", budget, "today", "Cash", "Fun", "9", "--dry-run"], 0, "")
        ]
        for (arguments, status, message) in table {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(message.isEmpty || result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try contents(), Self.text, "\(arguments)")
        }
        try (Self.text + "2026-11-09 Cash Nope -1.00\n").write(toFile: budget, atomically: true, encoding: .utf8)
        let broken = try TallyBinary.run(["add", budget, "today", "Cash", "Fun", "9"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("has 1 error"), broken.stderr)
    }

    /// Names that start like an amount, hold quotes, `;` or `#`, or are spelled like a
    /// keyword are written as the budget's declarations spell them, and the file checks
    /// clean. (`tally add` refused them before: it quoted without escaping and missed the
    /// rules for `.`, digits and keywords.)
    func testNamesThatMustBeQuotedAreWrittenSo() throws {
        for (wallet, category) in [(".cash", "every"), ("Kid's", ".food"), ("'a;b'", "Kid's"), ("Room#2", "'a;b'"), ("transfer", "Room#2")] {
            try OddNames.budget.write(toFile: budget, atomically: true, encoding: .utf8)
            let result = try TallyBinary.run(["add", budget, "2026-11-05", wallet, category, "5"])
            XCTAssertEqual(result.status, 0, "\(wallet) \(category): \(result.stderr)")
            XCTAssertEqual(try contents(), OddNames.budget + "2026-11-05 \(OddNames.spelled[wallet]!)  \(OddNames.spelled[category]!)  -5.00\n")
            let check = try TallyBinary.run(["check", budget])
            XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        }
    }

}
