import TallyCore
import TallySyntax

/// Reads SWIFT MT940 customer statements, as European banks still export them: fields
/// that start a line with `:TAG:` and run on over the lines after it, one statement
/// per `:20:` … `-` block (a file often holds one per day).
///
/// `:25:` is the account (an IBAN or `BLZ/Konto`; a currency code after an IBAN is
/// dropped), `:60F:`/`:60M:` the opening balance and its currency, `:62F:` the closing
/// balance (`:62M:`, the end of one part of a longer statement, is no day's end). Each
/// `:61:` is a movement: value date `YYMMDD`, optional booking date `MMDD` (the date
/// used), the mark (`D` out, `C` in, `RD` and `RC` their reversals), an optional funds
/// code, the amount with a decimal comma, the transaction type and the references; the
/// bank's reference after `//` is the id (`NONREF` is none). The `:86:` after it says the
/// rest, in one of two dialects:
/// - German banks' structured text (`?00` booking text, `?20`–`?29` and `?60`–`?63` the
///   purpose, `?32`–`?33` the counterparty), its lines joined as written;
/// - free text (Dutch, Austrian, Swiss banks), kept whole as the description, with the
///   counterparty taken from `/NAME/` where the text has such keywords (`/REMI/` is then
///   the purpose).
public enum MT940StatementReader {
    /// True when the text has MT940's statement fields: `:20:` and an opening balance.
    public static func recognises(_ text: String) -> Bool {
        let head = text.prefix(4000)
        return head.contains(":20:") && (head.contains(":60F:") || head.contains(":60M:")) && !head.contains(":34F:")
    }

    /// One field: its tag, text (continuation lines joined by line breaks) and place.
    struct Field {
        let tag: String
        var text: String
        let position: StatementPosition
    }

    public static func readAll(_ text: String, path: String) throws(StatementError) -> [Statement] {
        var statements: [Statement] = []
        var current: Statement?
        var pending: (row: StatementRow, hasDetails: Bool)?
        func flushRow() {
            if let row = pending?.row { current?.rows.append(row) }
            pending = nil
        }
        func flushStatement() {
            flushRow()
            guard var statement = current else { return }
            current = nil
            statement.rows.sort { $0.date < $1.date }
            if let i = statements.firstIndex(where: { $0.account == statement.account }) {
                statements[i].rows += statement.rows
                statements[i].rows.sort { $0.date < $1.date }
                if statement.closingBalance != nil {
                    statements[i].closingBalance = statement.closingBalance
                    statements[i].closingDate = statement.closingDate
                }
            } else {
                statements.append(statement)
            }
        }
        for field in fields(text) {
            switch field.tag {
            case "20":
                flushStatement()
                current = Statement(path: path, format: .mt940, rows: [])
            case "25":
                current?.account = account(field.text)
            case "60F", "60M":
                let (_, _, currency) = try balance(field, path: path)
                current?.currency = currency
            case "61":
                flushRow()
                guard current != nil else { throw StatementError(path: path, position: field.position, message: "a :61: movement before the statement's :20:") }
                pending = (try movement(field, path: path), false)
            case "86":
                guard var row = pending?.row, pending?.hasDetails == false else { continue }
                let (payee, description) = details(field.text)
                row.payee = payee
                row.description = description
                pending = (row, true)
            case "62F":
                flushRow()
                let (amount, date, _) = try balance(field, path: path)
                current?.closingBalance = amount
                current?.closingDate = date
            case "-":
                flushStatement()
            default:
                continue
            }
        }
        flushStatement()
        guard !statements.isEmpty else {
            throw StatementError(path: path, position: nil, message: "no :20: statement in this MT940 file")
        }
        return statements
    }

    /// The fields of `text`, each with the lines that continue it. A line `-` (or `-}`)
    /// ends a statement; the SWIFT envelope around it (`{1:…}{4:`) is skipped.
    static func fields(_ text: String) -> [Field] {
        var fields: [Field] = []
        for (n, rawLine) in text.statementLines.enumerated() {
            let line = rawLine.hasPrefix("{") && rawLine.contains(":20:") ? rawLine[rawLine.firstRange(of: ":20:")!.lowerBound...] : rawLine
            if line.hasPrefix(":"), let close = line.dropFirst().firstIndex(of: ":") {
                let tag = String(line[line.index(after: line.startIndex) ..< close])
                if (2 ... 3).contains(tag.count), tag.first!.isNumber {
                    fields.append(Field(tag: tag, text: String(line[line.index(after: close)...]), position: StatementPosition(line: n + 1, column: 1, element: tag)))
                    continue
                }
            }
            if line == "-" || line == "-}" {
                fields.append(Field(tag: "-", text: "", position: StatementPosition(line: n + 1, column: 1)))
            } else if !fields.isEmpty, fields[fields.count - 1].tag != "-" {
                fields[fields.count - 1].text += "\n" + line
            }
        }
        return fields
    }

    /// The account of a `:25:` field: an IBAN without the currency some banks write after
    /// it (`NL91ABNA0417164300EUR`), or the text as written (`37040044/0532013000`).
    static func account(_ text: String) -> String {
        let value = text.trimmingWhitespace
        let letters = value.suffix(3)
        if value.count > 18, value.prefix(2).allSatisfy(\.isLetter), letters.allSatisfy({ $0.isASCII && $0.isUppercase }),
            value.dropLast(3).last?.isNumber == true
        {
            return String(value.dropLast(3))
        }
        return value
    }

    /// A balance field: `C` or `D`, `YYMMDD`, the currency and the amount (`C260331EUR5072,63`).
    static func balance(_ field: Field, path: String) throws(StatementError) -> (Money, CivilDate, String) {
        let text = Array(field.text.trimmingWhitespace)
        guard text.count > 10, text[0] == "C" || text[0] == "D", let date = date(String(text[1 ..< 7])),
            let amount = AmountText.parse(String(text[10...]), mark: .comma)
        else {
            throw StatementError(path: path, position: field.position, message: "`\(field.text)` in :\(field.tag): is not a balance (C or D, YYMMDD, currency, amount)")
        }
        return (text[0] == "D" ? amount.negated : amount, date, String(text[7 ..< 10]))
    }

    /// A date written `YYMMDD` (the years 2000–2099 that statements are of).
    static func date(_ text: String) -> CivilDate? {
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text) else { return nil }
        return CivilDate(year: 2000 + n / 10000, month: n / 100 % 100, day: n % 100)
    }
}
