import TallyCore

/// How hledger and ledger journals write a currency's amounts, from the format a
/// converted budget keeps on its `currency` line (`commodity: "$1,000.00"`, `commodity:
/// "1.000,00 EUR"`): the symbol, its side and space, and the decimal mark. The export
/// declares the format (`commodity $1,000.00`, which sets how hledger shows the amounts,
/// digit groups included) and writes each amount with that symbol and decimal mark.
struct AmountStyle {
    /// The format as kept, for the `commodity` directive.
    let format: String
    /// The symbol as the journal writes it (quoted if it was).
    let symbol: String
    let symbolFirst: Bool
    let spaced: Bool
    let decimalComma: Bool
    /// Whether the format groups digits (`1,000.00`, `1.000,00`): the mark that is not
    /// the decimal mark appears in its number.
    let grouped: Bool

    /// nil when `format` has no number or no symbol.
    init?(_ format: String) {
        var bytes = Array(format.utf8)
        // A quoted symbol (`1000.00 "HOOL.UNVEST"`) may hold digits and marks: it stands
        // aside (one letter in its place) while the number is read.
        var quoted: String?
        if let open = bytes.firstIndex(of: 34), let close = bytes.lastIndex(of: 34), close > open + 1 {
            quoted = String(decoding: bytes[open ... close], as: UTF8.self)
            bytes.replaceSubrange(open ... close, with: [UInt8(ascii: "Q")])
        }
        func isNumber(_ b: UInt8) -> Bool { ASCII.isDigit(b) || b == ASCII.dot || b == ASCII.comma }
        guard let first = bytes.firstIndex(where: isNumber), let last = bytes.lastIndex(where: isNumber) else { return nil }
        let before = String(decoding: bytes[..<first], as: UTF8.self), after = String(decoding: bytes[(last + 1)...], as: UTF8.self)
        let symbolText = before.trimmingSpaces().isEmpty ? after : before
        symbol = quoted ?? symbolText.trimmingSpaces()
        guard !symbol.isEmpty, !bytes[first ... last].contains(ASCII.space) else { return nil }
        self.format = format
        symbolFirst = symbolText == before
        spaced = symbolFirst ? before.hasSuffix(" ") : after.hasPrefix(" ")
        decimalComma = DecimalMarks.declaredByFormat(bytes[first ... last]) == ASCII.comma
        grouped = bytes[first ... last].contains(decimalComma ? ASCII.dot : ASCII.comma)
    }

    /// The format as ledger's `format` subdirective takes it: without a decimal mark that
    /// no digit follows (hledger's `commodity 1. VWCE`, whole units shown with a mark),
    /// which ledger cannot read as a sample amount.
    var ledgerFormat: String {
        var bytes = Array(format.utf8)
        // A quoted symbol's dots (`"HOOL.UNVEST"`) are no decimal mark.
        let open = bytes.firstIndex(of: 34) ?? bytes.count, close = bytes.lastIndex(of: 34) ?? bytes.count
        guard
            let last = bytes.indices.last(where: { ($0 < open || $0 > close) && (ASCII.isDigit(bytes[$0]) || bytes[$0] == ASCII.dot || bytes[$0] == ASCII.comma) }),
            bytes[last] == ASCII.dot || bytes[last] == ASCII.comma
        else { return format }
        bytes.remove(at: last)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `number` (`-1234.56`, as `Money.formatted` writes it) in this style: `$-1234.56`,
    /// `-1234,56 EUR`; with `grouping`, the whole part in groups of three where the
    /// format has them (`1,150.00`), because hledger 1.25 shows a goal as it is written.
    func write(_ number: String, grouping: Bool = false) -> String {
        let negative = number.hasPrefix("-")
        let digits = negative ? number.dropFirst() : Substring(number)
        let whole = digits.prefix { $0 != "." }
        var text = negative ? "-" : ""
        for (i, digit) in whole.enumerated() {
            if grouping && grouped && i > 0 && (whole.count - i) % 3 == 0 { text += decimalComma ? "." : "," }
            text.append(digit)
        }
        let fraction = digits.dropFirst(whole.count)
        text += decimalComma ? fraction.replacingText(".", with: ",") : String(fraction)
        let space = spaced ? " " : ""
        return symbolFirst ? symbol + space + text : text + space + symbol
    }
}
