import TallyCore
import TallyImport
import Testing

/// How a CSV statement says which way money moved and whether a movement is booked,
/// apart from a signed amount (Grammar.md §7.1), and the layouts without a plain header.
@Suite struct CSVDirectionAndStatusTests {
    private func read(_ text: String, _ options: CSVStatementReader.Options = .init()) throws(StatementError) -> Statement {
        try CSVStatementReader.read(text, path: "s.csv", options: options)
    }

    private func amounts(_ statement: Statement) -> [String] { statement.rows.map(\.amount.description) }

    @Test func markersBesideTheNumberSignIt() {
        #expect(AmountText.parse("12.00 DR", mark: .point)?.description == "-12.00")
        #expect(AmountText.parse("12.00 Dr", mark: .point)?.description == "-12.00")
        #expect(AmountText.parse("DB 7,50", mark: .comma)?.description == "-7.50")
        #expect(AmountText.parse("12.00 CR", mark: .point)?.description == "12.00")
        #expect(AmountText.parse("-12.00 DR", mark: .point)?.description == "-12.00")
        // A minus and CR, or both markers, say two things: no amount.
        #expect(AmountText.parse("-12.00 CR", mark: .point) == nil)
        #expect(AmountText.parse("CR 12.00 DR", mark: .point) == nil)
        // Currencies stay what they were.
        #expect(AmountText.parse("12.00 EUR", mark: .point)?.description == "12.00")
        #expect(AmountText.parse("-0,10 Kč", mark: .comma)?.description == "-0.10")
    }

    @Test func germanSollAndHabenAndDebitCreditWordsAreDirections() throws {
        let soll = try read("Buchungstag;Betrag;S/H\n02.03.2026;12,50;S\n03.03.2026;100,00;H\n")
        #expect(amounts(soll) == ["-12.50", "100.00"])
        let words = try read("Date,Amount,Debit/Credit\n2026-03-02,12.50,Debit\n2026-03-03,100.00,CREDIT\n")
        #expect(amounts(words) == ["-12.50", "100.00"])
        // A `Debit/Credit` column of amounts is no direction column: the amount is signed.
        let signed = try read("Date,Amount,Debit/Credit\n2026-03-02,-12.50,-12.50\n2026-03-03,100.00,100.00\n")
        #expect(amounts(signed) == ["-12.50", "100.00"])
    }

    @Test func aDirectionThatIsMissingOrAgainstTheMinusIsRefused() throws {
        let statement = try read("Date,Amount,Af Bij\n2026-03-02,12.50,Af\n2026-03-03,1.00,\n2026-03-04,-3.00,Bij\n2026-03-05,2.00,Weg\n")
        #expect(amounts(statement) == ["-12.50"])
        #expect(statement.refused.map(\.position.line) == [3, 4, 5])
        #expect(statement.refused[0].reason == "column `Af Bij` is empty: money in or out is not known")
        #expect(statement.refused[1].reason == "the amount -3.00 has a minus, but column `Af Bij` says `Bij`, money in")
    }

    @Test func statusColumnsSkipWhatIsNotBooked() throws {
        let text = "Date,Amount,State\n2026-03-02,-1.00,COMPLETED\n2026-03-03,-2.00,PENDING\n2026-03-04,-3.00,REVERTED\n2026-03-05,-4.00,WAITING\n"
        let statement = try read(text)
        #expect(amounts(statement) == ["-1.00"])
        #expect(statement.skipped.map(\.reason) == ["its status is `PENDING`: pending, not booked yet", "its status is `REVERTED`: it was not carried out"])
        #expect(statement.refused.map(\.reason) == ["its status `WAITING` is none Tally knows (booked, pending, reverted, ...)"])
        // `Info` is a status column only when it holds status words.
        let info = try read("Buchungstag;Betrag;Info\n02.03.2026;-1,00;Kartenzahlung Filiale\n")
        #expect(amounts(info) == ["-1.00"])
    }

    @Test func aProfileAddsItsBanksWords() throws {
        var options = CSVStatementReader.Options()
        options.words = [.pending: ["In Prüfung"], .out: ["Lastschrift"], .in: ["Gutschrift"]]
        let text = "Datum;Betrag;Richtung;Status\n02.03.2026;12,50;Lastschrift;gebucht\n03.03.2026;100,00;Gutschrift;gebucht\n04.03.2026;9,00;Lastschrift;IN PRÜFUNG\n"
        let statement = try read(text, options)
        #expect(amounts(statement) == ["-12.50", "100.00"])
        #expect(statement.skipped.map(\.reason) == ["its status is `IN PRÜFUNG`: pending, not booked yet"])
        // Without the words, the same rows are refused: nothing is guessed.
        let plain = try read(text)
        #expect(amounts(plain) == [])
        #expect(plain.refused.count == 3)
    }

    @Test func aFileWithoutAHeaderIsReadByPositions() throws {
        var options = CSVStatementReader.Options()
        options.positions = [.description: 1, .date: 2, .amount: 4]
        let statement = try read("AT12;Karte BILLA;03.03.2026;03.03.2026;-23,45;EUR\nAT12;Gutschrift;05.03.2026;05.03.2026;+420,00;EUR\n", options)
        #expect(amounts(statement) == ["-23.45", "420.00"])
        #expect(statement.rows.map(\.description) == ["Karte BILLA", "Gutschrift"])
        // A header line above the rows is text where the date is: skipped.
        let headed = try read("IBAN;Text;Datum;Valuta;Betrag\nAT12;Karte;03.03.2026;03.03.2026;-1,00\n", options)
        #expect(amounts(headed) == ["-1.00"])
    }

    @Test func aSeparatorThatCannotBeFoundIsDescribed() {
        do {
            _ = try read(":20:STARTUMS\n:25:10020030/1234567\n")
            Issue.record("read a file without a separator")
        } catch {
            #expect(error.message.hasPrefix("no field separator found: none of `;`, `,`, tab or `|` stands in the first 2 lines outside quotes (the first reads `:20:STARTUMS`)"))
        }
        do {
            _ = try read("Datum|Text\n2026-03-02|x\n")
            Issue.record("read a file without an amount column")
        } catch {
            #expect(error.message.contains("(the separator detected is `|`, which splits the first lines into 2 fields at most)"), "\(error.message)")
        }
    }
}
