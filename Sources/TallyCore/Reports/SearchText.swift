#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// How every search of the budget's words compares text (the register's `--payee` and
/// `--search`, the query's words in `EntryQuery`): without case and without accents, so
/// that `doner` finds `Döner`, `cafe` finds `Café` and `zurich` finds `Zürich`, as people
/// type on a keyboard without them. The one place text is folded for a search.
public enum SearchText {
    /// `text` folded: lowercased, accents and other diacritics taken off (`Döner` →
    /// `doner`). ASCII text is only lowercased, without Foundation's folding, as most
    /// names are.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return UnicodeFolding.caseAndDiacriticFolded(text)
    }

    /// Whether `text` holds `needle`, which is already ``folded(_:)``; false without text.
    public static func contains(_ text: String?, folded needle: String) -> Bool {
        guard let text else { return false }
        return folded(text).contains(needle)
    }

    /// The folded form of each text of `texts` that is not ASCII, each folded once: a
    /// budget names the same payees thousands of times, and Foundation's folding costs
    /// microseconds a text.
    public static func table(_ texts: some Sequence<String?>) -> [String: String] {
        var table: [String: String] = [:]
        for case let text? in texts where table[text] == nil && !text.utf8.allSatisfy({ $0 < 0x80 }) {
            table[text] = folded(text)
        }
        return table
    }
}

/// A folded search text ready to be looked for in many texts in one pass: an ASCII needle
/// in an ASCII text is found by comparing bytes, without a lowercased copy of the text
/// (the same answer as `text.lowercased().contains(needle)`: ASCII has no accents to fold).
public struct SearchNeedle: Sendable {
    /// The needle, ``SearchText/folded(_:)``.
    public let folded: String
    /// Its bytes when it is ASCII (letters lowercase), else nil.
    private let bytes: [UInt8]?
    /// Whether it may occur in a formatted amount (`-66.20`): digits, `-` and `.` only.
    public let mayBeAnAmount: Bool

    /// The needle for `text`, as typed.
    public init(_ text: String) {
        folded = SearchText.folded(text)
        bytes = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
        mayBeAnAmount = folded.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }
    }

    /// Whether `text` holds the needle, any case and any accents; `cache` folds a text
    /// that is not ASCII once.
    public func found(in text: String?, _ cache: inout FoldedTexts) -> Bool {
        guard let text else { return false }
        if let bytes, let found = Self.asciiContains(text, bytes) { return found }
        // Folded, most names are ASCII (`Café` → `cafe`): bytes again, not Foundation's
        // search, which costs microseconds a text.
        let foldedText = cache(text)
        if let bytes, let found = Self.asciiContains(foldedText, bytes) { return found }
        return foldedText.contains(folded)
    }

    /// Whether ASCII `text` holds `needle` (ASCII, lowercase) in any case; nil when
    /// `text` is not ASCII.
    static func asciiContains(_ text: String, _ needle: [UInt8]) -> Bool? {
        var text = text
        return text.withUTF8 { haystack -> Bool? in
            var ascii = true
            for byte in haystack where byte >= 0x80 {
                ascii = false
                break
            }
            guard ascii else { return nil }
            guard !needle.isEmpty else { return true }
            guard haystack.count >= needle.count else { return false }
            let first = needle[0]
            for start in 0 ... haystack.count - needle.count where lower(haystack[start]) == first {
                var offset = 1
                while offset < needle.count, lower(haystack[start + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            return false
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// ``SearchText/folded(_:)`` remembering what it folded, for one pass over entries.
public struct FoldedTexts {
    private var known: [String: String] = [:]

    /// Nothing folded yet.
    public init() {}

    /// `text` folded, from memory when folded before.
    public mutating func callAsFunction(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        if let folded = known[text] { return folded }
        let folded = SearchText.folded(text)
        known[text] = folded
        return folded
    }

    /// Whether `text` holds `needle`, already folded; false without text.
    public mutating func contains(_ text: String?, folded needle: String) -> Bool {
        guard let text else { return false }
        return self(text).contains(needle)
    }
}
