import TallyCore
import TallySyntax

extension MT940StatementReader {
    /// The movement of a `:61:` field (its first line; the second, supplementary details,
    /// says nothing the `:86:` does not).
    static func movement(_ field: MT940StatementReader.Field, path: String) throws(StatementError) -> StatementRow {
        let line = Array(field.text.prefix { !$0.isNewline })
        func fail(_ what: String) -> StatementError {
            StatementError(path: path, position: field.position, message: "`\(String(line))` in :61: is not a movement: \(what)")
        }
        func digits(_ from: Int, _ count: Int) -> String? {
            guard from + count <= line.count, line[from ..< from + count].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return String(line[from ..< from + count])
        }
        guard let valueText = digits(0, 6), let valueDate = date(valueText) else { throw fail("no value date (YYMMDD)") }
        var i = 6
        var day = valueDate
        if let entry = digits(6, 4), let month = Int(entry.prefix(2)), let dayOfMonth = Int(entry.suffix(2)) {
            // The booking date has no year: the value date's, or the one next to it across
            // a new year (value 2025-12-31, booked 0102).
            let year = valueDate.year + (month - valueDate.month > 6 ? -1 : valueDate.month - month > 6 ? 1 : 0)
            guard let booked = CivilDate(year: year, month: month, day: dayOfMonth) else { throw fail("no booking date (MMDD) in `\(entry)`") }
            day = booked
            i = 10
        }
        let rest = String(line[i...])
        let mark = ["RC", "RD", "C", "D"].first { rest.hasPrefix($0) }
        guard let mark else { throw fail("no debit or credit mark (D, C, RD, RC)") }
        i += mark.count
        if i < line.count, line[i].isLetter { i += 1 }  // the funds code
        let amountStart = i
        while i < line.count, line[i].isNumber || line[i] == "," { i += 1 }
        guard let amount = AmountText.parse(String(line[amountStart ..< i]), mark: .comma), !amount.isNegative else { throw fail("no amount") }
        // Money out: a debit, or the reversal of a credit.
        let signed = mark == "D" || mark == "RC" ? amount.negated : amount
        let references = String(line[min(i + 4, line.count)...])
        var bankID: String?
        if let slashes = references.firstRange(of: "//") {
            let reference = String(references[slashes.upperBound...]).trimmingWhitespace
            if !reference.isEmpty, reference.uppercased() != "NONREF" { bankID = reference }
        }
        return StatementRow(date: day, amount: signed, bankID: bankID, position: field.position)
    }

    /// The counterparty and purpose of an `:86:` field, in the German structured dialect
    /// (`?NN` subfields) or as free text.
    static func details(_ text: String) -> (payee: String?, description: String?) {
        func tidy(_ s: String) -> String? {
            let value = ImportedEntry.tidied(s).trimmingWhitespace
            return value.isEmpty ? nil : value
        }
        // Structured: a three-digit business code, then `?NN` subfields; a line break
        // inside a subfield is only where the bank wrapped it.
        let joined = text.split(whereSeparator: \.isNewline).joined()
        if joined.count > 4, joined.prefix(3).allSatisfy(\.isNumber), joined.dropFirst(3).first == "?" {
            var subfields: [Int: String] = [:]
            for part in joined.dropFirst(4).split(separator: "?", omittingEmptySubsequences: true) where part.count >= 2 {
                guard let key = Int(part.prefix(2)) else { continue }
                subfields[key, default: ""] += part.dropFirst(2)
            }
            // Banks fill each subfield to 27 characters, cutting words; a shorter one
            // ended at a word.
            var purpose = ""
            var previous = 27
            for part in (Array(20 ... 29) + Array(60 ... 63)).compactMap({ subfields[$0] }) {
                if !purpose.isEmpty && previous < 27 { purpose += " " }
                purpose += part
                previous = part.count
            }
            let payee = [32, 33].compactMap { subfields[$0] }.joined()
            return (tidy(payee), tidy(sepaPurpose(purpose)) ?? subfields[0].flatMap(tidy))
        }
        // Free text; keywords between slashes where the bank writes them (`/NAME/…/REMI/…/`).
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if flat.hasPrefix("/"), let name = keyword("NAME", in: joined) {
            let purpose = keyword("REMI", in: joined).map { $0.hasPrefix("USTD//") ? String($0.dropFirst(6)) : $0 }
            return (tidy(name), purpose.flatMap(tidy) ?? tidy(flat))
        }
        return (nil, tidy(flat))
    }

    /// The remittance text of a purpose written with SEPA's keywords (`EREF+…`, `MREF+…`,
    /// `SVWZ+…`): what follows `SVWZ+` up to the next keyword, or the purpose as written.
    static func sepaPurpose(_ purpose: String) -> String {
        guard let start = purpose.firstRange(of: "SVWZ+") else { return purpose }
        let rest = purpose[start.upperBound...]
        let keywords = ["EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "ABWA+", "ABWE+", "IBAN+", "BIC+", "COAM+", "OAMT+"]
        let end = keywords.compactMap { rest.firstRange(of: $0)?.lowerBound }.min() ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The value after `/KEY/` up to the next keyword (a `/` followed by capitals and `/`).
    private static func keyword(_ key: String, in text: String) -> String? {
        guard let start = text.firstRange(of: "/" + key + "/") else { return nil }
        var value = text[start.upperBound...]
        // The next `/WORD/` ends it (`//` inside a value, as in `USTD//`, does not).
        var i = value.startIndex
        while i < value.endIndex {
            if value[i] == "/", i > value.startIndex, value[value.index(before: i)] != "/" {
                let after = value[value.index(after: i)...]
                let word = after.prefix { $0.isUppercase }
                if word.count >= 3, after.dropFirst(word.count).first == "/" { break }
            }
            i = value.index(after: i)
        }
        value = value[..<i]
        while value.hasSuffix("/") { value = value.dropLast() }
        return String(value)
    }
}
