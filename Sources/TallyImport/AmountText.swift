import TallyCore

/// Amounts as banks write them, read exactly into `Money` (never through a floating-point
/// number): `-1234.56`, `1.234,56`, `1 234,56`, `1'234.56`, `(12.00)`, `12.00-`,
/// `+5,00 EUR`, `€ 3.20`, `12.00 DR`.
public enum AmountText {
    /// The character that separates the decimals (TallyCore's, which profiles state).
    public typealias DecimalMark = TallyCore.DecimalMark

    /// Which mark a column of amounts uses: the one that stands last in a value with both
    /// marks, or a single mark followed by other than exactly three digits; a column that
    /// never tells (only whole numbers, or `1,000`) reads as `fallback`.
    public static func decimalMark(of values: [String], fallback: DecimalMark = .point) -> DecimalMark {
        for value in values {
            let marks = value.filter { $0 == "." || $0 == "," }
            guard let last = marks.last else { continue }
            if Set(marks).count == 2 { return last == "," ? .comma : .point }
            // One kind of mark: a decimal mark unless it repeats or groups three digits.
            if marks.count > 1 { return last == "," ? .point : .comma }
            let digitsAfter = value.split(separator: last, omittingEmptySubsequences: false).last?.prefix(while: \.isNumber).count ?? 0
            if digitsAfter != 3 { return last == "," ? .comma : .point }
        }
        return fallback
    }

    /// The amount in `text`, or nil when it is not an amount. Grouping marks (the other
    /// mark, spaces, apostrophes) are dropped; a leading or trailing currency code or
    /// symbol is ignored; parentheses, a trailing minus or a `DR` marker make it
    /// negative, a `CR` marker positive (a minus with `CR` is no amount).
    public static func parse(_ text: String, mark: DecimalMark) -> Money? {
        plainASCII(text, mark: mark) ?? parseSpelled(text, mark: mark)
    }

    /// `parse` for any spelling, character by character.
    static func parseSpelled(_ text: String, mark: DecimalMark) -> Money? {
        var s = Substring(text.trimmingWhitespace)
        var negative = false
        if s.hasPrefix("(") && s.hasSuffix(")") { negative = true; s = s.dropFirst().dropLast() }
        // Currency codes and symbols around the number, and a direction marker (`DR`, `CR`)
        // that decides its sign.
        let around: (Character) -> Bool = { $0.isLetter || "€$£¥₣₤₹₽₺".contains($0) || $0 == " " || $0 == "\u{A0}" }
        let head = s.prefix(while: around)
        s = s.dropFirst(head.count)
        var tailStart = s.endIndex
        while tailStart > s.startIndex, around(s[s.index(before: tailStart)]) { tailStart = s.index(before: tailStart) }
        let tail = s[tailStart...]
        s = s[..<tailStart]
        var direction: MovementDirection?
        for word in (head + " " + tail).split(whereSeparator: { !$0.isLetter }) {
            guard let marked = MovementDirection(marker: word) else { continue }
            if direction.map({ $0 != marked }) ?? false { return nil }
            direction = marked
        }
        if s.hasSuffix("-") { negative.toggle(); s = s.dropLast() }
        var digits = ""
        var sign = ""
        for (i, c) in s.enumerated() {
            switch c {
            case "+" where i == 0, "-" where i == 0: sign = c == "-" ? "-" : ""
            case "0" ... "9": digits.append(c)
            case ".": if mark == .point { digits.append(".") } else if digits.isEmpty { return nil }
            case ",": if mark == .comma { digits.append(".") } else if digits.isEmpty { return nil }
            case " ", "\u{A0}", "\u{202F}", "'", "’": continue
            default: return nil
            }
        }
        if negative { sign = sign == "-" ? "" : "-" }
        guard !digits.isEmpty, digits.first != ".", let value = Money(sign + digits) else { return nil }
        // `12.00 DR` is money out; `-12.00 CR` says two things and is no amount.
        guard let direction else { return value }
        return direction.signed(value)
    }
}

extension AmountText {
    /// The amount of a text most statements write: an optional sign, digits, grouping
    /// marks and one decimal mark, all ASCII, read from its bytes; nil for anything else
    /// (spaces, currencies, parentheses, a trailing minus), which `parse` then reads the
    /// general way. Gives what the general way gives.
    static func plainASCII(_ text: String, mark: DecimalMark) -> Money? {
        let point: UInt8 = mark == .point ? 0x2E : 0x2C, grouping: UInt8 = mark == .point ? 0x2C : 0x2E
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var sawDigit = false
        for (i, byte) in text.utf8.enumerated() {
            switch byte {
            case 0x30 ... 0x39: bytes.append(byte); sawDigit = true
            case 0x2B where i == 0: continue
            case 0x2D where i == 0: bytes.append(byte)
            case point:
                guard sawDigit else { return nil }
                bytes.append(0x2E)
            case grouping:
                guard sawDigit else { return nil }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return Money(utf8: bytes[...])
    }
}

extension String {
    /// The text without spaces, tabs and no-break spaces around it.
    var trimmingWhitespace: String {
        // Most texts start and end with a visible ASCII character: nothing to trim.
        let utf8 = self.utf8
        guard let head = utf8.first, let tail = utf8.last else { return self }
        if head > 0x20 && head < 0x7F && tail > 0x20 && tail < 0x7F { return self }
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first ... last])
    }
}
