import TallyCore
import TallyImport
import TallySyntax
import XCTest

/// The pieces that read bank statements: amounts and dates as banks write them, CSV
/// records, encodings, OFX and CAMT details, and the identity of movements.
final class StatementReaderTests: XCTestCase {
    private func money(_ text: String, _ mark: AmountText.DecimalMark) -> String? { AmountText.parse(text, mark: mark)?.description }

    func testAmountsAreReadExactlyInEveryBankSpelling() {
        XCTAssertEqual(money("1.234,56", .comma), "1234.56")
        XCTAssertEqual(money("-1.234,56", .comma), "-1234.56")
        XCTAssertEqual(money("1,234.56", .point), "1234.56")
        XCTAssertEqual(money("1 234,50", .comma), "1234.50")
        XCTAssertEqual(money("1\u{A0}234,50", .comma), "1234.50")
        XCTAssertEqual(money("1'234.50", .point), "1234.50")
        XCTAssertEqual(money("(12.00)", .point), "-12.00")
        XCTAssertEqual(money("12.00-", .point), "-12.00")
        XCTAssertEqual(money("€ 3.20", .point), "3.20")
        XCTAssertEqual(money("+5,00 EUR", .comma), "5.00")
        XCTAssertEqual(money("-0,10 Kč", .comma), "-0.10")
        // Never through a Double: 0.1 + 0.2 style values stay exact, long ones too.
        XCTAssertEqual(money("92233720368.54775807", .point), "92233720368.54775807")
        XCTAssertNil(money("twelve", .point))
        XCTAssertNil(money("", .point))
        XCTAssertNil(money("1-2", .point))
        XCTAssertNil(money("99999999999999999999", .point))  // too large: nil, not wrapped
    }

    func testTheDecimalMarkIsChosenForAWholeColumn() {
        XCTAssertEqual(AmountText.decimalMark(of: ["1.234,56"]), .comma)
        XCTAssertEqual(AmountText.decimalMark(of: ["1,234.56"]), .point)
        XCTAssertEqual(AmountText.decimalMark(of: ["-3,5"]), .comma)
        XCTAssertEqual(AmountText.decimalMark(of: ["12", "1.000", "-4,20"]), .comma)
        // `1,000` alone could be either: the fallback decides.
        XCTAssertEqual(AmountText.decimalMark(of: ["1,000"], fallback: .point), .point)
        XCTAssertEqual(AmountText.decimalMark(of: ["1.000.000"]), .comma)
    }

    func testDateFormatsAreDetectedFromTheWholeColumn() {
        XCTAssertEqual(DateFormat.detect(["2026-03-04", "2026-12-31"]), .iso)
        XCTAssertEqual(DateFormat.detect(["03/04/2026", "12/31/2026"]), .monthSlashed)
        XCTAssertEqual(DateFormat.detect(["03/04/2026", "13/04/2026"]), .daySlashed)
        XCTAssertEqual(DateFormat.detect(["4.3.2026", "28.02.2026"]), .dayDotted)
        XCTAssertEqual(DateFormat.detect(["04.03.26"]), .dayDottedShort)
        XCTAssertEqual(DateFormat.detect(["04.03.2026."]), .dayDotted)
        XCTAssertNil(DateFormat.detect(["2026-02-30"]))
        XCTAssertEqual(DateFormat.compact.parse("20260304120000.000[-5:EST]"), CivilDate(year: 2026, month: 3, day: 4))
        XCTAssertEqual(DateFormat.iso.parse("2026-03-04T10:00:00"), CivilDate(year: 2026, month: 3, day: 4))
        XCTAssertEqual(DateFormat(name: "dd.mm.yyyy"), .dayDotted)
    }

    func testCSVRecordsFollowRFC4180AndItsCommonDeviations() throws {
        let text = "a;\"b;c\";\"say \"\"hi\"\"\"\r\n1; \"two\nlines\";3\nlast;line;no end"
        let records = try CSVRecords.read(text, separator: ";", path: "s.csv")
        XCTAssertEqual(records.map(\.fields), [["a", "b;c", "say \"hi\""], ["1", "two\nlines", "3"], ["last", "line", "no end"]])
        XCTAssertEqual(records[1].positions.map(\.description), ["2:1", "2:3", "3:8"])
        XCTAssertEqual(records[2].line, 4)
        XCTAssertThrowsError(try CSVRecords.read("a,\"open\nb,c\n", separator: ",", path: "s.csv")) { error in
            XCTAssertEqual((error as? StatementError)?.description, "s.csv:1:3: a quoted field opened here is never closed")
        }
        XCTAssertEqual(try CSVRecords.detectSeparator("Date;Payee;Amount\n2026-01-01;A, B;1,00\n", path: "s.csv"), ";")
        XCTAssertEqual(try CSVRecords.detectSeparator("Date\tAmount\n2026-01-01\t1.00\n", path: "s.csv"), "\t")
    }

    func testEncodingsAreDeclaredOrDetected() throws {
        func decode(_ bytes: [UInt8], _ declared: StatementEncoding? = nil) throws -> String {
            try StatementEncoding.decode(bytes, declared: declared, path: "s.csv")
        }
        XCTAssertEqual(try decode([0xEF, 0xBB, 0xBF, 0x41]), "A")
        XCTAssertEqual(try decode([0xFF, 0xFE, 0x0C, 0x01, 0x41, 0x00]), "ČA")
        XCTAssertEqual(try decode([0xFE, 0xFF, 0x01, 0x0C]), "Č")
        XCTAssertEqual(try decode([0x41, 0x00, 0x42, 0x00, 0x43, 0x00]), "ABC")  // UTF-16 LE without a mark
        XCTAssertEqual(try decode([0x80, 0xFC]), "€ü")  // not UTF-8: Windows-1252
        XCTAssertEqual(try decode([0xC8, 0x8A], .windows1250), "ČŠ")
        XCTAssertEqual(try decode([0xC8, 0xA9], .iso8859_2), "ČŠ")
        XCTAssertEqual(try decode([0xA4], .iso8859_15), "€")
        XCTAssertEqual(try decode([0xA4], .iso8859_1), "¤")
        XCTAssertThrowsError(try decode([0x41, 0x0A, 0x42, 0xFC], .utf8)) { error in
            XCTAssertEqual((error as? StatementError)?.position?.description, "2:2")
        }
        XCTAssertEqual(StatementEncoding(name: "CP1250"), .windows1250)
        XCTAssertEqual(StatementEncoding(name: "Latin-1"), .iso8859_1)
    }

    func testACSVStatementFindsItsHeaderBelowThePreambleAndTurnsNewestFirstAround() throws {
        let text = "Account;123\n\nDatum;Popis;Objem;Zůstatek\n02.03.2026;B;-1,50;8,50\n01.03.2026;A;-0,00;10,00\n"
        let statement = try CSVStatementReader.read(text, path: "s.csv")
        XCTAssertEqual(statement.rows.map(\.description), ["A", "B"])
        XCTAssertEqual(statement.rows.map(\.position.line), [5, 4])
        XCTAssertEqual(statement.closingBalance, Money("8.50"))
        XCTAssertEqual(statement.closingDate, CivilDate(year: 2026, month: 3, day: 2))
    }

    func testDebitAndCreditColumnsGiveOneSignedAmount() throws {
        let text = "Date,Description,Withdrawals,Deposits\n01/02/2026,A,12.50,\n01/03/2026,B,,100.00\n01/04/2026,C,-3.00,\n"
        // 01/02 to 01/04 read two ways in order (2 to 4 January, or 1 February to 1 April):
        // refused unless declared, as a US bank's profile does (DateEvidenceTests).
        let statement = try CSVStatementReader.read(text, path: "s.csv", options: .init(dateFormat: .monthSlashed))
        XCTAssertEqual(statement.rows.map(\.amount.description), ["-12.50", "100.00", "-3.00"])
        XCTAssertEqual(statement.rows.map(\.date.description), ["2026-01-02", "2026-01-03", "2026-01-04"])
    }

    func testOFXInSGMLNeedsNoClosingTags() throws {
        let text =
            "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n"
            + "<STMTTRN><DTPOSTED>20260302<TRNAMT>-1,50<FITID>X1<NAME>Caf&eacute; &amp; Bar\n"
            + "<STMTTRN><DTPOSTED>20260301<TRNAMT>2.00<FITID>X0<MEMO>refund\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        let statement = try OFXStatementReader.readAll(text, path: "s.ofx")[0]
        XCTAssertEqual(statement.currency, "EUR")
        XCTAssertEqual(statement.rows.map(\.bankID), ["X0", "X1"])
        XCTAssertEqual(statement.rows.map(\.amount.description), ["2.00", "-1.50"])
        XCTAssertEqual(statement.rows.map(\.payee), [nil, "Caf&eacute; & Bar"])
        XCTAssertNil(statement.closingBalance)
    }

    func testCAMTSignsByIndicatorAndSkipsPendingEntries() throws {
        let xml = """
            <?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
            <Acct><Id><IBAN>X</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>
            <Ntry><Amt Ccy="EUR">1.25</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt>
            <AcctSvcrRef>R1</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Shop</Nm></Cdtr><Dbtr><Nm>Me</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>
            <Ntry><Amt Ccy="EUR">9.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-03-03</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        let statement = try CAMTStatementReader.read(Array(xml.utf8), path: "s.xml")
        XCTAssertEqual(statement.rows.map(\.amount.description), ["-1.25"])
        XCTAssertEqual(statement.rows.first?.payee, "Shop")
        XCTAssertEqual(statement.rows.first?.bankID, "R1")
        XCTAssertEqual(statement.closingBalance?.description, "-5.00")
        XCTAssertEqual(statement.skipped.map(\.reason), ["its status is PDNG, not booked (BOOK)"])
    }

    func testStatementsNameTheirOwnAccountNotACounterpartys() throws {
        // CAMT: the statement's Acct/Id/IBAN, not the IBAN of the debtor inside an entry
        // (read first here); without an IBAN, Acct/Id/Othr/Id.
        func camt(_ account: String) -> String {
            """
            <?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
            <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt>
            <NtryDtls><TxDtls><RltdPties><DbtrAcct><Id><IBAN>DE00COUNTERPARTY</IBAN></Id></DbtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>
            <Acct>\(account)<Ownr><Id><OrgId><Othr><Id>OWNER</Id></Othr></OrgId></Id></Ownr></Acct>
            </Stmt></BkToCstmrStmt></Document>
            """
        }
        XCTAssertEqual(
            try CAMTStatementReader.read(Array(camt("<Id><IBAN>DE12700100800123456789</IBAN></Id>").utf8), path: "s.xml").account,
            "DE12700100800123456789")
        XCTAssertEqual(
            try CAMTStatementReader.read(Array(camt("<Id><Othr><Id>4711-0815</Id></Othr></Id>").utf8), path: "s.xml").account,
            "4711-0815")
        XCTAssertNil(try CAMTStatementReader.read(Array(camt("").utf8), path: "s.xml").account)
        // OFX: the first ACCTID (the statement's; a transfer's own ACCTTO comes later).
        let ofx =
            "OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>000123-45<ACCTTYPE>CHECKING</BANKACCTFROM>\n"
            + "<BANKTRANLIST><STMTTRN><DTPOSTED>20260302<TRNAMT>-1.50<FITID>X1<BANKACCTTO><ACCTID>999</BANKACCTTO>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        XCTAssertEqual(try OFXStatementReader.readAll(ofx, path: "s.ofx")[0].account, "000123-45")
    }

    func testFingerprintsNumberIdenticalRowsAndIgnoreNoise() {
        let p = StatementPosition(line: 1, column: 1)
        let d = CivilDate(year: 2026, month: 3, day: 4)!
        let rows = [
            StatementRow(date: d, amount: Money("-3.20")!, payee: "CARD 1234 CAFE", position: p),
            StatementRow(date: d, amount: Money("-3.2")!, payee: "card 9999 café", position: p),
            StatementRow(date: d, amount: Money("-3.20")!, payee: "Cafe", bankID: "B-1", position: p)
        ]
        let ids = MovementIdentity.ids(of: rows, wallet: "Checking")
        // The same movement twice (card numbers, case, accents and 3.2 against 3.20 aside).
        XCTAssertTrue(ids[0].hasPrefix("fp:") && ids[0].hasSuffix(":1"), ids[0])
        XCTAssertEqual(ids[1], String(ids[0].dropLast()) + "2")
        XCTAssertEqual(ids[2], "B-1")
        XCTAssertNotEqual(MovementIdentity.ids(of: [rows[0]], wallet: "Cash"), [ids[0]])
        XCTAssertEqual(MovementText.normalize("CARD 1234 TESCO STORES 3341 LONDON"), "card tesco stores london")
    }
}
