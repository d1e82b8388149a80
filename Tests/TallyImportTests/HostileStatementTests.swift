import Foundation
import TallyCore
import TallyImport
import Testing

/// Statements made to mislead or stall a reader (issue 23's mutants): declarations that
/// would change what a value says, nesting that costs time, values that flood a message
/// or run into the next line. Each is refused with a short message, or read whole.
struct HostileStatementTests {
    private func read(_ text: String) throws(StatementError) -> Statement {
        try StatementReader.read(Array(text.utf8), path: "s.xml")
    }

    /// A CAMT.053 statement of one entry, its amount and the text before the root given.
    private func camt(amount: String = "5.00", id: String = "X1", prologue: String = "", inside: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(prologue)<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>
        <Ntry><Amt Ccy="EUR">\(amount)</Amt><CdtDbtInd>DBIT</CdtDbtInd>\(inside)<Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>\(id)</AcctSvcrRef></Ntry>
        </Stmt></BkToCstmrStmt></Document>

        """
    }

    private func ofx(_ body: String) -> String {
        "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n\(body)</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    @Test func aDocumentTypeOrEntityDeclarationIsRefusedNotResolvedNorDropped() {
        // An XML reader resolving `z` reads 105.00; one dropping it reads 15.00. Neither is
        // what the bank booked, so the file is refused, at the declaration.
        for prologue in ["<!DOCTYPE Document [<!ENTITY z \"0\">]>\n", "<!ENTITY z \"0\">\n", "<!doctype Document SYSTEM \"x.dtd\">\n"] {
            #expect {
                try read(camt(amount: "1&z;5.00", prologue: prologue))
            } throws: { error in
                guard let error = error as? StatementError else { return false }
                return error.position?.line == 2 && error.message.contains("never need")
            }
        }
        let sgml = ofx("<STMTTRN><DTPOSTED>20260302<TRNAMT>-1&z;5.00<FITID>A\n</STMTTRN>\n")
        #expect(throws: StatementError.self) { try read("<!DOCTYPE OFX [<!ENTITY z \"0\">]>\n" + sgml) }
        // Without a declaration an unknown entity stands for nothing: it is kept as written
        // (SGML files write `&eacute;`), so the amount is no amount, never 15.00.
        #expect {
            try read(sgml)
        } throws: { error in
            (error as? StatementError)?.message.contains("`-1&z;5.00` in <TRNAMT> is not an amount") == true
        }
        // Comments stay harmless, and the entities every reader knows are read.
        let fine = try? read(camt(amount: "1&#48;5.00", prologue: "<!-- exported 2026-03-31 -->\n"))
        #expect(fine?.rows.map(\.amount.description) == ["-105.00"])
        let named = try? read(ofx("<STMTTRN><DTPOSTED>20260302<TRNAMT>-1&#48;5.00<FITID>A<NAME>AT&T &amp; Co\n</STMTTRN>\n"))
        #expect(named?.rows.map(\.amount.description) == ["-105.00"])
        #expect(named?.rows.first?.payee == "AT&T & Co")
    }

    @Test func deepNestingIsRefusedQuicklyAtTheFirstElementPastTheLimit() throws {
        // 40,000 levels took 96 s (each end of an element looked along the whole stack).
        let deep = String(repeating: "<X>", count: 40_000) + String(repeating: "</X>", count: 40_000)
        let started = Date()
        #expect {
            try read(camt(inside: deep))
        } throws: { error in
            (error as? StatementError)?.message.contains("nested more than \(100) deep") == true
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // Real statements are far below the limit: 80 levels read.
        let shallow = String(repeating: "<X>", count: 80) + String(repeating: "</X>", count: 80)
        #expect(try read(camt(inside: shallow)).rows.count == 1)
    }

    @Test func aMessageQuotesAShortWindowOfAValue() {
        let huge = String(repeating: "9", count: 1_000_000) + "x"
        #expect {
            try read(camt(amount: huge))
        } throws: { error in
            guard let error = error as? StatementError else { return false }
            // 40 characters and `…` of the value; the rest of the message as it was.
            return error.message == "`" + String(repeating: "9", count: 40) + "…` in <Amt> is not an amount" && error.description.count < 200
        }
        // Control characters and line breaks are shown, not written.
        #expect(StatementError(path: "s", position: nil, message: "`a\nb\u{1B}[2J` is odd").message == "`a\\u{a}b\\u{1b}[2J` is odd")
        #expect(StatementError(path: "s", position: nil, message: "an unpaired `" + huge).message.count < 60)
    }

    @Test func anSGMLValueEndsAtItsLine() {
        // `<CURDEF>USD` followed on the next line by text that is no tag.
        let text = "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><STMTRS><CURDEF>USD\nVERSION:102\n<BANKTRANLIST>\n<STMTTRN><DTPOSTED>2026030x\nmore\n<TRNAMT>-1.00</STMTTRN></BANKTRANLIST></STMTRS></OFX>\n"
        #expect {
            try read(text)
        } throws: { error in
            (error as? StatementError)?.message == "`2026030x` in <DTPOSTED> is not a date (YYYYMMDD)"
        }
        let statement = try? read(text.replacingOccurrences(of: "2026030x", with: "20260302"))
        #expect(statement?.currency == "USD")
        // In OFX 2 (XML) an element closed by its end tag keeps all its lines.
        let xml =
            "<?xml version=\"1.0\"?>\n<OFX><STMTRS><CURDEF>EUR</CURDEF><BANKTRANLIST>\n<STMTTRN><DTPOSTED>20260302</DTPOSTED><TRNAMT>-1.00</TRNAMT>"
            + "<NAME>Bakery</NAME><MEMO>two\n  lines</MEMO></STMTTRN></BANKTRANLIST></STMTRS></OFX>\n"
        #expect((try? read(xml))?.rows.first?.description == "two lines")
    }
}

/// A file Tally does not read is named for what it looks like, never blamed for a
/// missing CSV header.
struct UnreadFormatTests {
    @Test(arguments: [
        ("%PDF-1.7\n%âãÏÓ\n1 0 obj\n", "a PDF document"),
        ("PK\u{3}\u{4}\u{14}\0\u{6}\0[Content_Types].xml xl/workbook.xml", "an Excel workbook (XLSX)"),
        ("<!DOCTYPE html>\n<html><head><title>Login</title>", "a web page (HTML)"),
        (":20:MT942\n:25:DE89370400440532013000\n:28C:1\n:34F:EURD0,\n:13D:2604021200+0200\n", "an MT942 interim report"),
        (#"<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>"#, "the ISO 20022 message pain.001.001.03"),
        ("<?xml version=\"1.0\"?>\n<gnc-v2 xmlns:gnc=\"http://www.gnucash.org/XML/gnc\">", "an XML document (<gnc-v2>)"),
        (#"{"transactions":[{"amount":-5}]}"#, "a JSON document other than Fio banka's statement")
    ])
    func aFileTallyDoesNotReadIsNamed(text: String, kind: String) {
        var bytes = Array(text.utf8)
        if text.hasPrefix("%PDF") { bytes += [0xE2, 0xE3, 0xCF, 0xD3, 0x00, 0xFF] }
        #expect {
            try StatementReader.read(bytes, path: "s")
        } throws: { error in
            guard let message = (error as? StatementError)?.message else { return false }
            return message.hasPrefix("this file looks like \(kind)") && message.contains("MT940") && !message.contains("header")
        }
    }
}
