import TallyCore
import TallyImport
import Testing

/// The details of the MT940 and QIF readers that the golden imports do not show: marks
/// and reversals, booking dates across a new year, both `:86:` dialects, Quicken's
/// dates, and files cut short.
struct MT940AndQIFTests {
    private func read(_ text: String, dates: DateFormat? = nil) throws(StatementError) -> [Statement] {
        var options = StatementReader.Options()
        options.csv.dateFormat = dates
        return try StatementReader.readAll(Array(text.utf8), path: "s", options: options)
    }

    @Test func mt940MarksReversalsAndBookingDatesAcrossANewYear() throws {
        let text = """
            :20:X
            :25:AT611904300234573201
            :60F:C251231EUR100,00
            :61:2512310102D10,50NTRFNONREF//B1
            :86:Abbuchung Strom
            :61:251231RC2,00NMSCNONREF//B2
            :61:2601020102RD3,00NMSCNONREF
            :61:2601050105CR1,25NMSC//NONREF
            :62F:C260105EUR95,75
            -
            """
        let statement = try #require(try read(text).first)
        // 0102 booked after 251231 is 2026-01-02; RC (a credit reversed) is money out, RD
        // (a debit reversed) money in; `CR` is a credit with the funds code R.
        #expect(statement.rows.map { "\($0.date) \($0.amount)" } == ["2025-12-31 -2.00", "2026-01-02 -10.50", "2026-01-02 3.00", "2026-01-05 1.25"])
        #expect(statement.rows.map(\.bankID) == ["B2", "B1", nil, nil])
        // 100.00 − 10.50 − 2.00 + 3.00 + 1.25 = 91.75 is the movements' sum; the file says
        // 95.75, which the import's assert then checks: the reader reports, never adjusts.
        #expect(statement.closingBalance?.description == "95.75")
        #expect(statement.account == "AT611904300234573201")
        #expect(statement.currency == "EUR")
        #expect(statement.rows.first { $0.bankID == "B1" }?.description == "Abbuchung Strom")
    }

    @Test func mt940StructuredSubfieldsAndKeywordsGiveThePayeeAndPurpose() throws {
        let text = """
            :20:X
            :25:NL91ABNA0417164300EUR
            :60F:C260301EUR0,00
            :61:2603020302D5,00NTRFNONREF
            :86:/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/BIC/INGBNL2A/NAME/J. de
             Vries/REMI/USTD//Lunch/EREF/NOTPROVIDED
            :61:2603030303D6,00NTRFNONREF
            :86:177?00SEPA-UEBERWEISUNG?20EREF+X1 SVWZ+Rechnung 12?2134?32Muster?33 GmbH
            :62F:C260331EUR-0,00
            -
            """
        let statement = try #require(try read(text).first)
        #expect(statement.account == "NL91ABNA0417164300")
        #expect(statement.rows.map(\.payee) == ["J. de Vries", "Muster GmbH"])
        #expect(statement.rows.map(\.description) == ["Lunch", "Rechnung 12 34"])
    }

    @Test func qifIsToldByItsFirstLineThatSaysSomething() {
        // Blank lines (CRLF and whitespace-only among them) and `!Option` lines come first.
        #expect(QIFStatementReader.recognises("\r\n  \n!Option:AutoSwitch\n!Type:Bank\nD01/02/2026\n^\n"))
        #expect(QIFStatementReader.recognises("!Account\nNChecking\n^\n"))
        #expect(!QIFStatementReader.recognises("Date;Payee;Amount\n!Type:Bank\n"))
        #expect(!QIFStatementReader.recognises("!Option:AutoSwitch\n"))
        #expect(!QIFStatementReader.recognises(""))
    }

    @Test func quickenDatesAreReadForTheWholeFile() throws {
        func dates(_ values: [String], declared: DateFormat? = nil) throws -> [String] {
            let records = values.map { "D\($0)\nT-1.00\nPX\n^\n" }.joined()
            return try #require(try read("!Type:Bank\n" + records, dates: declared).first).rows.map(\.date.description)
        }
        // `12/31'24` has no month 31: month first, the whole file.
        #expect(try dates(["1/ 5'24", "12/31'24"]) == ["2024-01-05", "2024-12-31"])
        // 1/5 reads both ways in order (5 January or 1 May): declared, as a profile does.
        #expect(try dates(["1/5/98", "1/5/24"], declared: .monthSlashed) == ["1998-01-05", "2024-01-05"])
        // One first number over 12 makes the whole file day first.
        #expect(try dates(["05/01/2024", "25/12/2024"]) == ["2024-01-05", "2024-12-25"])
        #expect(try dates(["2024-01-05", "05.01.2024"]) == ["2024-01-05", "2024-01-05"])
    }

    @Test func qifAmountsTakeTheMarkTheFileAgreesOnAndCutFilesAreRefused() throws {
        // 1/5 and 1/6 read both ways in order: the dates are declared (DateEvidenceTests).
        let statement = try #require(try read("!Type:CCard\nD1/5'24\nT-1.234,56\nPA\n^\nD1/6'24\nT12,00\n^\n", dates: .monthSlashed).first)
        #expect(statement.rows.map(\.amount.description) == ["-1234.56", "12.00"])
        #expect {
            try read("!Type:Bank\nD1/5'24\nT-1.00\n^\nD1/6'24\nT-2.")
        } throws: { error in
            (error as? StatementError)?.message.contains("cut short") == true
        }
        #expect {
            try read("!Type:Invst\nD1/5'24\nNBuy\n^\n")
        } throws: { error in
            (error as? StatementError)?.message.contains("not a list of a bank") == true
        }
    }
}
