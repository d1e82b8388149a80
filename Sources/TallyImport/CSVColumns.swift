import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// What each column of a CSV statement holds, recognised by the header's names in the
/// languages of the banks Tally meets (English, German, Czech, Slovak, French, Dutch, ...).
/// Names are compared lowercased, without accents, without a parenthesised suffix
/// (`Betrag (EUR)`) and with runs of spaces as one.
public struct CSVColumns: Sendable, Equatable {
    /// What a column holds (TallyCore's `StatementColumn`, which profiles name).
    public typealias Role = StatementColumn

    /// The column of each role found.
    public var index: [Role: Int] = [:]

    /// The column that names the statement's own account on every row (Sparkasse's
    /// `Auftragskonto`, ING Netherlands' `Rekening`), found by ``accountNames``; not a
    /// role a profile names, since the profile's `account` says which account it is.
    public var account: Int?

    /// The columns without a header right after the description column, whose cells
    /// say what they hold before a colon (``LabelledCells``).
    public var continuation: [Int] = []

    /// Header names of a column holding the account the statement is of.
    static let accountNames: Set<String> = ["auftragskonto", "iban auftraggeberkonto", "rekening", "iban/bban", "account", "eigen rekening"]

    /// Header names of each role, normalized. The first column to match a role takes it.
    static let names: [Role: Set<String>] = [
        .date: [
            "date", "booking date", "posting date", "posted date", "transaction date", "buchungstag", "buchungsdatum",
            "datum", "datum zauctovani", "datum pohybu", "datum provedeni", "datum transakce", "datum uctovania",
            "datum zauctovania", "datum transakcie", "datum realizacie", "date operation", "date de comptabilisation",
            "boekdatum", "transactiedatum", "completed date", "fecha", "data", "data operazione", "data ksiegowania", "buchung", "fecha operacion", "data operacji"
        ],
        .amount: [
            "amount", "betrag", "umsatz", "castka", "suma", "objem", "montant", "bedrag", "importe", "importo",
            "kwota", "transaction amount", "amount eur", "castka v mene uctu", "suma transakcie", "montant operation"
        ],
        .debit: ["debit", "debits", "withdrawal", "withdrawals", "soll", "ausgang", "money out", "paid out", "debet", "vydaj", "vydej", "debit euros"],
        .credit: ["credit", "credits", "deposit", "deposits", "haben", "eingang", "money in", "paid in", "kredit", "prijem", "credit euros"],
        .payee: [
            "payee", "name", "beguenstigter/zahlungspflichtiger", "begunstigter/zahlungspflichtiger", "empfanger", "empfaenger",
            "auftraggeber/empfanger", "auftraggeber/begunstigter", "begunstigter/auftraggeber", "empfanger/auftraggeber", "zahlungsempfanger", "name zahlungsbeteiligter", "protistrana", "nazev protiuctu",
            "nazov protiuctu", "nazov protistrany", "nazev protistrany", "merchant", "beneficiary", "partner name", "partnername",
            "counter party", "nazev uctu protiuctu", "nadawca/odbiorca", "nazov partnera",
            "tegenpartij", "naam tegenpartij", "beneficiaire", "naam/omschrijving", "tegenrekeninghouder"
        ],
        .description: [
            "description", "memo", "verwendungszweck", "popis", "zprava pro prijemce", "poznamka",
            "sprava pre prijemcu", "informacia pre prijemcu", "details", "reference", "narrative", "libelle",
            "omschrijving", "mededelingen", "concepto", "descrizione", "tytul", "popis transakce", "popis transakcie",
            "payment reference", "omschrijving-1", "libelle operation", "dettagli", "betreff", "opis transakcji"
        ],
        .id: [
            "id", "transaction id", "id pohybu", "id transakce", "id transakcie", "reference number", "referenz",
            "transaction reference", "fitid", "id operace", "identifikator transakcie", "referentie", "transferwise id", "transaktionscode", "volgnr"
        ],
        .balance: [
            "balance", "saldo", "kontostand", "zustatek", "zostatok", "running balance", "runningbalance", "solde", "balance after",
            "saldo na mutatie", "saldo na trn", "guthaben", "saldo po operacji", "saldo po transakcji", "disponible"
        ],
        .currency: ["currency", "wahrung", "waehrung", "mena", "devise", "valuta munt", "munt", "valutacode", "divisa", "waluta"],
        .sign: [
            "af bij", "af/bij", "creditdebet", "credit/debet", "debet/credit", "soll/haben", "s/h", "d/c", "c/d", "cr/dr",
            "dr/cr", "direction", "richtung", "umsatztyp"
        ],
        .status: ["status", "state", "buchungsstatus", "umsatzstatus", "transaction status", "contabilizzazione"],
        .fee: ["fee", "fees", "gebuhr", "gebuehr", "gebuhren", "entgelt", "poplatek", "poplatky", "poplatok", "frais"],
        .gross: ["gross", "gross amount", "brutto", "bruttobetrag", "montant brut"],
        .net: ["net", "net amount", "netto", "nettobetrag", "montant net"],
        .payer: ["zahlungspflichtige*r", "zahlungspflichtige/r", "zahlungspflichtiger", "payer", "payer name", "nazwa nadawcy"],
        .recipient: ["zahlungsempfanger*in", "zahlungsempfaenger*in", "zahlungsempfanger/in", "recipient", "recipient name", "payee name", "nazwa odbiorcy"]
    ]

    /// Header names that other banks use for other things (free text, signed amounts): such
    /// a column holds the role only when each of its values is a status or direction word
    /// (Sparkasse's `Info` holds `Umsatz gebucht`; a `Debit/Credit` column may hold amounts).
    static let namesOnlyByValues: [Role: Set<String>] = [
        .status: ["info"], .sign: ["debit/credit", "credit/debit", "debit credit", "credit debit", "type"]
    ]

    /// Header names that hold a role only when no column has one of the role's names in
    /// ``names``: bunq's `Counterparty` is the other party's IBAN beside its `Name`, and
    /// `Buchungstext` is Commerzbank's whole text but only the kind of movement
    /// (`Lastschrift`) beside Sparkasse's and ING's `Verwendungszweck`.
    static let weakerNames: [Role: Set<String>] = [.payee: ["counterparty"], .description: ["buchungstext"]]

    /// Lowercase, accents removed (`ł` read as `l`), a leading `#` (mBank's headers) and a
    /// `(...)` suffix removed, spaces collapsed.
    static func normalize(_ header: String) -> String {
        var s = header.trimmingWhitespace.lowercased()
        if s.hasPrefix("#") { s = String(s.dropFirst()) }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") { s = String(s[..<open]) }
        // `ł` (Polish) has no accent to remove: it is a letter of its own.
        let folded = UnicodeFolding.decomposed(s.replacingText("ł", with: "l")).unicodeScalars.filter { !(0x300 ... 0x36F).contains($0.value) }
        return String(String.UnicodeScalarView(folded)).split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "." }).joined(separator: " ")
            .replacingText(" / ", with: "/").replacingText("/ ", with: "/").replacingText(" /", with: "/")
    }

    /// True when a date and an amount (or debit or credit, or gross or net beside a fee)
    /// column are known.
    public var isComplete: Bool {
        index[.date] != nil && ([Role.amount, .debit, .credit].contains { index[$0] != nil } || sharesOutFees && (index[.gross] != nil || index[.net] != nil))
    }

    /// True when gross and net columns say what the fee column takes (``FeeRows``):
    /// without a fee column, gross and net may be a tax's (an invoice's VAT), which says
    /// nothing about the account.
    var sharesOutFees: Bool { index[.fee] != nil }

    /// The roles of a header row, or nil when it lacks a date or any amount column
    /// (unless `requireAmount` is false: then nil only when nothing is recognised).
    public static func recognise(_ header: [String], requireAmount: Bool = true) -> CSVColumns? {
        var columns = CSVColumns()
        for (i, name) in header.enumerated() {
            let n = normalize(name)
            for role in Role.allCases where columns.index[role] == nil && (names[role]?.contains(n) ?? false || namesOnlyByValues[role]?.contains(n) ?? false) {
                columns.index[role] = i
                break
            }
        }
        for (i, name) in header.enumerated() where !columns.index.values.contains(i) {
            let n = normalize(name)
            if let role = weakerNames.first(where: { $0.value.contains(n) && columns.index[$0.key] == nil })?.key { columns.index[role] = i }
        }
        columns.account = header.indices.first { accountNames.contains(normalize(header[$0])) && !columns.index.values.contains($0) }
        columns.continuation = LabelledCells.continuation(of: header, description: columns.index[.description])
        if requireAmount { return columns.isComplete ? columns : nil }
        return columns.index.isEmpty ? nil : columns
    }
}
