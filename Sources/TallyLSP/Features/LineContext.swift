import TallySyntax

/// The words of the line being typed, up to the cursor, read on their own so that an
/// incomplete line (which the parser may not understand yet) still tells which slot the
/// cursor is in.
struct LineContext {
    /// One word of the line.
    struct Word {
        enum Kind { case word, text, quoted, comma }
        var kind: Kind
        /// The raw text (quotes included).
        var raw: String
        var range: ByteRange

        /// The word as meant, quotes removed.
        var value: String { kind == .word || kind == .comma ? raw : Unquote.value(of: raw) }
    }

    /// True when the line starts with a space or tab (a split or metadata line).
    var isIndented = false
    /// True when the cursor is inside a comment; `comment` is its text up to the cursor.
    var comment: String?
    /// The words before the one being typed.
    var words: [Word] = []
    /// The word the cursor is in or right after, if any.
    var partial: Word?
    /// The bytes a completion replaces: the partial word (to its end, with the closing
    /// quote an editor may have typed for an opening one), or nothing at the cursor.
    var replaceRange: ByteRange
    /// True when nothing but blanks follows ``replaceRange`` on the line.
    var restOfLineIsBlank = true

    init(bytes: [UInt8], offset: Int) {
        let offset = min(max(0, offset), bytes.count)
        var lineStart = offset
        while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") && bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        replaceRange = .empty(at: offset)
        isIndented = lineStart < bytes.count && (bytes[lineStart] == UInt8(ascii: " ") || bytes[lineStart] == UInt8(ascii: "\t"))
        var i = lineStart
        // A byte-order mark before the first line is not part of its first word.
        if i == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = min(3, offset) }
        var all: [Word] = []
        func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        while i < offset {
            let b = bytes[i]
            if isSpace(b) { i += 1; continue }
            if b == UInt8(ascii: ";") {
                comment = String(decoding: bytes[i ..< offset], as: UTF8.self)
                // In a comment only codes complete: the word is the letters and digits before the cursor.
                var start = offset
                func isAlphanumeric(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
                while start > i && isAlphanumeric(bytes[start - 1]) { start -= 1 }
                if start < offset {
                    partial = Word(kind: .word, raw: String(decoding: bytes[start ..< offset], as: UTF8.self), range: ByteRange(start: start, end: offset))
                    replaceRange = ByteRange(start: start, end: offset)
                }
                return
            }
            let start = i
            var kind = Word.Kind.word
            if b == UInt8(ascii: ",") {
                kind = .comma
                i += 1
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                kind = b == UInt8(ascii: "\"") ? .text : .quoted
                i += 1
                while i < offset && bytes[i] != b {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                i = min(i + 1, offset)
            } else {
                while i < offset && !isSpace(bytes[i]) && bytes[i] != UInt8(ascii: ",") && bytes[i] != UInt8(ascii: ";") && bytes[i] != UInt8(ascii: "\"") { i += 1 }
            }
            all.append(Word(kind: kind, raw: String(decoding: bytes[start ..< i], as: UTF8.self), range: ByteRange(start: start, end: i)))
        }
        if let last = all.last, last.range.end == offset, last.kind != .comma, !(last.kind == .text && last.raw.count > 1 && last.raw.hasSuffix("\"")) {
            partial = last
            all.removeLast()
            // Replace the whole word, also the part after the cursor.
            var end = offset
            if last.kind == .word {
                while end < bytes.count && !isSpace(bytes[end]) && ![UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","), UInt8(ascii: ";")].contains(bytes[end]) { end += 1 }
            } else if end < bytes.count, let quote = last.raw.utf8.first, bytes[end] == quote, last.raw.utf8.count == 1 || last.raw.utf8.last != quote {
                end += 1
            }
            replaceRange = ByteRange(start: last.range.start, end: end)
        }
        words = all
        var rest = replaceRange.end
        while rest < bytes.count && isSpace(bytes[rest]) { rest += 1 }
        restOfLineIsBlank = rest == bytes.count || bytes[rest] == UInt8(ascii: "\n") || bytes[rest] == UInt8(ascii: "\r")
    }

    /// What is typed so far, quotes removed, for matching.
    var typed: String {
        guard let partial else { return "" }
        if partial.kind == .word { return partial.raw }
        var inner = partial.raw.dropFirst()
        if inner.count >= 1, inner.last == partial.raw.first { inner = inner.dropLast() }
        return String(inner).replacingText("\\", with: "")
    }

    /// The words' raw texts.
    var texts: [String] { words.map(\.raw) }
}

extension String {
    /// True for `YYYY-MM-DD`-shaped text (not checked as a calendar date).
    var looksLikeDate: Bool {
        let u = Array(utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return false }
        return u.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || ($0.element >= 0x30 && $0.element <= 0x39) }
    }

    /// True for a number as the format writes it: optional sign, digits, optional decimals.
    var looksLikeNumber: Bool {
        var s = Substring(self)
        if s.first == "+" || s.first == "-" { s = s.dropFirst() }
        guard let first = s.first, first.isASCII, first.isNumber else { return false }
        return s.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." }
    }
}
