import Foundation
import TallyCore
import TallyImport
import TallySyntax
import Testing

/// What a CSV says above its header (Grammar.md §7.1, "Lines above the header") and the
/// fingerprint of its rows (§7.3, "Identity").
@Suite struct CSVPreambleTests {
    private func read(_ text: String) throws -> Statement { try StatementReader.read(Array(text.utf8), path: "s.csv") }

    private static let rows = "Buchungsdatum;Betrag\n01.11.2026;-10,00\n02.11.2026;5,50\n"

    @Test func aDatedBalanceLineClosesTheStatement() throws {
        let s = try read("\"Girokonto\";\"DE18 1203 0000 0012 3456 78\"\n\"Kontostand vom 30.11.2026:\";\"1.534,36 €\"\n\n" + Self.rows)
        #expect(s.account == "DE18120300000012345678")
        #expect(s.closingBalance == Money("1534.36")!)
        #expect(s.closingDate == CivilDate(iso: "2026-11-30")!)
        #expect(s.rows.count == 2)
    }

    @Test func englishLabelsAndALabelWithItsValueInOneCell() throws {
        let s = try read("Account: GB82 WEST 1234 5698 7654 32\n\"Closing balance on 2026-11-30: -1,204.50\"\n\n" + "Date,Amount\n2026-11-01,-10.00\n")
        #expect(s.account == "GB82WEST12345698765432")
        #expect(s.closingBalance == Money("-1204.50")!)
    }

    @Test func otherFiguresAndUndatedBalancesAreNotRead() throws {
        // An opening balance, an available amount and a balance with no day of its own.
        let s = try read("Anfangssaldo vom 01.11.2026;100,00\nVerfügbarer Betrag am 30.11.2026;900,00\nSaldo;1.234,56;EUR\n" + Self.rows)
        #expect(s.closingBalance == nil && s.closingDate == nil)
    }

    @Test func ibansWithWrongCheckDigitsOrTwoIBANsNameNoAccount() throws {
        // DE12 7001 0080 0123 4567 89 fails ISO 13616's check (mod 97 is not 1).
        #expect(try read("Kontonummer:;DE12 7001 0080 0123 4567 89\n" + Self.rows).account == nil)
        #expect(try read("Konto;DE18120300000012345678\nGegenkonto;DE57120300000087654321\n" + Self.rows).account == nil)
        // The same IBAN twice is one.
        #expect(try read("Konto;DE18120300000012345678\nIBAN;DE18 1203 0000 0012 3456 78\n" + Self.rows).account == "DE18120300000012345678")
    }

    @Test func aBalanceAfterThePeriodListedIsNotRead() throws {
        // October listed, the balance of 5 December: it counts November's movements too.
        let later = try read("\"Zeitraum:\";\"01.10.2026 - 31.10.2026\"\n\"Kontostand vom 05.12.2026:\";\"1.534,36 €\"\n" + Self.rows)
        #expect(later.closingBalance == nil)
        let end = try read("\"Zeitraum:\";\"01.11.2026 - 30.11.2026\"\n\"Kontostand vom 30.11.2026:\";\"1.534,36 €\"\n" + Self.rows)
        #expect(end.closingBalance == Money("1534.36")!)
    }

    @Test func twoBalancesOfOneDayThatDisagreeStopTheReading() {
        #expect(throws: StatementError.self) {
            try read("Kontostand vom 30.11.2026;1.534,36\nSaldo am 30.11.2026;1.600,00\n" + Self.rows)
        }
    }

    @Test func aLaterRunningBalanceClosesTheStatementInstead() throws {
        let s = try read("Kontostand vom 01.11.2026;100,00\nBuchungsdatum;Betrag;Saldo\n01.11.2026;-10,00;100,00\n02.11.2026;5,50;105,50\n")
        #expect(s.closingBalance == Money("105.50")! && s.closingDate == CivilDate(iso: "2026-11-02")!)
    }

    @Test func aCSVRowsFingerprintIsItsCellsWhateverTheProfileReads() throws {
        let text = "Datum;Wert;Text;Name;Betrag\n20.11.2026;19.11.2026;Spotify AB Musik für Max;Spotify;-10,99\n"
        let plain = try read(text)
        var options = StatementReader.Options()
        options.csv.columns = [.date: "Wert", .payee: "Text", .description: "Name"]
        let profiled = try StatementReader.read(Array(text.utf8), path: "s.csv", options: options)
        #expect(profiled.rows[0].date != plain.rows[0].date, "the profile reads another date")
        let id = MovementIdentity.ids(of: plain.rows, wallet: "Giro")
        #expect(id[0].hasPrefix("csv:") && id[0].hasSuffix(":1"))
        #expect(MovementIdentity.ids(of: profiled.rows, wallet: "Giro") == id)
        // Windows-1252 with Windows line ends and the columns in another order: the same.
        let reordered = "Betrag;Name;Text;Datum;Wert\r\n\"-10,99\";\"Spotify\";\"Spotify  AB Musik für Max\";20.11.2026;19.11.2026\r\n"
        let latin = try StatementReader.read(Array(reordered.data(using: .windowsCP1252)!), path: "s.csv")
        #expect(MovementIdentity.ids(of: latin.rows, wallet: "Giro") == id)
        // Another wallet, another amount or another cell: another movement.
        #expect(MovementIdentity.ids(of: plain.rows, wallet: "Cash") != id)
        let other = try read(text.replacingOccurrences(of: "Musik", with: "Family"))
        #expect(MovementIdentity.ids(of: other.rows, wallet: "Giro") != id)
    }

    @Test func idKindsAreToldByTheirPrefix() {
        #expect(MovementIdentity.kind(of: "csv:0123456789abcdef:1") == .cells)
        #expect(MovementIdentity.kind(of: "fp:0123456789abcdef:2") == .texts)
        #expect(MovementIdentity.kind(of: "2026110500003") == .bank)
    }
}
