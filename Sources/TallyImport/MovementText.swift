import Foundation
import TallyCore

/// Statement texts reduced to what identifies a counterparty: lowercase, accents
/// removed, digits and punctuation dropped, words separated by one space.
/// `"CARD 1234 TESCO STORES 3341 LONDON"` becomes `"card tesco stores london"`, so card
/// numbers, terminal ids and dates inside a text do not make one shop look like many.
public enum MovementText {
    public static func normalize(_ text: String) -> String {
        // Most bank texts are ASCII: no accents to remove, no Unicode tables needed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if lower >= 0x61 && lower <= 0x7A {
                    if pendingSpace && !out.isEmpty { out.append(0x20) }
                    pendingSpace = false
                    out.append(lower)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        let folded = text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded {
            if (0x300 ... 0x36F).contains(scalar.value) { continue }
            if scalar.properties.isAlphabetic {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(out)
    }

    /// The words of a normalized text. Cut at its spaces by their bytes: a space is one
    /// byte and one character, and no character of a normalized text combines with it.
    static func words(_ normalized: String) -> [Substring] {
        var result: [Substring] = []
        let utf8 = normalized.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == 0x20 {
                if i != start { result.append(normalized[start ..< i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { result.append(normalized[start...]) }
        return result
    }

    /// A 64-bit FNV-1a hash of the text's UTF-8, written as 16 hex digits: stable across
    /// runs and machines, unlike `Hasher`.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
