import Foundation
import TallyActions
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// `ImportStatements` in process: a statement with a refused movement writes nothing
/// unless the request says to skip it (docs/import.md), and amounts finer than the
/// currency are rounded only where the statement's closing balance checks them
/// (Grammar.md §7.3).
@Suite struct ImportAllOrNothingTests {
    static let today = CivilDate(iso: "2026-04-01")!
    static let budget = """
        currency EUR
        wallet Giro bank opening 1000.00 on 2026-03-01
        wallet Savings bank opening 1000.00 on 2026-03-01
        expense Food

        """

    private func perform(
        _ name: String, _ statement: String, wallet: String, in folder: TemporaryFolder, dryRun: Bool = false, skipRefused: Bool = false
    ) throws -> ImportStatements.Result {
        try ImportStatements.perform(
            .init(
                budget: folder.path("budget.tally"), statements: [.sent(name: name, bytes: Array(statement.utf8))], wallet: wallet, today: Self.today,
                dryRun: dryRun, skipRefused: skipRefused))
    }

    @Test func aRefusedRowWritesNothingUnlessSkipped() throws {
        let folder = try TemporaryFolder("all-or-nothing")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        // Line 3's direction is `?`: neither way.
        let csv = "Date,Payee,Amount,D/C\n2026-03-02,Bakery,4.20,D\n2026-03-03,Kiosk,1.00,?\n2026-03-04,Market,12.00,D\n"
        let refusal = "march.csv:3: `?` in column `D/C` is not a direction Tally knows (Af/Bij, D/C, S/H, Debit/Credit, ...)"
        let refused = try perform("march.csv", csv, wallet: "Giro", in: folder)
        #expect(refused.refusedRows && !refused.written)
        #expect(refused.refusals == [refusal])
        #expect(!refused.summary.contains("`?`"), "the refusals are listed apart from the summary")
        #expect(try folder.read("budget.tally") == Self.budget)
        let dry = try perform("march.csv", csv, wallet: "Giro", in: folder, dryRun: true)
        #expect(dry.refusals == [refusal] && !dry.written)
        let rest = try perform("march.csv", csv, wallet: "Giro", in: folder, skipRefused: true)
        #expect(rest.refusedRows && rest.written && rest.refusals == [refusal])
        let text = try folder.read("budget.tally")
        #expect(text.contains("-4.20") && text.contains("-12.00") && !text.contains("Kiosk"))
    }

    /// A savings account's OFX with interest in four decimals. Rounded half away from
    /// zero: 0.4167 → 0.42, 0.4172 → 0.42, 0.4149 → 0.41, 0.4150 → 0.42; 1000.00 + 1.67 =
    /// 1001.67, the bank's closing balance, which the appended `assert` checks.
    private func savings(closing: String?) -> String {
        let movements = [("20260305", "0.4167", "S1"), ("20260312", "0.4172", "S2"), ("20260319", "0.4149", "S3"), ("20260326", "0.4150", "S4")]
            .map { "<STMTTRN><TRNTYPE>INT<DTPOSTED>\($0.0)<TRNAMT>\($0.1)<FITID>\($0.2)<NAME>Zinsen</STMTTRN>" }.joined(separator: "\n")
        return """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR
            <BANKACCTFROM><BANKID>1<ACCTID>SAV1<ACCTTYPE>SAVINGS</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20260301<DTEND>20260331
            \(movements)
            </BANKTRANLIST>
            \(closing.map { "<LEDGERBAL><BALAMT>\($0)<DTASOF>20260331</LEDGERBAL>" } ?? "")
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
    }

    @Test func fourDecimalsAreRoundedWhereTheClosingBalanceChecksThem() throws {
        let folder = try TemporaryFolder("four-decimals")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        let result = try perform("savings.ofx", savings(closing: "1001.67"), wallet: "Savings", in: folder)
        #expect(!result.refusedRows && result.written, "\(result.summary)\(result.refusals)")
        #expect(result.counts.added == 4)
        let text = try folder.read("budget.tally")
        #expect(["+0.42", "+0.42", "+0.41", "+0.42"].allSatisfy { text.contains($0) })
        #expect(text.components(separatedBy: "Savings  +0.42").count - 1 == 3, "\(text)")
        #expect(text.contains("2026-03-31 assert Savings  1001.67"))
        #expect(result.summary.contains("rounded  savings.ofx:"), "\(result.summary)")
    }

    @Test func aRoundingTheBalanceDoesNotConfirmWritesNothing() throws {
        let folder = try TemporaryFolder("four-decimals-wrong")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        // 1001.66 is not 1000.00 + 1.67: the assert fails, so nothing is written.
        #expect(throws: ActionRefusal.self) { try perform("savings.ofx", savings(closing: "1001.66"), wallet: "Savings", in: folder) }
        #expect(try folder.read("budget.tally") == Self.budget)
        // Without a closing balance nothing checks a rounding: the four are refused.
        let unchecked = try perform("savings.ofx", savings(closing: nil), wallet: "Savings", in: folder)
        #expect(unchecked.refusals.count == 4 && !unchecked.written)
        #expect(unchecked.refusals.first?.hasSuffix("the statement states no closing balance to check a rounding") == true, "\(unchecked.refusals)")
        #expect(try folder.read("budget.tally") == Self.budget)
    }

    /// An empty `<CURDEF>` names no currency: the wallet's is used.
    @Test func anEmptyCurrencyIsNone() throws {
        let folder = try TemporaryFolder("empty-curdef")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        let statement = savings(closing: "1001.67").replacingOccurrences(of: "<CURDEF>EUR", with: "<CURDEF>")
        let result = try perform("savings.ofx", statement, wallet: "Savings", in: folder)
        #expect(result.counts.added == 4 && result.written)
    }
}
