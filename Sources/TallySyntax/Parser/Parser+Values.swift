/// Rules for the small pieces entries are made of: names, amounts, dates, tags, lists.
extension ParserState {
    /// Result of reading an optional part.
    enum PartResult {
        case parsed
        case absent
        /// Something was there but wrong; the rest of the line has been given up.
        case failed
    }

    /// Reads a name (bare or quoted) into a node of `role`. The message is built only
    /// when the name is missing: names are most of a file.
    @discardableResult
    mutating func parseName(_ role: SyntaxKind, expected what: @autoclosure () -> String) -> Bool {
        skipSpace()
        if let k = current, k == .name || k == .quotedName {
            wrapToken(role)
            return true
        }
        fail(expected: what())
        return false
    }

    /// Reads `name {, name}`.
    @discardableResult
    mutating func parseNameList(_ role: SyntaxKind, expected what: String) -> Bool {
        guard parseName(role, expected: what) else { return false }
        while true {
            let j = nextNonSpace(after: pos - 1)
            guard j < count, kinds[j] == .comma else { return true }
            skipSpace()
            bump()  // comma
            guard parseName(role, expected: "\(what.hasPrefix("a ") ? "another " + what.dropFirst(2) : what) after `,`") else { return false }
        }
    }

    /// True when token `i` is a currency code: 2 to 10 of `A`-`Z` and digits, a letter first.
    func isCurrencyCode(_ i: Int) -> Bool {
        guard i < count, kinds[i] == .name else { return false }
        let r = range(ofToken: i)
        guard (2 ... 10).contains(r.length) else { return false }
        for k in r.start ..< r.end {
            let b = bytes[k]
            let upper = b >= 0x41 && b <= 0x5A
            let digit = b >= 0x30 && b <= 0x39
            if !(upper || (digit && k > r.start)) { return false }
        }
        return true
    }

    /// A three-letter word in lowercase or mixed case that is no keyword: a currency code
    /// written in the wrong case.
    func isMiscasedCurrencyCode(_ i: Int) -> Bool {
        guard i < count, kinds[i] == .name, keyword(at: i) == nil else { return false }
        let r = range(ofToken: i)
        guard r.length == 3 else { return false }
        return (r.start ..< r.end).allSatisfy { bytes[$0] >= 0x41 && bytes[$0] <= 0x7A && (bytes[$0] <= 0x5A || bytes[$0] >= 0x61) }
    }

    /// Reads a currency code into a ``SyntaxKind/currencyCode`` node, reporting codes in
    /// the wrong shape.
    @discardableResult
    mutating func parseCurrencyCode(expected what: String) -> Bool {
        skipSpace()
        guard let k = current, k == .name || k == .quotedName else {
            fail(expected: what)
            return false
        }
        if !isCurrencyCode(pos) {
            reportBadCurrencyCode(pos)
        }
        wrapToken(.currencyCode)
        return true
    }

    mutating func reportBadCurrencyCode(_ i: Int) {
        let word = text(ofToken: i)
        let upper = word.uppercased()
        var fixes: [Fix] = []
        if upper != word && upper.utf8.count == word.utf8.count && upper.utf8.count == 3
            && upper.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) })
        {
            fixes = [Fix(title: "Write `\(upper)`", edits: [TextEdit(range: range(ofToken: i), replacement: upper)])]
            report(
                .invalidCurrencyCode, "currency codes are written in capitals: `\(upper)`, not `\(word)`",
                at: range(ofToken: i), fixes: fixes)
        } else {
            report(
                .invalidCurrencyCode, "`\(word)` is not a currency code",
                at: range(ofToken: i), help: "a currency code is 2 to 10 capital letters and digits, starting with a letter, such as EUR, USD or BTC")
        }
    }

    /// Reads `NUMBER [CODE]` into an ``SyntaxKind/amount`` node.
    ///
    /// When `required` is false and no amount stands here, nothing is consumed. Things that
    /// look like a botched amount (`1,250.00`, `€12`, `12.3.4`) are reported as malformed.
    mutating func parseAmount(expected what: String, required: Bool) -> PartResult {
        skipSpace()
        guard let k = current else {
            if required { reportExpected(what) }
            return required ? .failed : .absent
        }
        if k == .number {
            let node = startNode(.amount)
            bump()
            checkDigitGrouping()
            let j = nextNonSpace(after: pos - 1)
            if isCurrencyCode(j) {
                skipSpace()
                wrapToken(.currencyCode)
            } else if isMiscasedCurrencyCode(j) {
                skipSpace()
                reportBadCurrencyCode(pos)
                wrapToken(.currencyCode)
            }
            finishNode(node)
            return .parsed
        }
        if looksLikeMalformedAmount(pos) {
            reportMalformedAmount(pos)
            errorRestOfLine()
            return .failed
        }
        if required {
            // `fill Eating out 50`: a name with spaces before the amount, without quotes.
            if k == .name, let quoted = quotedNameFix(stoppingAt: []), quoted.next < count, kinds[quoted.next] == .number {
                report(
                    .unexpectedToken, "expected \(what), found \(describe(pos)); if `\(quoted.words)` is one name, quote it: \(quoted.name)",
                    at: currentRange, help: "a name with spaces is written in single quotes", fixes: [quoted.fix])
                errorRestOfLine()
            } else {
                fail(expected: what)
            }
            return .failed
        }
        return .absent
    }

    func looksLikeMalformedAmount(_ i: Int) -> Bool {
        guard i < count else { return false }
        switch kinds[i] {
        case .percentage, .date: return true
        case .name:
            guard let b = byte(i, 0) else { return false }
            if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || (b >= 0x30 && b <= 0x39) {
                return true
            }
            return currencySymbol(at: i) != nil
        default:
            return false
        }
    }

    static let currencySymbols: [(bytes: [UInt8], symbol: String, code: String?)] = [
        ([0xE2, 0x82, 0xAC], "€", "EUR"), ([0x24], "$", nil), ([0xC2, 0xA3], "£", "GBP"),
        ([0xC2, 0xA5], "¥", "JPY"), ([0xE2, 0x82, 0xB9], "₹", "INR"), ([0xE2, 0x82, 0xA9], "₩", "KRW"),
        ([0x43, 0x48, 0x46], "CHF", "CHF")
    ]

    /// A leading currency symbol and its code: `€12` → ("€", "EUR"). Matched on bytes,
    /// since it runs for every name in an amount's place.
    func currencySymbol(at i: Int) -> (symbol: String, code: String?)? {
        let r = range(ofToken: i)
        guard let first = byte(i, 0), first == 0x24 || first == 0x43 || first == 0xC2 || first == 0xE2 else { return nil }
        for entry in ParserState.currencySymbols where r.length > entry.bytes.count {
            guard (0 ..< entry.bytes.count).allSatisfy({ bytes[r.start + $0] == entry.bytes[$0] }) else { continue }
            let next = bytes[r.start + entry.bytes.count]
            if (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                return (entry.symbol, entry.code)
            }
        }
        return nil
    }

    mutating func reportMalformedAmount(_ i: Int) {
        let word = text(ofToken: i)
        let r = range(ofToken: i)
        if kinds[i] == .name, case let last = markedNumberEnd(from: i), last > i || MarkedNumber.read(word) != .notANumber {
            reportMarkedNumber(from: i, through: last)  // `1.234.567,89`, `1.234.567`
        } else if let (symbol, code) = currencySymbol(at: i) {
            let number = String(word.dropFirst(symbol.count))
            let fixes = code.map { [Fix(title: "Write `\(number) \($0)`", edits: [TextEdit(range: r, replacement: "\(number) \($0)")])] } ?? []
            report(
                .malformedAmount, "currency symbols are not part of amounts: write `\(number) \(code ?? "CODE")`, not `\(word)`",
                at: r, help: code == nil ? "`$` is ambiguous; write the code: USD, CAD, AUD, ..." : nil, fixes: fixes)
        } else if kinds[i] == .percentage {
            report(.malformedAmount, "expected an amount, found the percentage `\(word)`", at: r)
        } else {
            report(
                .malformedAmount, "`\(word)` is not a valid amount",
                at: r, help: "write amounts as digits with an optional sign and `.` decimals: -12.50, +2800, 5")
        }
    }

    /// `1,250.00`, `-1.340,50` and `12,50` arrive as a number followed, with no space
    /// between, by commas and more digits. The whole run is reported once, with the form
    /// Tally writes when only one reading is possible (``MarkedNumber``).
    mutating func checkDigitGrouping() {
        guard pos + 1 < count, kinds[pos] == .comma, kinds[pos + 1] == .number || startsLikeNumber(pos + 1) else { return }
        let first = pos - 1
        let last = markedNumberEnd(from: first)
        reportMarkedNumber(from: first, through: last)
        let node = startNode(.error)
        while pos <= last { bump() }
        finishNode(node)
    }

    /// True when token `i` is a name that starts with a digit (`234.567` after a comma).
    func startsLikeNumber(_ i: Int) -> Bool {
        guard kinds[i] == .name, let b = byte(i, 0) else { return false }
        return b >= 0x30 && b <= 0x39
    }

    /// The end of the run of `,` and digits that continues a number-like token `i`.
    func markedNumberEnd(from i: Int) -> Int {
        var last = i
        while last + 2 < count, kinds[last + 1] == .comma, kinds[last + 2] == .number || startsLikeNumber(last + 2) {
            last += 2
        }
        return last
    }

    /// Reports the tokens `first` through `last` as an amount written with thousands marks
    /// or a decimal comma, with a fix when only one reading is possible.
    mutating func reportMarkedNumber(from first: Int, through last: Int) {
        let whole = ByteRange(start: range(ofToken: first).start, end: range(ofToken: last).end)
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[whole.start ..< whole.end]), as: UTF8.self)
        switch MarkedNumber.read(written) {
        case .number(let number, let marks):
            let rule: String
            switch marks {
            case .thousands: rule = "amounts have no thousands separators"
            case .decimalComma: rule = "amounts use `.` for decimals"
            case .thousandsAndDecimal: rule = "amounts have no thousands separators and use `.` for decimals"
            }
            report(
                .malformedAmount, "\(rule): write `\(number)`", at: whole,
                fixes: [Fix(title: "Write `\(number)`", edits: [TextEdit(range: whole, replacement: SourceWriter.amount(number))])])
        case .ambiguous:
            report(
                .malformedAmount, "`\(written)` is not a valid amount: amounts have no thousands separators and use `.` for decimals",
                at: whole,
                help: "the comma may separate thousands or mark decimals; write the amount you mean, such as `\(String(written.filter { $0 != "," }))` or `\(String(written.map { $0 == "," ? "." : $0 }))`")
        case .notANumber:
            report(
                .malformedAmount, "`\(written)` is not a valid amount", at: whole,
                help: "write amounts as digits with an optional sign and `.` decimals: -12.50, +2800, 5")
        }
    }

    /// Reads a date token, checking it.
    @discardableResult
    mutating func parseDate(expected what: String) -> Bool {
        skipSpace()
        if current == .date {
            checkDate(pos)
            bump()
            return true
        }
        if reportWrittenDate(pos) {
            errorRestOfLine()
            return false
        }
        fail(expected: what, help: "dates are written YYYY-MM-DD, such as 2026-03-01")
        return false
    }

    /// Reports token `i`, a name, as a date written in another order or with other
    /// separators (E0204), with the ISO date as a fix when its order is certain
    /// (``WrittenDate``). False, reporting nothing, when it is not written like a date.
    mutating func reportWrittenDate(_ i: Int) -> Bool {
        guard i < count, kinds[i] == .name, let b = byte(i, 0), b >= 0x30 && b <= 0x39 else { return false }
        let word = text(ofToken: i)
        let r = range(ofToken: i)
        switch WrittenDate.read(word) {
        case .notADate:
            return false
        case .date(let date, let order):
            let reading: String
            switch order {
            case .yearFirst: reading = "write `\(date)`"
            case .dayFirstWithDots: reading = "read as day.month.year, as in the countries that write dates with dots, it is `\(date)`"
            case .onlyOneMonth: reading = "only one of its numbers can be the month, so it is `\(date)`"
            }
            report(
                .invalidDate, "`\(word)` is not a date: dates are written YYYY-MM-DD; \(reading)", at: r,
                fixes: [Fix(title: "Write `\(date)`", edits: [TextEdit(range: r, replacement: SourceWriter.date(date))])])
        case .noReading(let doubt):
            let help: String
            switch doubt {
            case .dayOrMonthFirst: help = "`\(word)` may be read day first or month first; write the year, the month and the day"
            case .noSuchDay: help = "no order of its numbers gives a day of the calendar"
            case .shortYear: help = "write the year in four digits, then the month and the day"
            }
            report(.invalidDate, "`\(word)` is not a date: dates are written YYYY-MM-DD", at: r, help: help + ", such as 2026-03-01")
        }
        return true
    }

    /// Checks that token `i` is a real `YYYY-MM-DD` date; returns it when it is.
    @discardableResult
    mutating func checkDate(_ i: Int) -> CivilDate? {
        let r = range(ofToken: i)
        let parsed = CivilDate.parseISO(UnsafeBufferPointer(rebasing: bytes[r.start ..< r.end]))
        if let parts = parsed, let date = CivilDate(year: parts.year, month: parts.month, day: parts.day) { return date }
        let word = text(ofToken: i)
        guard let parts = parsed else {
            // Try to read D-M shapes like 2026-1-5 to offer the padded form.
            let pieces = word.split(separator: "-", omittingEmptySubsequences: false)
            var fixes: [Fix] = []
            if pieces.count == 3, pieces[0].count == 4, let y = Int(pieces[0]), let m = Int(pieces[1]), let d = Int(pieces[2]),
                pieces[1].count <= 2, pieces[2].count <= 2, let date = CivilDate(year: y, month: m, day: d)
            {
                fixes = [Fix(title: "Write `\(date)`", edits: [TextEdit(range: r, replacement: date.description)])]
            }
            report(
                .invalidDate, "`\(word)` is not a date: dates are written YYYY-MM-DD",
                at: r, help: fixes.isEmpty ? "for example 2026-03-01" : nil, fixes: fixes)
            return nil
        }
        let message: String
        if parts.month < 1 || parts.month > 12 {
            message = "invalid date `\(word)`: there is no month \(parts.month)"
        } else if parts.year < 1 {
            message = "invalid date `\(word)`: there is no year 0"
        } else {
            let days = CivilDate.daysIn(month: parts.month, year: parts.year)
            message = "invalid date `\(word)`: \(CivilDate.monthName(parts.month)) \(parts.year) has \(days) days"
        }
        report(.invalidDate, message, at: r)
        return nil
    }

    /// A `#` alone is no tag.
    mutating func checkTag() {
        if range(ofToken: pos).length == 1 {
            report(.missingField, "expected a tag name after `#`", at: currentRange, help: "write tags like #work or #trip-2026")
        }
    }

    /// Reads a whole number in `bounds` (for counts, days and decimals).
    mutating func parseWholeNumber(in bounds: ClosedRange<Int>, code: DiagnosticCode, expected what: String) -> Int? {
        skipSpace()
        guard current == .number else {
            fail(expected: what)
            return nil
        }
        let word = text(ofToken: pos)
        guard let value = Int(word), !word.hasPrefix("+"), !word.hasPrefix("-"), bounds.contains(value) else {
            report(code, "expected \(what) from \(bounds.lowerBound) to \(bounds.upperBound), found `\(word)`", at: currentRange)
            bump()
            return nil
        }
        bump()
        return value
    }

    /// Reads a `DATE..DATE` range (the first date is the current token).
    mutating func parseDateRange() {
        let first = pos
        let startDate = checkDate(pos)
        bump()
        guard current == .dotDot else {
            report(
                .invalidPeriod, "expected `..` and an end date after \(text(ofToken: first))",
                at: range(ofToken: first), help: "a custom period is written 2026-04-01..2026-04-30")
            return
        }
        bump()
        guard current == .date else {
            report(
                .invalidPeriod, "expected the end date of the range after `..`", at: missingRange,
                help: "a custom period is written 2026-04-01..2026-04-30")
            return
        }
        let endDate = checkDate(pos)
        bump()
        if let startDate, let endDate, endDate < startDate {
            report(
                .reversedRange, "the range ends on \(endDate), before it starts on \(startDate)",
                at: ByteRange(start: range(ofToken: first).start, end: lastContentEnd))
        }
    }

    /// Tracks attributes already given on an entry, to report repeats.
    struct SeenAttributes {
        private var seen: [(Keyword, ByteRange)] = []

        mutating func check(_ keyword: Keyword, at range: ByteRange, in parser: inout ParserState) {
            if let first = seen.first(where: { $0.0 == keyword }) {
                parser.report(
                    .duplicateAttribute, "`\(keyword.spelling)` is given twice", at: range,
                    notes: [DiagnosticNote(file: parser.path, range: first.1, message: "first given here")])
            } else {
                seen.append((keyword, range))
            }
        }
    }
}
