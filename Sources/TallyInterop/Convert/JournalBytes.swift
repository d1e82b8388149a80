import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// A stretch of a journal's UTF-8 bytes. The readers work on bytes, not on `Character`s:
/// every delimiter of the peers' syntaxes is ASCII, and breaking a file of hundreds of
/// thousands of lines into grapheme clusters dominated the time of a conversion. Strings
/// are made only for what is kept (account names, payees, notes, commodities).
typealias JournalBytes = ArraySlice<UInt8>

/// ASCII bytes the readers look for.
enum ASCII {
    static let tab: UInt8 = 9, lineFeed: UInt8 = 10, carriageReturn: UInt8 = 13, space: UInt8 = 32
    static let bang: UInt8 = 33, quote: UInt8 = 34, hash: UInt8 = 35, percent: UInt8 = 37, openParen: UInt8 = 40
    static let closeParen: UInt8 = 41, star: UInt8 = 42, plus: UInt8 = 43, comma: UInt8 = 44, minus: UInt8 = 45
    static let dot: UInt8 = 46, slash: UInt8 = 47, colon: UInt8 = 58, semicolon: UInt8 = 59, equals: UInt8 = 61
    static let at: UInt8 = 64, openBracket: UInt8 = 91, backslash: UInt8 = 92, closeBracket: UInt8 = 93
    static let caret: UInt8 = 94, openBrace: UInt8 = 123, bar: UInt8 = 124, closeBrace: UInt8 = 125, tilde: UInt8 = 126
    static let underscore: UInt8 = 95, delete: UInt8 = 127
    /// The digits `0` to `9`.
    static let digits: ClosedRange<UInt8> = 48 ... 57

    static func isDigit(_ b: UInt8) -> Bool { digits.contains(b) }
    static func isLowercase(_ b: UInt8) -> Bool { b >= 97 && b <= 122 }
    static func isUppercase(_ b: UInt8) -> Bool { b >= 65 && b <= 90 }
    /// Tab, line feed, vertical tab, form feed and carriage return: white space that is not a space.
    static func isControlSpace(_ b: UInt8) -> Bool { b >= tab && b <= carriageReturn }
    /// A byte of a character beyond ASCII (a lead or a continuation byte).
    static func isBeyondASCII(_ b: UInt8) -> Bool { b >= 0x80 }
    static func isLetter(_ b: UInt8) -> Bool { isUppercase(b) || isLowercase(b) }
}

extension ArraySlice where Element == UInt8 {
    /// The bytes as text (the journal was decoded, so they are valid UTF-8).
    var string: String { String(decoding: self, as: UTF8.self) }

    /// Without leading and trailing spaces and tabs.
    var trimmedSpaces: ArraySlice<UInt8> {
        var start = startIndex, end = endIndex
        while start < end, self[start] == ASCII.space || self[start] == ASCII.tab { start += 1 }
        while end > start, self[end - 1] == ASCII.space || self[end - 1] == ASCII.tab { end -= 1 }
        return self[start ..< end]
    }

    /// Whether the bytes start with the ASCII text `prefix`.
    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        let p = prefix.utf8Start
        for i in 0 ..< count where self[startIndex + i] != p[i] { return false }
        return true
    }

    /// Whether the bytes are exactly the ASCII text `other`.
    func equals(_ other: StaticString) -> Bool { count == other.utf8CodeUnitCount && hasPrefix(other) }

    /// Pieces between spaces or tabs (none empty), a double-quoted string (which may hold
    /// spaces, and `\"`) kept as one piece with its quotes.
    var quotedWords: [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        result.reserveCapacity(8)  // a header's words, without growing three times
        var start: Int?
        var quoted = false, escaped = false
        var i = startIndex
        while i < endIndex {
            let b = self[i]
            if quoted {
                if escaped { escaped = false } else if b == ASCII.backslash { escaped = true } else if b == ASCII.quote { quoted = false }
            } else if b == ASCII.space || b == ASCII.tab {
                if let s = start { result.append(self[s ..< i]); start = nil }
            } else {
                if start == nil { start = i }
                if b == ASCII.quote { quoted = true }
            }
            i += 1
        }
        if let s = start { result.append(self[s ..< endIndex]) }
        return result
    }
}

/// The lines of a file: cut at line feeds, a carriage return before one dropped. Like
/// `split(separator: 10, omittingEmptySubsequences: false)`, a text ending in a line feed
/// has an empty last line.
struct JournalLines: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    private var start = 0
    private var done = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !done else { return nil }
        // The line feed found by `memchr`, many bytes at a time: the byte-by-byte loop was
        // 1 % of converting a 10k ledger journal (callgrind, 2026-11-29).
        let end = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress, start < buffer.count else { return start }
            guard let found = memchr(base + start, Int32(ASCII.lineFeed), buffer.count - start) else { return buffer.count }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        var lineEnd = end
        if lineEnd > start, bytes[lineEnd - 1] == ASCII.carriageReturn { lineEnd -= 1 }
        let line = bytes[start ..< lineEnd]
        if end == bytes.count { done = true } else { start = end + 1 }
        return line
    }
}

/// The first `Character` of some bytes, for the few Unicode properties the readers ask
/// about a byte that is not ASCII.
func firstCharacter(_ bytes: ArraySlice<UInt8>) -> Character? {
    // A character is rarely longer than a few scalars; 64 bytes hold any sensible one.
    String(decoding: bytes.prefix(64), as: UTF8.self).first
}

/// The Unicode scalar that starts at `index` (a lead byte) in valid UTF-8.
func scalar(at index: Int, in bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
    String(decoding: bytes[index ..< Swift.min(index + 4, bytes.endIndex)], as: UTF8.self).unicodeScalars.first
}
