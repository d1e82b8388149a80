import Foundation

/// Statement texts reduced to what identifies a counterparty: lowercase, accents
/// removed, digits and punctuation dropped, words separated by one space.
/// `"CARD 1234 TESCO STORES 3341 LONDON"` becomes `"card tesco stores london"`, so card
/// numbers, terminal ids and dates inside a text do not make one shop look like many.
public enum MovementText {
    public static func normalize(_ text: String) -> String {
        let folded = text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded {
            if (0x300...0x36F).contains(scalar.value) { continue }
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

    /// The words of a normalized text.
    static func words(_ normalized: String) -> [Substring] { normalized.split(separator: " ") }

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
