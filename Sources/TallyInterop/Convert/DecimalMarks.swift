import TallyCore

/// Which mark ends a number's integer part, as hledger and ledger decide it: what the
/// journal declares (hledger's `decimal-mark`, then a `commodity` directive's format for
/// the amount's commodity), else the number's own marks, read as both peers read them.
/// Where the peers read the same text differently (`1,000` is 1 in hledger and 1000 in
/// ledger), the number is a doubt: it is listed, never guessed.
struct DecimalMarks {
    /// hledger's `decimal-mark` directive, for every commodity.
    var all: UInt8?
    /// The decimal mark of each commodity a `commodity` directive declared with a format
    /// (`commodity 1.000,00 EUR`).
    var perCommodity: [String: UInt8] = [:]

    /// The declared decimal mark of `commodity`: hledger's `decimal-mark` first, as
    /// hledger suggests a number's style, then the commodity's format.
    func declared(for commodity: String) -> UInt8? {
        if let all { return all }
        return perCommodity.isEmpty ? nil : perCommodity[commodity]
    }

    /// Only periods as decimal marks and commas as digit groups: beancount's numbers.
    static let periodOnly = DecimalMarks(all: ASCII.dot)

    /// What a number's text (digits, `.` and `,` only) means.
    enum Reading {
        case number(Money)
        /// A number the peers read differently, or that one of them refuses: why.
        case doubt(String)
    }

    /// The number `text` means with `declared` as its decimal mark (the other mark then
    /// groups digits), or, undeclared, by the marks it has: a mark that comes last after
    /// the other is the decimal mark; a comma alone, once, before other than three digits
    /// is one (`54,20`), and so is a period alone, once (`1.000` is 1 in both peers); a
    /// comma alone several times groups digits (`1,000,000`). A comma alone, once, before
    /// three digits (`1,000`: hledger reads 1, ledger 1000) and a period alone several
    /// times (`1.000.000`: hledger reads a million, ledger refuses it) are doubts.
    static func reading(_ text: ArraySlice<UInt8>, declared: UInt8?) -> Reading? {
        var commas = 0, periods = 0, lastComma = -1, lastPeriod = -1, firstComma = -1, firstPeriod = -1
        for i in text.indices {
            if text[i] == ASCII.comma {
                commas += 1
                lastComma = i
                if firstComma < 0 { firstComma = i }
            } else if text[i] == ASCII.dot {
                periods += 1
                lastPeriod = i
                if firstPeriod < 0 { firstPeriod = i }
            }
        }
        let decimal: UInt8?
        if let declared {
            let (count, last, otherLast) = declared == ASCII.comma ? (commas, lastComma, lastPeriod) : (periods, lastPeriod, lastComma)
            guard count <= 1, count == 0 || otherLast < last else {
                return .doubt("`\(text.string)` has digit groups after its decimal mark, or several decimal marks")
            }
            decimal = count == 1 ? declared : nil
        } else if commas > 0 && periods > 0 {
            let commaLast = lastComma > lastPeriod
            let (count, otherFirst, last) = commaLast ? (commas, firstPeriod, lastComma) : (periods, firstComma, lastPeriod)
            guard count == 1, otherFirst < last else { return .doubt("`\(text.string)` mixes its marks so that neither is the decimal mark") }
            decimal = commaLast ? ASCII.comma : ASCII.dot
        } else if commas == 1 {
            guard text.endIndex - lastComma - 1 != 3 else {
                return .doubt(
                    "`\(text.string)` is ambiguous: hledger reads the comma as a decimal mark, ledger as a digit group mark; declare it (`commodity 1,000.00 EUR` or `commodity 1.000,00 EUR`)"
                )
            }
            decimal = ASCII.comma
        } else if periods > 1 {
            return .doubt(
                "`\(text.string)` is ambiguous: hledger reads the periods as digit group marks, ledger refuses them; declare the decimal mark (`commodity 1.000,00 EUR`)")
        } else {
            decimal = periods == 1 ? ASCII.dot : nil  // several commas group digits
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        for b in text {
            if b == decimal {
                bytes.append(ASCII.dot)
            } else if ASCII.isDigit(b) {
                bytes.append(b)
            }
        }
        return Money(utf8: bytes[...]).map(Reading.number)
    }

    /// The decimal mark a commodity directive's format declares (`1.000,00 EUR` a comma,
    /// `$1,000.00` a period, `1000,00 EUR` a comma), nil when it has no mark or only one
    /// before three digits (`1,000`), which says nothing for certain.
    static func declaredByFormat(_ number: ArraySlice<UInt8>) -> UInt8? {
        guard let last = number.lastIndex(where: { $0 == ASCII.comma || $0 == ASCII.dot }) else { return nil }
        let mark = number[last]
        let other = mark == ASCII.comma ? ASCII.dot : ASCII.comma
        if number[..<last].contains(other) || number[..<last].contains(mark) { return number[..<last].contains(mark) ? other : mark }
        return number.endIndex - last - 1 == 3 ? nil : mark
    }
}
