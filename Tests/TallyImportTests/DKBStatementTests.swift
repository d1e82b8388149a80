import TallyCore
import TallyImport
import TallySyntax
import Testing

/// DKB's current CSV export, shaped from the bank's description of it: a byte-order mark,
/// preamble lines with the account and the balance, `;`, dates `DD.MM.YY`, decimal
/// commas, a `Status` and an `Umsatztyp` column, and the two parties in columns of their
/// own (`Zahlungspflichtige*r` pays, `Zahlungsempfänger*in` is paid). The counterparty is
/// the party on the other side of each row's direction; `Verwendungszweck` is the note.
@Suite struct DKBStatementTests {
    static let header =
        "\"Buchungsdatum\";\"Wertstellung\";\"Status\";\"Zahlungspflichtige*r\";\"Zahlungsempfänger*in\";\"Verwendungszweck\";\"Umsatztyp\";\"IBAN\";\"Betrag (€)\";\"Gläubiger-ID\";\"Mandatsreferenz\";\"Kundenreferenz\""
    static let rows = [
        ("01.04.26", "Vorgemerkt", "Erika Mustermann", "Lidl Dienstleistung GmbH & Co. KG", "VISA Debitkartenumsatz", "Ausgang", "-9,99", ""),
        ("31.03.26", "Gebucht", "Erika Mustermann", "REWE Markt GmbH", "VISA Debitkartenumsatz", "Ausgang", "-23,45", ""),
        ("28.03.26", "Gebucht", "Erika Mustermann", "Lidl Dienstleistung GmbH & Co. KG", "VISA Debitkartenumsatz", "Ausgang", "-17,80", ""),
        ("27.03.26", "Gebucht", "ACME GmbH", "Erika Mustermann", "Gehalt März 2026", "Eingang", "2.500,00", ""),
        ("25.03.26", "Gebucht", "Erika Mustermann", "Stadtwerke Muenchen GmbH", "Abschlag Strom 03/2026", "Ausgang", "-85,00", "DE12ZZZ00000012345"),
        ("20.03.26", "Gebucht", "Erika Mustermann", "Finanzamt Muenchen", "Einkommensteuer 2025 StNr 143/123/45678", "Ausgang", "-312,00", ""),
        ("15.03.26", "Gebucht", "Erika Mustermann", "Spotify AB", "1043938279452/PP.4427.PP/. Spotify AB, Ihr Einkauf bei Spotify AB", "Ausgang", "-10,99", "LU96ZZZ0000000000000000058"),
        ("10.03.26", "Gebucht", "Erika Mustermann", "REWE Markt GmbH", "VISA Debitkartenumsatz", "Ausgang", "-41,20", ""),
        ("05.03.26", "Gebucht", "Max Mustermann", "Erika Mustermann", "Miete Anteil März", "Eingang", "400,00", "")
    ]
    static var csv: [UInt8] {
        let lines =
            ["\"Girokonto\";\"DE12120300001234567890\"", "\"\"", "\"Kontostand vom 31.03.2026:\";\"2.073,81 €\"", "\"\"", header]
            + rows.map { r in
                [r.0, r.0, r.1, r.2, r.3, r.4, r.5, "DE02120300000000202051", r.6, r.7, "", ""].map { "\"\($0)\"" }.joined(separator: ";")
            }
        return [0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test func theCounterpartyIsTheOtherSideOfEachRowsDirection() throws {
        let statement = try StatementReader.read(Self.csv, path: "dkb.csv")
        // Eight booked rows, oldest first; the pending Lidl row is not booked.
        #expect(statement.rows.count == 8)
        #expect(statement.skipped.map(\.position.line) == [6])
        #expect(
            statement.rows.map(\.payee) == [
                "Max Mustermann", "REWE Markt GmbH", "Spotify AB", "Finanzamt Muenchen", "Stadtwerke Muenchen GmbH", "ACME GmbH",
                "Lidl Dienstleistung GmbH & Co. KG", "REWE Markt GmbH"
            ])
        #expect(statement.rows[2].description == "1043938279452/PP.4427.PP/. Spotify AB, Ihr Einkauf bei Spotify AB")
        #expect(statement.rows.map(\.amount.description) == ["400.00", "-41.20", "-10.99", "-312.00", "-85.00", "2500.00", "-17.80", "-23.45"])
        // 2500.00 + 400.00 − (41.20 + 10.99 + 312.00 + 85.00 + 17.80 + 23.45 = 490.44) = 2409.56.
        #expect(statement.rows.reduce(Money.zero) { $0.adding($1.amount)! }.description == "2409.56")
        #expect(statement.rows.first?.date == CivilDate(iso: "2026-03-05"))
    }

    @Test func knownPayeesCategorize() throws {
        let text = """
            currency EUR
            wallet Giro bank opening 100.00 on 2026-02-01
            expense Food, Utilities, Taxes, Fun
            income Salary

            2026-02-03 "REWE"  Giro  Food  -30.00
            2026-02-04 "Lidl"  Giro  Food  -12.00

            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let (model, _) = Interpreter.run(budget, today: CivilDate(iso: "2026-04-02")!)
        let giro = try #require(model.wallets.firstIndex { $0.name == "Giro" })
        let statement = try StatementReader.read(Self.csv, path: "dkb.csv")
        let plan = ImportPlan(model: model, wallet: giro, statements: [statement])
        let categories = plan.decisions.map { decision -> String? in
            if case .add(let choice?) = decision.outcome { return model.categories[choice.category].name }
            return nil
        }
        // REWE (10.03 and 31.03) and Lidl (28.03) by the budget's history; the rest has none yet.
        #expect(categories == [nil, "Food", nil, nil, nil, nil, "Food", "Food"])
    }
}
