import TallyCore
import TallySyntax

/// How a journal writes each commodity, as hledger 1.25 shows it: a `commodity`
/// directive's format (`commodity $1,000.00`, `commodity 1.000,00 EUR`), else the
/// symbol's side and space of its first amount, the digit group mark of its first amount
/// with digit groups, the decimal mark of its first amount with one. `tally convert`
/// keeps it below the `currency` line (`commodity: "$1,000.00"`) when it is not
/// `1000.00 CODE`, so that `tally export` writes amounts the peer shows as before.
struct CommodityStyles {
    struct Style {
        var symbolFirst = false
        var spaced = true
        var decimal: UInt8?
        var group: UInt8?
        /// A `commodity` directive's format: it decides everything.
        var declared: String?
    }

    private(set) var styles: [String: Style] = [:]
    /// The commodities in the order they were first seen.
    private(set) var symbols: [String] = []
    /// The commodity of the last amount seen, when nothing more can be learned of it
    /// from an amount with fewer than two marks (most amounts: no lookup).
    private var settled: String?

    /// A `commodity` directive's format (the text after `commodity`).
    mutating func declare(_ commodity: String, format: String) {
        if styles[commodity] == nil { symbols.append(commodity) }
        styles[commodity, default: Style()].declared = format.trimmingSpaces()
        if settled == commodity { settled = nil }
    }

    /// Adds what another file of the journal says of commodities this one has not seen.
    mutating func merge(_ other: CommodityStyles) {
        for symbol in other.symbols where styles[symbol] == nil { symbols.append(symbol) }
        styles.merge(other.styles) { first, _ in first }
    }

    /// Learns from an amount as written (`$1,234.56`, `-5,20 EUR`).
    mutating func note(_ text: JournalBytes, _ commodity: String, declaredMark: UInt8?) {
        var marks = 0, lastMark: UInt8 = 0, commas = 0
        var firstDigit: Int?, symbolAt: Int?, spaceBetween = false
        for i in text.indices {
            let b = text[i]
            if ASCII.isDigit(b) {
                if firstDigit == nil { firstDigit = i }
            } else if b == ASCII.dot || b == ASCII.comma {
                marks += 1
                lastMark = b
                if b == ASCII.comma { commas += 1 }
            } else if b == ASCII.space || b == ASCII.tab {
                if (symbolAt != nil) != (firstDigit != nil) { spaceBetween = true }
            } else if b != ASCII.minus && b != ASCII.plus, symbolAt == nil {
                symbolAt = i
            }
        }
        if settled == commodity && marks < 2 { return }
        var style = styles[commodity] ?? Style()
        if style.declared == nil {
            if styles[commodity] == nil, let firstDigit {
                style.symbolFirst = symbolAt.map { $0 < firstDigit } ?? false
                style.spaced = spaceBetween
            }
            // One mark is the decimal mark (unless declared the other way); two kinds,
            // the last is; one kind several times groups digits.
            var decimal: UInt8?, group: UInt8?
            if marks == 1 {
                if let declaredMark, declaredMark != lastMark { group = lastMark } else { decimal = lastMark }
            } else if marks >= 2 {
                if commas > 0 && commas < marks { decimal = lastMark; group = lastMark == ASCII.comma ? ASCII.dot : ASCII.comma } else { group = lastMark }
            }
            if style.decimal == nil { style.decimal = decimal }
            if style.group == nil { style.group = group }
        }
        if styles[commodity] == nil { symbols.append(commodity) }
        styles[commodity] = style
        settled = style.declared != nil || style.decimal != nil ? commodity : nil
    }

    /// The format hledger shows `commodity` in (`$1,000.00`, `1.000,00 EUR`) with
    /// `decimals` places, or nil when it is `1000.00 CODE` (what the export writes anyway).
    func format(_ commodity: String, code: String, decimals: Int) -> String? {
        guard let style = styles[commodity] else { return nil }
        let plain = "1000" + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "") + " " + code
        if let declared = style.declared { return declared == plain ? nil : declared }
        let mark = style.decimal.map { String(UnicodeScalar($0)) } ?? "."
        let number = "1" + (style.group.map { String(UnicodeScalar($0)) } ?? "") + "000" + (decimals > 0 ? mark + String(repeating: "0", count: decimals) : "")
        let symbol = CommodityStyles.quoted(commodity)
        let text = style.symbolFirst ? symbol + (style.spaced ? " " : "") + number : number + (style.spaced ? " " : "") + symbol
        return text == plain ? nil : text
    }

    /// `1000.00 SYMBOL`, the symbol quoted where hledger and ledger need it.
    static func plainFormat(_ commodity: String, decimals: Int) -> String {
        "1000" + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "") + " " + quoted(commodity)
    }

    /// A symbol as hledger and ledger write it: quoted when it holds a digit, a space,
    /// a sign, a dot or a comma (`"HOOL.UNVEST"`).
    static func quoted(_ commodity: String) -> String {
        commodity.utf8.contains(where: { ASCII.isDigit($0) || [ASCII.space, ASCII.minus, ASCII.plus, ASCII.dot, ASCII.comma].contains($0) }) ? "\"\(commodity)\"" : commodity
    }
}
