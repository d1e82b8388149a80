import Foundation
import TallyCore
import TallyImport
import TallySyntax
import TallyTestSupport
import Testing

/// The current CSV exports of the banks people use, one fixture each
/// (`Fixtures/banks/`), shaped from the bank's description of its file: the header's
/// names in the bank's language, the separator, the encoding, the date and decimal
/// format, the sign or debit and credit columns, the lines above the header, the status
/// column. The public descriptions found are N26's column list (a reconciliation
/// guide), Rabobank's account of its CSV (its own page), and the column lists public
/// importers hold for ING (DE, NL), Sparkasse, Commerzbank, Revolut, Monzo, Starling,
/// Wise and mBank; every
/// other case says none was found (`shapedFromWhatIsKnown`) and its fixture is shaped
/// from what is known of the bank's file. Each is read
/// exactly: the count, every amount and its sign, the other party read from the column
/// that names it for the row's direction, the purpose kept as the note, every stated
/// balance (a running balance column, a balance line above the header) against the
/// amounts, and the account the file names. DKB's export has its own suite
/// (``DKBStatementTests``).
@Suite struct BankExportTests {
    /// One bank's export and what reading it must give.
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        /// Where the shape comes from.
        var source: String
        var shapedFromWhatIsKnown = false
        var options = StatementReader.Options()
        /// Booking order (oldest first), signed.
        let amounts: [String]
        let payees: [String?]
        let notes: [String?]
        /// The sum of `amounts`, added up by hand in the case.
        let sum: String
        /// The balance before the first row, which the running balances imply (nil
        /// without them).
        var opening: String?
        /// The closing balance the file states and its day.
        var closing: (amount: String, date: String)?
        var account: String?
        var currency: String?
        var skipped = 0
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "ing-de.csv", source: "ING Deutschland, Umsatzanzeige CSV, its header as public importers list it (`Buchung;Wertstellungsdatum;Auftraggeber/Empfänger;…;Saldo;Währung;Betrag;Währung`): ISO-8859-1, `;`, IBAN and Zeitraum above, newest first",
            amounts: ["-950.00", "-41.20", "2500.00", "-85.00"],
            payees: ["Vermieter Hausverwaltung Süd", "REWE Markt GmbH", "ACME GmbH", "Stadtwerke München GmbH"],
            notes: ["Miete März Whg 3 links", "REWE SAGT DANKE 58213", "Gehalt März 2026", "Abschlag Strom 03/2026 Vertrag 4711"],
            // 2500.00 − (950.00 + 41.20 + 85.00 = 1076.20) = 1423.80; 1789.05 − 1423.80 = 365.25 before.
            sum: "1423.80", opening: "365.25", closing: ("1789.05", "2026-03-30"), account: "DE12500105170648489890", currency: "EUR"),
        Case(
            file: "ing-nl.csv", source: "ING Nederland, Af- en bijschrijvingen CSV, as a public importer's definition of the `;` download reads it: YYYYMMDD, name, own IBAN, counter IBAN, `Af Bij`, unsigned amount, balance after",
            amounts: ["-400.00", "2500.00", "-23.45"], payees: ["Woonstichting De Linden", "ACME BV", "Albert Heijn 1234"],
            notes: [
                "Naam: Woonstichting De Linden Omschrijving: Huur maart 2026", "Naam: ACME BV Omschrijving: Salaris maart 2026 IBAN: NL02ABNA0123456789",
                "Pasvolgnr: 001 30-03-2026 18:02 Transactie: 12A3B4 Term: 5678"
            ],
            // 2500.00 − 400.00 − 23.45 = 2076.55, from 0.00.
            sum: "2076.55", opening: "0.00", closing: ("2076.55", "2026-03-30"), account: "NL20INGB0001234567"),
        Case(
            file: "sparkasse-camt-v2.csv", source: "Sparkasse, CSV-CAMT V2, its columns as a public beancount importer lists them (`Auftragskonto`, `Buchungstag`, `Valutadatum`, …, `Info`): Windows-1252, `;`, DD.MM.YY",
            amounts: ["-950.00", "2500.00", "-15.00"], payees: ["Hausverwaltung Süd GmbH", "ACME GmbH", "Turnverein München e.V."],
            notes: ["Miete März", "Gehalt März 2026", "Beitrag 03/2026 Mitgl-Nr 1234"],
            // 2500.00 − 950.00 − 15.00 = 1535.00; the vorgemerkt EDEKA row is not booked.
            sum: "1535.00", account: "DE71700500000012345678", currency: "EUR", skipped: 1),
        Case(
            file: "commerzbank.csv", source: "Commerzbank, Umsätze CSV, its columns as a public importer lists them (`Buchungstag`, …, `Auftraggeberkonto`, `Bankleitzahl Auftraggeberkonto`, `IBAN Auftraggeberkonto`, `Kategorie`): one `Buchungstext` for party and purpose",
            amounts: ["-41.20", "2500.00", "-85.00"], payees: [nil, nil, nil],
            notes: [
                "REWE Markt GmbH//Muenchen/DE 2026-03-13T18:12:11 KFN 1 VJ 2812 Kartenzahlung", "ACME GmbH Gehalt März 2026 End-to-End-Ref.: NOTPROVIDED",
                "Stadtwerke Muenchen GmbH Abschlag Strom 03/2026 End-to-End-Ref.: 4711 Mandatsref: SWM-1 Gläubiger-ID: DE12ZZZ00000012345"
            ],
            // 2500.00 − 41.20 − 85.00 = 2373.80.
            sum: "2373.80", account: "DE42100110012620000001", currency: "EUR"),
        Case(
            file: "deutsche-bank.csv", source: "Deutsche Bank, Umsätze CSV: Windows-1252, `;`, CRLF, a dated `Letzter Kontostand` above the header, `Soll` and `Haben`, a `Kontostand` line below",
            shapedFromWhatIsKnown: true,
            amounts: ["-1000.00", "2500.00", "-35.00"], payees: ["Hausverwaltung Süd GmbH", "ACME GmbH", "Telekom Deutschland GmbH"],
            notes: ["Miete März", "Gehalt März 2026", "Kd-Nr 0123456789 Rg 03/2026"],
            // 2500.00 − 1000.00 − 35.00 = 1465.00, the balance stated for 31.03.2026; the Kontostand line below is listed as no movement.
            sum: "1465.00", closing: ("1465.00", "2026-03-31"), currency: "EUR", skipped: 1),
        Case(
            file: "n26.csv", source: "N26, CSV export: the columns as a public reconciliation guide lists them (checkunpaidinvoices.com, N26 with Xero): UTF-8, `,`, `Partner Name`, `Payment Reference`, `Amount (EUR)` signed",
            amounts: ["-950.00", "-41.20", "-11.37", "2500.00"], payees: ["Hausverwaltung Süd GmbH", "REWE Markt GmbH", "Pret A Manger", "ACME GmbH"],
            notes: ["Miete März", nil, nil, "Gehalt März 2026"],
            // 2500.00 − (950.00 + 41.20 + 11.37 = 1002.57) = 1497.43; the GBP column is not the account's.
            sum: "1497.43"),
        Case(
            file: "revolut.csv", source: "Revolut, account statement CSV, its ten columns as public importers list them (`Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance`)",
            amounts: ["500.00", "-17.80", "-100.00", "-1.00", "-50.00"], payees: [nil, nil, nil, "Cash at Sparkasse", nil],
            notes: ["Payment from Erika Mustermann", "Lidl", "Cash at Sparkasse", "fee", "To Max Mustermann"],
            // 500.00 − 17.80 − 100.00 − 1.00 (the ATM fee) − 50.00 = 331.20, from 0.00; PENDING and REVERTED are not booked.
            sum: "331.20", opening: "0.00", closing: ("331.20", "2026-03-20"), currency: "EUR", skipped: 2),
        Case(
            file: "bunq.csv", source: "bunq, CSV export: `;`, decimal comma, `Counterparty` (an IBAN) beside `Name`", shapedFromWhatIsKnown: true,
            amounts: ["-650.00", "-23.45", "2500.00"], payees: ["Woonstichting De Linden", "Albert Heijn 1234", "ACME BV"],
            notes: ["Huur maart 2026", "Apple Pay AH 1234 Amsterdam", "Salaris maart 2026"],
            // 2500.00 − 650.00 − 23.45 = 1826.55.
            sum: "1826.55", account: "NL26BUNQ2040000001"),
        Case(
            file: "abn-amro.tab", source: "ABN AMRO, TXT (.TAB) download: no header, tab, account, currency, YYYYMMDD, start and end balance, value date, amount, description", shapedFromWhatIsKnown: true,
            options: StatementReader.Options(csv: abnAmroPositions),
            // SEPA transfers name the other party and the purpose in keywords (`/NAME/`, `/REMI/`); a card payment (`BEA`) does not.
            amounts: ["-650.00", "-23.45", "2500.00"], payees: ["Woonstichting De Linden", nil, "ACME BV"],
            notes: [
                "Huur maart 2026", "BEA, Apple Pay                   Albert Heijn 1234,PAS123        NR:12AB34, 09.03.26/18:02       AMSTERDAM",
                "Salaris maart 2026"
            ],
            // 2500.00 − 650.00 − 23.45 = 1826.55; the first start balance 1000.00 + 1826.55 = 2826.55.
            sum: "1826.55", opening: "1000.00", closing: ("2826.55", "2026-03-25"), currency: "EUR"),
        Case(
            file: "rabobank.csv", source: "Rabobank, CSV export: `,`, decimal comma, `Tegenrekening IBAN/BBAN`, `Transactiereferentie`, YYYY-MM-DD as Rabobank's page on its CSV formats says (rabobank.nl, Internetbankieren Professional, veranderingen); the other columns from what is known",
            amounts: ["-650.00", "-23.45", "2500.00"], payees: ["Woonstichting De Linden", "Albert Heijn 1234", "ACME BV"],
            notes: ["Huur maart 2026", "Apple Pay AH 1234 Utrecht", "Salaris maart 2026"],
            // 2500.00 − 650.00 − 23.45 = 1826.55; 2826.55 − 1826.55 = 1000.00 before.
            sum: "1826.55", opening: "1000.00", closing: ("2826.55", "2026-03-25"), account: "NL38RABO0300000001", currency: "EUR"),
        Case(
            file: "monzo.csv", source: "Monzo, CSV export, its columns as a public importer lists them (`Transaction ID,Date,Time,Type,Name,…,Description,Category split`): DD/MM/YYYY, signed `Amount`",
            amounts: ["2500.00", "-23.45", "-41.20", "-15.00"], payees: ["ACME Ltd", "Tesco", "Thames Water", "Sam Smith"],
            notes: ["SALARY MARCH", "TESCO STORES 3297 LONDON GBR", "THAMES WATER", "Pizza"],
            // 2500.00 − (23.45 + 41.20 + 15.00 = 79.65) = 2420.35.
            sum: "2420.35", currency: "GBP"),
        Case(
            file: "starling.csv", source: "Starling, statement CSV, its columns as a public importer lists them (`Date`, `Counter Party`, `Reference`, `Type`, `Amount (GBP)`, `Balance (GBP)`, `Spending Category`, `Notes`)",
            amounts: ["2500.00", "-31.80", "-85.00"], payees: ["ACME Ltd", "Sainsbury's", "British Gas"], notes: ["SALARY MARCH", "SAINSBURYS S/MKTS", "BG 1234567"],
            // 2500.00 − 31.80 − 85.00 = 2383.20; 3383.20 − 2383.20 = 1000.00 before.
            sum: "2383.20", opening: "1000.00", closing: ("3383.20", "2026-03-14")),
        Case(
            file: "wise.csv", source: "Wise, statement CSV, its twenty columns as public importers list them (`TransferWise ID`, …, `Total fees`, `Exchange To Amount`), day first, newest first",
            amounts: ["1500.00", "-12.20", "-200.41"], payees: ["ACME GmbH", "Rewe Markt Muenchen", "Max Mustermann"],
            notes: ["Received money from ACME GmbH with reference Invoice 42", "Card transaction of 12.20 EUR issued by Rewe Markt Muenchen", "Sent money to Max Mustermann"],
            // 1500.00 − 12.20 − 200.41 = 1287.39, from 0.00 (the 0.41 fee is in the −200.41).
            sum: "1287.39", opening: "0.00", closing: ("1287.39", "2026-03-20"), currency: "EUR"),
        Case(
            file: "paypal-de.csv", source: "PayPal, Aktivitätsdownload (German): BOM, `,`, decimal comma, `Brutto`, `Gebühr`, `Netto`, `Status`, `Guthaben`", shapedFromWhatIsKnown: true,
            amounts: ["100.00", "-10.99", "50.00", "-1.75"], payees: ["Erika Mustermann", "Spotify AB", "Max Mustermann", "Max Mustermann"],
            notes: [nil, "Spotify Premium", "Konzertkarte", "fee"],
            // 100.00 − 10.99 + 50.00 − 1.75 = 137.26; the Ausstehend 30.00 is not booked (its Guthaben does not count it).
            sum: "137.26", opening: "0.00", closing: ("137.26", "2026-03-12"), currency: "EUR", skipped: 1),
        Case(
            file: "bnp-paribas.csv", source: "BNP Paribas, Télécharger mes opérations CSV: Windows-1252, `;`, the account and a dated `Solde` above the header, DD/MM/YYYY, `1 000,00`",
            shapedFromWhatIsKnown: true,
            amounts: ["-1000.00", "-85.00", "2500.00"], payees: [nil, nil, nil],
            notes: [
                "PRLV SEPA FONCIA PARIS LOYER MARS 2026", "FACTURE CARTE DU 13/03/26 CARREFOUR PARIS 15 CARTE 4974XXXXXXXX1234",
                "VIR SEPA RECU /DE ACME SAS /MOTIF SALAIRE MARS 2026"
            ],
            // 2500.00 − 1000.00 − 85.00 = 1415.00, the Solde stated for 31/03/2026.
            sum: "1415.00", closing: ("1415.00", "2026-03-31"), account: "FR7630004000031234567890143"),
        Case(
            file: "credit-agricole.csv", source: "Crédit Agricole, CSV download: Windows-1252, `;`, holder, account number and dated `Solde` above, `Débit euros`/`Crédit euros`",
            shapedFromWhatIsKnown: true,
            amounts: ["-450.00", "2500.00", "-85.00"], payees: [nil, nil, nil],
            notes: ["CARTE X1234 02/03 LECLERC", "VIREMENT EN VOTRE FAVEUR ACME SAS SALAIRE MARS", "PRELEVEMENT EDF\r\nECH 03/2026 CLIENT 0123"],
            // 2500.00 − 450.00 − 85.00 = 1965.00, the Solde stated for 31/03/2026.
            sum: "1965.00", closing: ("1965.00", "2026-03-31")),
        Case(
            file: "santander-es.csv", source: "Santander España, movimientos CSV: Windows-1252, `;`, account above, `Fecha operación`, `Importe`, `Saldo`", shapedFromWhatIsKnown: true,
            amounts: ["-100.00", "-100.00", "2500.00"], payees: [nil, nil, nil],
            notes: ["Recibo Iberdrola Clientes SAU", "Pago con tarjeta en MERCADONA MADRID", "Transferencia recibida de ACME SL Nomina marzo"],
            // 2500.00 − 100.00 − 100.00 = 2300.00; 3300.00 − 2300.00 = 1000.00 before.
            sum: "2300.00", opening: "1000.00", closing: ("3300.00", "2026-03-27"), account: "ES4800490001512345678901"),
        Case(
            file: "bbva.csv", source: "BBVA, últimos movimientos: BOM, `;`, account above, `F.Valor` and `Fecha`, `Importe`, `Disponible` after each", shapedFromWhatIsKnown: true,
            amounts: ["-250.00", "-50.00", "2500.00"], payees: [nil, nil, nil], notes: ["Endesa Energia", "Mercadona", "ACME SL"],
            // 2500.00 − 250.00 − 50.00 = 2200.00; 3200.00 − 2200.00 = 1000.00 before.
            sum: "2200.00", opening: "1000.00", closing: ("3200.00", "2026-03-27"), account: "ES3801820001212345678901", currency: "EUR"),
        Case(
            file: "intesa-sanpaolo.csv", source: "Intesa Sanpaolo, lista movimenti: `;`, DD/MM/YYYY, `Dettagli`, `Contabilizzazione`, `Importo`", shapedFromWhatIsKnown: true,
            amounts: ["-120.00", "2500.00"], payees: [nil, nil], notes: ["Enel Energia bolletta 03/2026", "ACME Spa Stipendio marzo 2026"],
            // 2500.00 − 120.00 = 2380.00; the Non contabilizzato Esselunga row is not booked.
            sum: "2380.00", account: "IT61X0306909606100000012345", skipped: 1),
        Case(
            file: "fio.csv", source: "Fio banka, CSV download (the API's `transactions.csv`): BOM, `;`, the account and balances above, `Objem`, `Název protiúčtu`", shapedFromWhatIsKnown: true,
            amounts: ["-12500.00", "-1250.00", "38000.00"], payees: ["Bytové družstvo Praha", nil, "ACME s.r.o."], notes: ["Nájem březen", "Nákup: ALBERT, Praha", "Mzda březen"],
            // 38000.00 − 12500.00 − 1250.00 = 24250.00; 10000.00 + 24250.00 = 34250.00, the closingBalance of dateEnd 31.03.2026.
            sum: "24250.00", closing: ("34250.00", "2026-03-31"), account: "CZ9020100000002900000000", currency: "CZK"),
        Case(
            file: "csob.csv", source: "ČSOB, pohyby na účtu CSV: Windows-1250, `;`, DD.MM.YYYY, `částka`, `zůstatek`, `název účtu protiúčtu`", shapedFromWhatIsKnown: true,
            options: StatementReader.Options(encoding: .windows1250),
            amounts: ["-12500.00", "-850.50", "38000.00"], payees: ["Bytové družstvo Praha", "Lidl Česká republika", "ACME s.r.o."],
            notes: ["Nájem 03/2026", "LIDL DEKUJEME PRAHA", "Mzda 03/2026"],
            // 38000.00 − 12500.00 − 850.50 = 24649.50; 44649.50 − 24649.50 = 20000.00 before.
            sum: "24649.50", opening: "20000.00", closing: ("44649.50", "2026-03-27"), currency: "CZK"),
        Case(
            file: "mbank.csv", source: "mBank, CSV history, its columns as public importers list them (`#Data księgowania`, `#Data operacji`, `#Opis operacji`, `#Tytuł`, `#Nadawca/Odbiorca`, `#Numer konta`, `#Kwota`, …): Windows-1250, `;`, `#` lines above", options: StatementReader.Options(encoding: .windows1250),
            amounts: ["-1500.00", "-23.45", "7000.00"],
            payees: ["SPÓŁDZIELNIA MIESZKANIOWA  UL. DŁUGA 1 WARSZAWA", nil, "ACME SP. Z O.O.  UL. PROSTA 2 WARSZAWA"],
            notes: ["CZYNSZ 03/2026", "ŻABKA Z1234 K.1 WARSZAWA", "WYNAGRODZENIE 03/2026"],
            // 7000.00 − 1500.00 − 23.45 = 5476.55; 7976.55 − 5476.55 = 2500.00 before; `#Saldo końcowe` below is no movement.
            sum: "5476.55", opening: "2500.00", closing: ("7976.55", "2026-03-27"), skipped: 1),
        Case(
            file: "pko-bp.csv", source: "PKO BP, historia rachunku CSV: Windows-1250, `,`, all quoted, `+`/`-`, `Saldo po transakcji`, `Opis transakcji` over unnamed columns",
            shapedFromWhatIsKnown: true, options: StatementReader.Options(encoding: .windows1250),
            // The party and the title are labelled cells (`Nazwa odbiorcy: …`, `Tytuł: …`); a card payment's place (`Lokalizacja: …`) names no party.
            amounts: ["-1500.00", "-23.45", "7000.00"], payees: ["SPÓŁDZIELNIA MIESZKANIOWA", nil, "ACME SP. Z O.O."],
            notes: ["CZYNSZ 03/2026", "000498849 74230786086123456789012", "WYNAGRODZENIE 03/2026"],
            // 7000.00 − 1500.00 − 23.45 = 5476.55; 9476.55 − 5476.55 = 4000.00 before.
            sum: "5476.55", opening: "4000.00", closing: ("9476.55", "2026-03-27"), currency: "PLN"),
        Case(
            file: "tatra-banka.csv", source: "Tatra banka, no public column list found", shapedFromWhatIsKnown: true,
            options: StatementReader.Options(encoding: .windows1250),
            amounts: ["-650.00", "-38.90", "1800.00"], payees: ["Bytové družstvo Bratislava", "TESCO STORES SR", "ACME s.r.o."],
            notes: ["Nájom 03/2026", "Platba kartou TESCO BRATISLAVA", "Mzda 03/2026"],
            // 1800.00 − 650.00 − 38.90 = 1111.10.
            sum: "1111.10", currency: "EUR"),
        Case(
            file: "slovenska-sporitelna.csv", source: "Slovenská sporiteľňa (George), no public column list found", shapedFromWhatIsKnown: true,
            amounts: ["-650.00", "-42.30", "1800.00"], payees: ["Bytové družstvo Bratislava", "BILLA", "ACME s.r.o."],
            notes: ["Nájom 03/2026", "Platba kartou BILLA BRATISLAVA", "Mzda 03/2026"],
            // 1800.00 − 650.00 − 42.30 = 1107.70.
            sum: "1107.70", currency: "EUR")
    ]

    /// ABN AMRO's file has no header: the columns a profile gives by position (0-based
    /// here, as `CSVStatementReader.Options` counts).
    static var abnAmroPositions: CSVStatementReader.Options {
        var options = CSVStatementReader.Options()
        options.positions = [.currency: 1, .date: 2, .balance: 4, .amount: 6, .description: 7]
        return options
    }

    static func read(_ bank: Case) throws -> Statement {
        let path = TestSupport.path("Tests/TallyImportTests/Fixtures/banks/\(bank.file)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try StatementReader.read(bytes, path: bank.file, options: bank.options)
    }

    @Test(arguments: cases)
    func eachExportReadsExactly(bank: Case) throws {
        let statement = try Self.read(bank)
        #expect(statement.refused.isEmpty, "\(statement.refused)")
        #expect(statement.skipped.count == bank.skipped, "\(statement.skipped)")
        #expect(statement.rows.map(\.amount.description) == bank.amounts)
        #expect(statement.rows.map(\.payee) == bank.payees)
        #expect(statement.rows.map(\.description) == bank.notes)
        #expect(statement.rows.reduce(Money.zero) { $0.adding($1.amount)! }.description == bank.sum)
        #expect(statement.account == bank.account)
        #expect(statement.currency == bank.currency)
        #expect(statement.closingBalance?.description == bank.closing?.amount)
        #expect(statement.closingDate == bank.closing.flatMap { CivilDate(iso: $0.date) })
        // Each running balance is the balance before the first row plus the rows up to it.
        var balance = bank.opening.flatMap { Money($0) } ?? .zero
        for row in statement.rows {
            balance = balance.adding(row.amount)!
            if let stated = row.balance { #expect(bank.opening != nil && stated == balance, "line \(row.position.line): \(stated), not \(balance)") }
        }
        if let closing = bank.closing, bank.opening != nil { #expect(balance.description == closing.amount) }
    }

    /// Deutsche Bank's `Kontostand` line below the rows is read as one above the header
    /// is: 2500.00 − 1000.00 = 1500.00 on 31.03.2026 closes the statement.
    @Test func aBalanceLineBelowTheRowsClosesTheStatement() throws {
        let text = """
            Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;Soll;Haben;Währung
            02.03.2026;02.03.2026;Dauerauftrag;Hausverwaltung Süd GmbH;Miete März;-1.000,00;;EUR
            27.03.2026;27.03.2026;SEPA-Überweisung an;ACME GmbH;Gehalt März 2026;;2.500,00;EUR
            Kontostand;31.03.2026;;;1.500,00;EUR

            """
        let statement = try StatementReader.read(Array(text.utf8), path: "db.csv")
        #expect(statement.rows.map(\.amount.description) == ["-1000.00", "2500.00"])
        #expect(statement.closingBalance?.description == "1500.00")
        #expect(statement.closingDate == CivilDate(iso: "2026-03-31"))
    }

    /// Every fixture has its case, and every case says where its shape comes from.
    @Test func everyFixtureHasItsCase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("Tests/TallyImportTests/Fixtures/banks")).filter { $0 != "README.md" }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
        #expect(Self.cases.allSatisfy { !$0.source.isEmpty && $0.amounts.count == $0.payees.count && $0.amounts.count == $0.notes.count })
    }
}

/// The account column of a CSV (``CSVColumns/account``) names the statement's account
/// only as one IBAN on every row.
@Suite struct CSVAccountColumnTests {
    static func read(_ text: String) throws(StatementError) -> Statement {
        try StatementReader.read(Array(text.utf8), path: "konto.csv")
    }

    @Test func rowsNamingTwoAccountsAreRefused() {
        let text = """
            Auftragskonto;Buchungstag;Betrag
            DE71700500000012345678;02.03.2026;-10,00
            DE42100110012620000001;03.03.2026;-20,00

            """
        let error = #expect(throws: StatementError.self) { try Self.read(text) }
        #expect(error?.message.contains("mixes accounts (DE42100110012620000001, DE71700500000012345678)") == true)
    }

    @Test func aColumnOfNamesNamesNoAccount() throws {
        let text = """
            Account,Date,Amount
            Checking,2026-03-02,-10.00
            Checking,2026-03-03,-20.00

            """
        #expect(try Self.read(text).account == nil)
    }

    @Test func theLinesAboveAndTheRowsMustNameOneAccount() {
        let text = """
            Konto;DE12500105170648489890

            Auftragskonto;Buchungstag;Betrag
            DE71700500000012345678;02.03.2026;-10,00

            """
        let error = #expect(throws: StatementError.self) { try Self.read(text) }
        #expect(error?.message == "the lines above the header name the account DE12500105170648489890, the rows DE71700500000012345678")
    }
}
