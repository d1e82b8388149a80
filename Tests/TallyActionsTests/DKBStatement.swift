import Foundation

/// A statement shaped as DKB's current CSV export is described publicly: a preamble with
/// the account's name and IBAN, the period and the balance (`"Kontostand vom
/// 30.11.2026:";"1.534,36 €"`), a blank line, the header, then the movements newest
/// first, semicolons, every value quoted, `DD.MM.YY` dates, decimal commas, a byte-order
/// mark. The same movements can be written as a CAMT.053 statement, as the bank's other
/// download gives them.
struct DKBStatement {
    /// One movement of the account.
    struct Movement {
        var booked: String  // DD.MM.YY
        var value: String  // DD.MM.YY
        var status = "Gebucht"
        var payer: String
        var payee: String
        var purpose: String
        var type: String  // Eingang, Ausgang
        var iban = ""
        var amount: String  // -23,45
        var creditorID = ""
        var mandate = ""
        var reference = "NOTPROVIDED"
        /// The bank's reference in its CAMT download.
        var camtReference: String
    }

    static let iban = "DE18 1203 0000 0012 3456 78"
    static let header =
        "\"Buchungsdatum\";\"Wertstellung\";\"Status\";\"Zahlungspflichtige*r\";\"Zahlungsempfänger*in\";\"Verwendungszweck\";\"Umsatztyp\";\"IBAN\";\"Betrag (€)\";\"Gläubiger-ID\";\"Mandatsreferenz\";\"Kundenreferenz\""

    /// November 2026, oldest first: 217.95 at the start, then 2450.00 − 950.00 − 23.45 −
    /// 23.45 − 84.00 − 10.99 − 41.70 = 1316.41, so 217.95 + 1316.41 = 1534.36 at the end.
    /// Two equal REWE purchases on the 5th; Spotify's value date is the day before its
    /// booking.
    static let november: [Movement] = [
        Movement(
            booked: "02.11.26", value: "02.11.26", payer: "ACME GmbH", payee: "Max Mustermann", purpose: "Gehalt November 2026", type: "Eingang",
            iban: "DE57120300000087654321", amount: "2.450,00", camtReference: "2026110200001"),
        Movement(
            booked: "03.11.26", value: "03.11.26", payer: "Max Mustermann", payee: "Hausverwaltung Schmidt", purpose: "Miete November", type: "Ausgang",
            amount: "-950,00", camtReference: "2026110300002"),
        Movement(
            booked: "05.11.26", value: "05.11.26", payer: "Max Mustermann", payee: "REWE Markt GmbH", purpose: "REWE SAGT DANKE", type: "Ausgang",
            amount: "-23,45", camtReference: "2026110500003"),
        Movement(
            booked: "05.11.26", value: "05.11.26", payer: "Max Mustermann", payee: "REWE Markt GmbH", purpose: "REWE SAGT DANKE", type: "Ausgang",
            amount: "-23,45", camtReference: "2026110500004"),
        Movement(
            booked: "12.11.26", value: "12.11.26", payer: "Max Mustermann", payee: "Stadtwerke Muenchen GmbH", purpose: "Abschlag Strom 11/2026", type: "Ausgang",
            amount: "-84,00", creditorID: "DE12ZZZ00000012345", mandate: "M-2026-001", camtReference: "2026111200005"),
        Movement(
            booked: "20.11.26", value: "19.11.26", payer: "Max Mustermann", payee: "Spotify AB", purpose: "1043938279452/PP.4427.PP/. Spotify AB", type: "Ausgang",
            amount: "-10,99", camtReference: "2026112000006"),
        Movement(
            booked: "28.11.26", value: "28.11.26", payer: "Max Mustermann", payee: "Lidl Dienstleistung GmbH & Co. KG", purpose: "Lidl sagt danke", type: "Ausgang",
            amount: "-41,70", camtReference: "2026112800007")
    ]

    /// A movement the bank lists as not booked yet.
    static let pending = Movement(
        booked: "29.11.26", value: "29.11.26", status: "Vorgemerkt", payer: "Max Mustermann", payee: "Aral", purpose: "Tankstelle", type: "Ausgang",
        amount: "-15,00", camtReference: "")

    var movements: [Movement]
    var from = "01.11.2026"
    var to = "30.11.2026"
    /// The balance line's value, as DKB writes it; nil for a file without one.
    var balance: String? = "1.534,36 €"

    /// The CSV file's bytes, UTF-8 with a byte-order mark.
    var csv: [UInt8] { [0xEF, 0xBB, 0xBF] + Array(csvText.utf8) }

    var csvText: String {
        var lines = ["\"Girokonto\";\"\(Self.iban)\"", "\"\"", "\"Zeitraum:\";\"\(from) - \(to)\""]
        if let balance { lines.append("\"Kontostand vom \(to):\";\"\(balance)\"") }
        lines += ["\"\"", Self.header]
        for m in movements.reversed() {
            lines.append(
                [m.booked, m.value, m.status, m.payer, m.payee, m.purpose, m.type, m.iban, m.amount, m.creditorID, m.mandate, m.reference]
                    .map { "\"\($0)\"" }.joined(separator: ";"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same movements as a CAMT.053 statement closing at `closing` on `closingDate`.
    func camt(closing: String, closingDate: String) -> [UInt8] {
        func iso(_ date: String) -> String {
            let p = date.split(separator: ".")
            return "20\(p[2])-\(p[1])-\(p[0])"
        }
        func xml(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;") }
        var entries = ""
        for m in movements where m.status == "Gebucht" {
            let amount = m.amount.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
            let debit = amount.hasPrefix("-")
            let party = debit ? "<Cdtr><Nm>\(xml(m.payee))</Nm></Cdtr>" : "<Dbtr><Nm>\(xml(m.payer))</Nm></Dbtr>"
            entries += """
                      <Ntry>
                        <Amt Ccy="EUR">\(debit ? String(amount.dropFirst()) : amount)</Amt>
                        <CdtDbtInd>\(debit ? "DBIT" : "CRDT")</CdtDbtInd>
                        <Sts><Cd>BOOK</Cd></Sts>
                        <BookgDt><Dt>\(iso(m.booked))</Dt></BookgDt>
                        <ValDt><Dt>\(iso(m.value))</Dt></ValDt>
                        <AcctSvcrRef>\(m.camtReference)</AcctSvcrRef>
                        <NtryDtls><TxDtls>
                          <RltdPties>\(party)</RltdPties>
                          <RmtInf><Ustrd>\(xml(m.purpose))</Ustrd></RmtInf>
                        </TxDtls></NtryDtls>
                      </Ntry>

                """
        }
        let iban = Self.iban.replacingOccurrences(of: " ", with: "")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
              <BkToCstmrStmt>
                <GrpHdr><MsgId>DKB-\(closingDate)</MsgId><CreDtTm>\(closingDate)T06:00:00</CreDtTm></GrpHdr>
                <Stmt>
                  <Id>\(closingDate)-\(iban)</Id>
                  <CreDtTm>\(closingDate)T06:00:00</CreDtTm>
                  <Acct><Id><IBAN>\(iban)</IBAN></Id><Ccy>EUR</Ccy></Acct>
                  <Bal>
                    <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
                    <Amt Ccy="EUR">\(closing)</Amt>
                    <CdtDbtInd>CRDT</CdtDbtInd>
                    <Dt><Dt>\(closingDate)</Dt></Dt>
                  </Bal>
            \(entries)    </Stmt>
              </BkToCstmrStmt>
            </Document>

            """
        return Array(text.utf8)
    }
}
