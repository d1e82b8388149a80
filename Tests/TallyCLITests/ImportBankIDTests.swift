import Foundation
import TallyTestSupport
import Testing

/// Bank ids that are odd but real: with a tab, a line break, two spaces or a control
/// character (each read back as the budget keeps it, so a second import adds nothing),
/// and one id that a bank gives to two different movements (both kept, and said so).
struct ImportBankIDTests {
    private static let budget = """
        currency EUR
        wallet Giro bank opening 100.00 on 2026-01-01
        expense Food

        """

    private func ofx(_ rows: [(date: String, amount: String, id: String, name: String)]) -> String {
        var body = ""
        for row in rows {
            body += "<STMTTRN>\n<DTPOSTED>\(row.date)\n<TRNAMT>\(row.amount)\n<FITID>\(row.id)\n<NAME>\(row.name)\n</STMTTRN>\n"
        }
        return "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n\(body)</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    private func run(_ folder: TemporaryFolder, _ statement: String) -> (status: Int32, stdout: String, stderr: String) {
        let result = TallyInProcess.run(["import", folder.path("b.tally"), folder.path(statement), "--today", "2026-04-01"])
        return (result.status, result.stdout.replacingOccurrences(of: folder.path + "/", with: ""), result.stderr)
    }

    @Test(arguments: ["A  B", "A\tB", "A&#9;B", "A&#1;B", " lead", "A&#127;B&#133;C", "Ünï  cödé"])
    func anOddIdReadsBackSoASecondImportAddsNothing(id: String) throws {
        let folder = try TemporaryFolder("odd-id")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "b.tally")
        _ = try folder.write(ofx([("20260302", "-5.00", id, "Bakery"), ("20260303", "-6.00", "plain", "Bakery")]), to: "s.ofx")
        let first = run(folder, "s.ofx")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let once = try folder.read("b.tally")
        let second = run(folder, "s.ofx")
        // Before, the second import stopped with E0411 (the id written was not the id read).
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("  added            0\n"), "\(second.stdout)")
        #expect(try folder.read("b.tally") == once)
    }

    @Test func twoDifferentMovementsSharingAFITIDAreBothKeptAndSaidSo() throws {
        let folder = try TemporaryFolder("shared-id")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "b.tally")
        // The bank numbers movements per day: `1` is reused on the 3rd.
        let march = ofx([("20260302", "-5.00", "1", "Bakery"), ("20260303", "-7.50", "1", "Kiosk"), ("20260303", "-2.00", "2", "Kiosk")])
        _ = try folder.write(march, to: "s.ofx")
        let first = run(folder, "s.ofx")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("  added            3"), "\(first.stdout)")
        #expect(first.stdout.contains("  shared id  s.ofx:13 2026-03-03 -7.50 \"Kiosk\": the bank id 1 is also that of another movement"), "\(first.stdout)")
        let text = try folder.read("b.tally")
        #expect(text.contains("id: \"1\"") && text.contains("id: \"1#2\"") && text.contains("id: \"2\""), "\(text)")
        // Again, and a later download holding only the second movement: nothing new.
        #expect(run(folder, "s.ofx").stdout.contains("  added            0\n"))
        _ = try folder.write(ofx([("20260303", "-7.50", "1", "Kiosk")]), to: "later.ofx")
        let later = run(folder, "later.ofx")
        #expect(later.stdout.contains("  added            0\n"), "\(later.stdout)")
        // The same id and amount is the same movement even when the bank re-dated it.
        _ = try folder.write(ofx([("20260304", "-5.00", "1", "Bakery")]), to: "redated.ofx")
        #expect(run(folder, "redated.ofx").stdout.contains("  added            0\n"))
    }
}
