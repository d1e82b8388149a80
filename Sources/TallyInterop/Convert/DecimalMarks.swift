import TallyCore

/// Which mark ends a number's integer part, as hledger and ledger decide it: what the
/// journal declares (hledger's `decimal-mark`, then a `commodity` directive's format for
/// the amount's commodity), else the number's own marks, read as both peers read them.
/// Where the peers read the same text differently (`1,000` is 1 in hledger and 1000 in
/// ledger; after `1.234,56 EUR`, ledger reads `1.000 EUR` as 1000 and hledger as 1), the
/// number is a doubt: it is listed, never guessed.
struct DecimalMarks {
    /// hledger's `decimal-mark` directive, for every commodity.
    var all: UInt8?
    /// The decimal mark of each commodity a `commodity` directive declared with a format
    /// (`commodity 1.000,00 EUR`).
    var perCommodity: [String: UInt8] = [:] {
        didSet { lastAsked = nil }
    }

    /// The declared decimal mark of `commodity`: hledger's `decimal-mark` first, as
    /// hledger suggests a number's style, then the commodity's format.
    func declared(for commodity: String) -> UInt8? {
        if let all { return all }
        return perCommodity.isEmpty ? nil : perCommodity[commodity]
    }

    /// The last commodity ``declared(for:)`` was asked through ``declaredMark(for:)``, and
    /// its answer: most amounts are in the commodity of the one before, and comparing
    /// two short strings costs less than hashing one.
    private var lastAsked: (commodity: String, mark: UInt8?)?

    /// ``declared(for:)``, remembered for the commodity asked last.
    mutating func declaredMark(for commodity: String) -> UInt8? {
        if let all { return all }
        if perCommodity.isEmpty { return nil }
        if let last = lastAsked, last.commodity == commodity { return last.mark }
        let mark = perCommodity[commodity]
        lastAsked = (commodity, mark)
        return mark
    }

    /// Only periods as decimal marks and commas as digit groups: beancount's numbers.
    static let periodOnly = DecimalMarks(all: ASCII.dot)

    /// The commodities ledger has seen with a decimal comma and no declaration: ledger
    /// reads their later amounts with a comma as the decimal mark (after `1.234,56 EUR`,
    /// `1.000 EUR` is 1000 in ledger), where hledger does not learn.
    var ledgerCommas: Set<String> = []

    /// What a number's text (digits, `.` and `,` only) means.
    enum Reading {
        case number(Money)
        /// A number the peers read differently, or that one of them refuses: why.
        case doubt(String)
    }

    /// The number `text` of `commodity` means: with its declared decimal mark, as
    /// declared (the other mark groups digits); undeclared, as hledger and ledger both
    /// read it, or a doubt where they part (``hledgerMark(_:)``, ``ledgerMark(_:_:)``).
    /// Nil when neither peer reads it as a number.
    mutating func reading(_ text: ArraySlice<UInt8>, of commodity: String) -> Reading? {
        if let declared = declared(for: commodity) {
            guard let value = DecimalMarks.value(text, decimal: declared) else {
                return .doubt("`\(text.string)` has digit groups after its decimal mark, or several decimal marks")
            }
            return .number(value)
        }
        let learned = ledgerCommas.contains(commodity)
        let ledgerDecimal = DecimalMarks.ledgerMark(text, learned)
        let hledger = DecimalMarks.hledgerMark(text).flatMap { DecimalMarks.value(text, decimal: $0) }
        let ledger = ledgerDecimal.flatMap { DecimalMarks.value(text, decimal: $0) }
        if ledgerDecimal == ASCII.comma && text.contains(ASCII.comma) { ledgerCommas.insert(commodity) }
        if let hledger, let ledger, hledger.adding(ledger.negated)?.isZero == true { return .number(hledger) }
        guard hledger != nil || ledger != nil else { return nil }
        // The figures without trailing zeros: `1.000` would read as a thousand to some.
        func said(_ value: Money?) -> String {
            guard var text = value.map({ "\($0)" }) else { return "an error" }
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text
        }
        return .doubt(
            "`\(text.string)` is ambiguous: hledger reads \(said(hledger)), ledger \(said(ledger))\(learned ? " (it has read the commodity with a decimal comma before)" : ""); a `commodity` directive with a format (`commodity 1.000,00 EUR`) declares the decimal mark"
        )
    }

    /// The decimal mark hledger 1.25 reads in an undeclared number (`0` for none): the
    /// last mark when there are both; a mark alone, once, whatever follows it (its
    /// documented rule for `1,000` and `1.000`); none when a mark alone comes several
    /// times (digit groups).
    static func hledgerMark(_ text: ArraySlice<UInt8>) -> UInt8? {
        let (commas, periods, last) = counts(text)
        if commas > 0 && periods > 0 { return last }
        if commas == 1 { return ASCII.comma }
        if periods == 1 { return ASCII.dot }
        return 0
    }

    /// The decimal mark ledger 3.3 reads in an undeclared number (`0` for none, nil when
    /// it refuses the number): a comma once the commodity was read with one (`learned`);
    /// else the last mark when there are both; a comma alone, once, unless three digits
    /// follow it (`1,000` is a thousand); a period alone, once; commas alone several
    /// times group digits; periods alone several times it refuses.
    static func ledgerMark(_ text: ArraySlice<UInt8>, _ learned: Bool) -> UInt8? {
        let (commas, periods, last) = counts(text)
        if learned {
            // Periods group digits in threes; a period after the comma is refused.
            if commas > 1 || (commas == 1 && last == ASCII.dot) { return nil }
            if periods > 0 && !groupsOfThree(text, ASCII.dot) { return nil }
            return commas == 1 ? ASCII.comma : 0
        }
        if commas > 0 && periods > 0 { return last }
        if commas == 1 { return text.endIndex - 1 - text.lastIndex(of: ASCII.comma)! == 3 ? 0 : ASCII.comma }
        if periods == 1 { return ASCII.dot }
        if periods > 1 { return nil }
        return 0
    }

    /// How many commas and periods a number has, and which of the two comes last.
    private static func counts(_ text: ArraySlice<UInt8>) -> (commas: Int, periods: Int, last: UInt8) {
        var commas = 0, periods = 0, last: UInt8 = 0
        for b in text {
            if b == ASCII.comma { commas += 1; last = b } else if b == ASCII.dot { periods += 1; last = b }
        }
        return (commas, periods, last)
    }

    /// Whether every group after a `mark` before the decimal comma has three digits.
    private static func groupsOfThree(_ text: ArraySlice<UInt8>, _ mark: UInt8) -> Bool {
        let integer = text.prefix { $0 != ASCII.comma }
        let groups = integer.split(separator: mark, omittingEmptySubsequences: false)
        return groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    /// The number with `decimal` as its decimal mark (`0`: none) and the other mark
    /// grouping digits; nil with several decimal marks or a group mark after one.
    static func value(_ text: ArraySlice<UInt8>, decimal: UInt8) -> Money? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var seenDecimal = false
        for b in text {
            if ASCII.isDigit(b) {
                bytes.append(b)
            } else if b == decimal {
                guard !seenDecimal else { return nil }
                seenDecimal = true
                bytes.append(ASCII.dot)
            } else if seenDecimal {
                return nil  // a group mark after the decimal mark
            }
        }
        return Money(utf8: bytes[...])
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
