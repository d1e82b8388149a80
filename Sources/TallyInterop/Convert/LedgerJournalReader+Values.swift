import TallyCore
import TallySyntax

/// The values in a journal's lines: dates and amounts as hledger and ledger write them.
extension LedgerJournalReader {
    /// `2026-01-31`, `2026/01/31` or `2026.01.31`, month and day with or without zeros.
    static func date(_ text: String) -> CivilDate? { date(ArraySlice(text.utf8)) }

    /// ``date(_:)-(String)`` on bytes: three numbers (each as `Int` reads it, a `+` allowed)
    /// between `-`, `/` or `.` (repeated separators count as one), the year four digits.
    static func date(_ text: JournalBytes) -> CivilDate? {
        var numbers = (0, 0, 0)
        var count = 0
        var i = text.startIndex
        while i < text.endIndex {
            let b = text[i]
            if b == ASCII.minus || b == ASCII.slash || b == ASCII.dot { i += 1; continue }
            let start = i
            while i < text.endIndex, text[i] != ASCII.minus, text[i] != ASCII.slash, text[i] != ASCII.dot { i += 1 }
            count += 1
            guard count <= 3, let n = integer(text[start ..< i]) else { return nil }
            switch count {
            case 1:
                guard i - start == 4 else { return nil }
                numbers.0 = n
            case 2: numbers.1 = n
            default: numbers.2 = n
            }
        }
        guard count == 3 else { return nil }
        return CivilDate(year: numbers.0, month: numbers.1, day: numbers.2)
    }

    /// A decimal number as `Int(_:)` reads it: an optional sign and ASCII digits.
    private static func integer(_ text: JournalBytes) -> Int? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == ASCII.plus || sign == ASCII.minus { negative = sign == ASCII.minus; digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for b in digits {
            guard ASCII.isDigit(b) else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = negative ? times.subtractingReportingOverflow(Int(b - 48)) : times.addingReportingOverflow(Int(b - 48))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    static func unquote(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    /// `$1,234.56`, `-$5`, `$-5`, `5 EUR`, `EUR -5`, `5.00€`, `"AB1" 5`: the number (a
    /// period the decimal mark, a comma a digit group mark, as beancount writes them) and
    /// the commodity symbol.
    static func amount(_ text: String) -> PeerAmount? { amount(ArraySlice(text.utf8)) }

    /// ``amount(_:)-(String)`` on bytes.
    static func amount(_ text: JournalBytes) -> PeerAmount? {
        var marks = DecimalMarks.periodOnly
        return (try? amount(text, marks: &marks)) ?? nil
    }

    /// Whether the digits and marks at `i` belong to the symbol `run` that ends there, as
    /// in beancount's `HOOL.UNVEST` or `VBMPX.2` followed by a letter: a run of capital
    /// letters, then dots, digits, `_` or `-` up to another capital letter (`EUR5.00` stays
    /// 5.00 EUR: no letter follows).
    static func continuesSymbol(_ s: JournalBytes, at i: Int, symbol run: Range<Int>) -> Bool {
        guard !run.isEmpty, s[run].allSatisfy({ ASCII.isUppercase($0) || $0 == ASCII.dot || ASCII.isDigit($0) }) else { return false }
        var j = i
        while j < s.endIndex, ASCII.isDigit(s[j]) || s[j] == ASCII.dot || s[j] == UInt8(ascii: "_") || s[j] == ASCII.minus { j += 1 }
        return j < s.endIndex && ASCII.isUppercase(s[j])
    }

    /// A number hledger and ledger read differently, or one of them refuses: why.
    struct Doubt: Error {
        let reason: String
    }

    /// ``amount(_:)-(String)`` on bytes, the decimal mark as `marks` decide it for the
    /// amount's commodity (and what ledger learns from it noted there); throws a
    /// ``Doubt`` for a number the peers would read apart.
    static func amount(_ text: JournalBytes, marks: inout DecimalMarks) throws(Doubt) -> PeerAmount? {
        let s = text.trimmedSpaces
        guard !s.isEmpty else { return nil }
        var commodity = ""
        var quoted = s.endIndex ..< s.endIndex  // the quoted commodity with its quotes
        if let open = s.firstIndex(of: ASCII.quote), let close = s[(open + 1)...].firstIndex(of: ASCII.quote) {
            commodity = s[(open + 1) ..< close].string
            quoted = open ..< close + 1
        }
        // The number is the digits and marks, the symbol the other bytes (signs and spaces
        // aside). Each is usually one run of bytes, read in place; otherwise its pieces are
        // gathered.
        var negative = false
        var digitRun = s.startIndex ..< s.startIndex, digitRuns = 0
        var symbolRun = s.startIndex ..< s.startIndex, symbolRuns = 0
        var commas = 0, periods = 0
        var i = s.startIndex
        while i < s.endIndex {
            if i == quoted.lowerBound { i = quoted.upperBound; continue }
            let b = s[i]
            switch b {
            case ASCII.plus, ASCII.space, ASCII.tab: break
            case ASCII.minus where symbolRuns > 0 && symbolRun.upperBound == i && Self.continuesSymbol(s, at: i, symbol: symbolRun),
                ASCII.digits where symbolRuns > 0 && symbolRun.upperBound == i && Self.continuesSymbol(s, at: i, symbol: symbolRun),
                ASCII.dot where symbolRuns > 0 && symbolRun.upperBound == i && Self.continuesSymbol(s, at: i, symbol: symbolRun):
                symbolRun = symbolRun.lowerBound ..< i + 1
            case ASCII.minus: negative.toggle()
            case ASCII.digits, ASCII.dot, ASCII.comma:
                if b == ASCII.comma { commas += 1 } else if b == ASCII.dot { periods += 1 }
                if digitRuns > 0 && digitRun.upperBound == i { digitRun = digitRun.lowerBound ..< i + 1 } else { digitRun = i ..< i + 1; digitRuns += 1 }
            default:
                if symbolRuns > 0 && symbolRun.upperBound == i { symbolRun = symbolRun.lowerBound ..< i + 1 } else { symbolRun = i ..< i + 1; symbolRuns += 1 }
            }
            i += 1
        }
        func gathered(_ keep: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            var bytes: [UInt8] = []
            var i = s.startIndex
            while i < s.endIndex {
                if i == quoted.lowerBound { i = quoted.upperBound; continue }
                if keep(s[i]) { bytes.append(s[i]) }
                i += 1
            }
            return bytes[...]
        }
        func isNumber(_ b: UInt8) -> Bool { ASCII.isDigit(b) || b == ASCII.dot || b == ASCII.comma }
        func isSymbol(_ b: UInt8) -> Bool { !isNumber(b) && b != ASCII.minus && b != ASCII.plus && b != ASCII.space && b != ASCII.tab }
        let symbolEmpty = symbolRuns == 0
        if commodity.isEmpty {
            if !symbolEmpty { commodity = symbolRuns == 1 ? s[symbolRun].string : gathered(isSymbol).string }
        } else if !symbolEmpty {
            return nil
        }
        guard digitRuns > 0 else { return nil }
        let number = digitRuns == 1 ? s[digitRun] : gathered(isNumber)
        let value: Money
        // Most numbers have no mark but one period, which every reading takes as decimal
        // (unless declared otherwise, or ledger has learned a decimal comma for the commodity).
        let periodDecimal =
            periods == 0
            || (marks.declaredMark(for: commodity).map { $0 == ASCII.dot }
                ?? (marks.ledgerCommas.isEmpty || !marks.ledgerCommas.contains(commodity)))
        if commas == 0 && periods <= 1 && periodDecimal {
            guard let plain = Money(utf8: number) else { return nil }
            value = plain
        } else {
            switch marks.reading(number, of: commodity) {
            case .number(let read)?: value = read
            case .doubt(let reason)?: throw Doubt(reason: reason)
            case nil: return nil
            }
        }
        return PeerAmount(number: negative ? value.negated : value, commodity: commodity)
    }
}
