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
