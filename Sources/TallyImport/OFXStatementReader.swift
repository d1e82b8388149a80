import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Reads OFX and QFX statements, both 1.x (SGML: a `KEY:VALUE` header, then tags whose
/// leaf elements are never closed) and 2.x (XML). One tolerant scanner serves both:
/// an element's value is the text after its start tag, up to the next tag.
///
/// Movements are the `<STMTTRN>` blocks of bank and credit-card statements: `DTPOSTED`,
/// `TRNAMT`, `FITID`, `NAME` (or `PAYEE`) and `MEMO`. `CURDEF` is the currency;
/// `LEDGERBAL` (`BALAMT` at `DTASOF`) the closing balance; the first `ACCTID` the account.
public enum OFXStatementReader {
    /// True when the text looks like OFX.
    public static func recognises(_ text: String) -> Bool {
        let head = text.prefix(2000).uppercased()
        return head.contains("OFXHEADER") || head.contains("<OFX>")
    }

    /// The encoding a 1.x header declares (`CHARSET:1252`), if any.
    public static func declaredEncoding(_ bytes: [UInt8]) -> StatementEncoding? {
        let head = String(decoding: bytes.prefix(1000), as: UTF8.self).uppercased()
        if head.contains("ENCODING:UTF-8") || head.contains("ENCODING=\"UTF-8\"") { return .utf8 }
        guard let range = head.firstRange(of: "CHARSET:") else { return nil }
        let value = head[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        switch value {
        case "1252": return .windows1252
        case "1250": return .windows1250
        case "ISO-8859-1", "8859-1": return .iso8859_1
        case "NONE", "": return nil
        default: return StatementEncoding(name: String(value))
        }
    }

    private struct Tag {
        let name: String
        let closing: Bool
        let position: StatementPosition
        /// The text after the tag, up to the next one.
        let value: String
    }

    /// Every statement of `text`, in file order: each `<STMTRS>` (a bank account's) and
    /// `<CCSTMTRS>` (a credit card's) with its own account, currency, movements and
    /// balance. A file cut short (no `</OFX>` at its end: an interrupted download, or a
    /// statement cut after some of its movements) is refused whole.
    public static func readAll(_ text: String, path: String) throws(StatementError) -> [Statement] {
        let tags = try scan(text, path: path)
        guard tags.contains(where: { $0.name == "OFX" && $0.closing }) else {
            throw StatementError(
                path: path, position: StatementEncoding.position(after: text),
                message: "the file ends before </OFX>: it is cut short (an interrupted download?), so movements may be missing; download it again")
        }
        let starts = tags.indices.filter { !tags[$0].closing && (tags[$0].name == "STMTRS" || tags[$0].name == "CCSTMTRS") }
        guard !starts.isEmpty else { return [try statement(tags[...], path: path)] }
        var statements: [Statement] = []
        for (n, start) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : tags.endIndex
            statements.append(try statement(tags[start ..< end], path: path))
        }
        return statements
    }

    /// The statement of one `<STMTRS>` or `<CCSTMTRS>` (or of a whole file without one).
    private static func statement(_ tags: ArraySlice<Tag>, path: String) throws(StatementError) -> Statement {
        var rows: [StatementRow] = []
        var currency: String?
        var account: String?
        var closing: Money?, closingDate: CivilDate?
        var current: [String: (String, StatementPosition)]?
        var start = StatementPosition(line: 1, column: 1)
        var inLedger = false
        var ledger: [String: (String, StatementPosition)] = [:]
        for tag in tags {
            switch (tag.name, tag.closing) {
            case ("STMTTRN", false):
                if let fields = current { rows.append(try row(fields, start: start, path: path)) }
                current = [:]
                start = tag.position
            case ("STMTTRN", true):
                if let fields = current { rows.append(try row(fields, start: start, path: path)) }
                current = nil
            case ("LEDGERBAL", false): inLedger = true
            case ("LEDGERBAL", true): inLedger = false
            case (_, false):
                if tag.name == "CURDEF", currency == nil, !tag.value.isEmpty { currency = tag.value.uppercased() }
                if tag.name == "ACCTID", account == nil, !tag.value.isEmpty { account = tag.value }
                if current != nil, current?[tag.name] == nil { current?[tag.name] = (tag.value, tag.position) }
                if inLedger { ledger[tag.name] = (tag.value, tag.position) }
                // In SGML a new STMTTRN or the end of the list closes an open one.
                if tag.name == "BANKTRANLIST" || tag.name == "LEDGERBAL" || tag.name == "AVAILBAL" {
                    if let fields = current { rows.append(try row(fields, start: start, path: path)); current = nil }
                }
            case (_, true):
                if tag.name == "BANKTRANLIST", let fields = current { rows.append(try row(fields, start: start, path: path)); current = nil }
            }
        }
        // An empty <BALAMT> (as some converters write) states no balance: nothing to assert.
        if let (text, position) = ledger["BALAMT"], !text.isEmpty {
            guard let amount = AmountText.parse(text, mark: text.contains(",") && !text.contains(".") ? .comma : .point) else {
                throw StatementError(path: path, position: position, message: "`\(text)` in <BALAMT> is not an amount")
            }
            closing = amount
            if let (dateText, datePosition) = ledger["DTASOF"] {
                guard let date = DateFormat.compact.parse(dateText) else {
                    throw StatementError(path: path, position: datePosition, message: "`\(dateText)` in <DTASOF> is not a date (YYYYMMDD)")
                }
                closingDate = date
            }
        }
        if rows.isEmpty && !tags.contains(where: { $0.name == "BANKTRANLIST" }) {
            throw StatementError(path: path, position: nil, message: "no <BANKTRANLIST> of movements in this OFX file")
        }
        rows.sort { $0.date < $1.date }  // stable: same-day rows keep the file's order
        var statement = Statement(path: path, format: .ofx, rows: rows, currency: currency)
        statement.account = account
        if let closing {
            statement.closingBalance = closing
            // Without DTASOF the balance is as of the last movement.
            statement.closingDate = closingDate ?? rows.last?.date
        }
        return statement
    }

    private static func row(_ fields: [String: (String, StatementPosition)], start: StatementPosition, path: String) throws(StatementError) -> StatementRow {
        guard let (dateText, datePosition) = fields["DTPOSTED"] ?? fields["DTUSER"] else {
            throw StatementError(path: path, position: start, message: "this <STMTTRN> has no <DTPOSTED>")
        }
        guard let date = DateFormat.compact.parse(dateText) else {
            throw StatementError(path: path, position: datePosition, message: "`\(dateText)` in <DTPOSTED> is not a date (YYYYMMDD)")
        }
        guard let (amountText, amountPosition) = fields["TRNAMT"] else {
            throw StatementError(path: path, position: start, message: "this <STMTTRN> has no <TRNAMT>")
        }
        guard let amount = AmountText.parse(amountText, mark: amountText.contains(",") && !amountText.contains(".") ? .comma : .point) else {
            throw StatementError(path: path, position: amountPosition, message: "`\(amountText)` in <TRNAMT> is not an amount")
        }
        func value(_ key: String) -> String? {
            guard let v = fields[key]?.0, !v.isEmpty else { return nil }
            return v
        }
        return StatementRow(
            date: date, amount: amount, payee: value("NAME") ?? value("PAYEE"), description: value("MEMO"),
            bankID: value("FITID"), position: start)
    }

    /// The tags of the text in order, with the text that follows each (entities decoded).
    private static func scan(_ text: String, path: String) throws(StatementError) -> [Tag] {
        var tags: [Tag] = []
        let chars = Array(text)
        var i = 0, line = 1, column = 1
        func advance(_ c: Character) {
            if c == "\n" || c == "\r" || c == "\r\n" { line += 1; column = 1 } else { column += 1 }
        }
        while i < chars.count {
            guard chars[i] == "<" else { advance(chars[i]); i += 1; continue }
            let position = StatementPosition(line: line, column: column, element: nil)
            var j = i + 1
            while j < chars.count && chars[j] != ">" && chars[j] != "<" { j += 1 }
            guard j < chars.count, chars[j] == ">" else {
                throw StatementError(path: path, position: position, message: "a tag opened here is never closed with `>`")
            }
            let inside = String(chars[(i + 1) ..< j])
            for c in chars[i ... j] { advance(c) }
            i = j + 1
            // Declarations, processing instructions and comments carry no data.
            if inside.hasPrefix("?") || inside.hasPrefix("!") { continue }
            let closing = inside.hasPrefix("/")
            let name = String((closing ? inside.dropFirst() : Substring(inside)).prefix { !$0.isWhitespace && $0 != "/" }).uppercased()
            // A value ends at the next tag or at the end of its line: an SGML leaf is never
            // closed, and what follows it on the next line (a header line, say) is not its.
            // An XML element closed by its own end tag keeps every line (lines as spaces).
            var k = i
            while k < chars.count && chars[k] != "<" && !chars[k].isNewline { k += 1 }
            var text = String(chars[i ..< k])
            if k < chars.count, chars[k].isNewline, !closing {
                var end = k
                while end < chars.count && chars[end] != "<" { end += 1 }
                let close = Array("</" + name)
                if end + close.count <= chars.count, chars[end ..< end + close.count].map({ $0.uppercased() }).joined() == String(close) {
                    text = String(chars[i ..< end]).split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " ")
                }
            }
            let value = closing ? "" : decodeEntities(text.trimmingWhitespace)
            tags.append(Tag(name: name, closing: closing, position: StatementPosition(line: position.line, column: position.column, element: name), value: value))
        }
        return tags
    }

    /// `s` with its character references decoded: the five XML entities and numeric
    /// ones (`&#48;`, `&#x30;`). Any other `&name;` (`&eacute;`, as SGML files write) is
    /// kept as it is written: the file declares no entities (a declaration is refused),
    /// so nothing stands behind it, and nothing is dropped.
    private static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let name = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
            let known = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"][String(name)]
            guard !name.isEmpty, after.dropFirst(name.count).first == ";", let text = known ?? numericReference(name).map(String.init) else {
                out.append("&")
                rest = after
                continue
            }
            out += text
            rest = after.dropFirst(name.count + 1)
        }
        return out + rest
    }

    /// The character of `#48` or `#x30`, or nil.
    private static func numericReference(_ name: Substring) -> Unicode.Scalar? {
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
