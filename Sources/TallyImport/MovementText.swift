import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Statement texts reduced to what identifies a counterparty: lowercase, accents
/// removed, digits and punctuation dropped, words separated by one space.
/// `"CARD 1234 TESCO STORES 3341 LONDON"` becomes `"card tesco stores london"`, so card
/// numbers, terminal ids and dates inside a text do not make one shop look like many.
public enum MovementText {
    public static func normalize(_ text: String) -> String { folded(text, keepingDigits: false) }

    /// `text` lowercase, accents removed, only letters (and digits when `keepingDigits`)
    /// kept, every run of anything else one space: a counterparty's text without digits,
    /// a statement cell with them (``MovementIdentity``).
    static func folded(_ text: String, keepingDigits: Bool) -> String {
        // Most bank texts are ASCII: no accents to remove, no Unicode tables needed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (keepingDigits && lower >= 0x30 && lower <= 0x39) {
                    if pendingSpace && !out.isEmpty { out.append(0x20) }
                    pendingSpace = false
                    out.append(lower)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        let scalars = UnicodeFolding.decomposed(text.lowercased()).unicodeScalars
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in scalars {
            if (0x300 ... 0x36F).contains(scalar.value) { continue }
            if scalar.properties.isAlphabetic || (keepingDigits && ("0" ... "9").contains(scalar)) {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(out)
    }

    /// The words of a normalized text that can tell counterparties apart: bank noise is
    /// left out (``isNoise(_:)``), so `Müller Handels GmbH` and `ACME GmbH` share no word.
    /// Single letters stay (`h m` of `H&M`), unless together they spell a legal form
    /// written with dots (`b v` of `B.V.`, `s r o` of `s.r.o.`). Cut at its spaces by
    /// their bytes: a space is one byte and one character, and no character of a
    /// normalized text combines with it.
    static func words(_ normalized: String) -> [Substring] {
        var result: [Substring] = []
        var letters = 0  // the run of single letters at the end of `result`
        func add(_ word: Substring) {
            if word.utf8.count == 1 {
                result.append(word)
                letters += 1
                return
            }
            endLetters()
            if !isNoise(word) { result.append(word) }
        }
        func endLetters() {
            if letters > 1 && noise.contains(Substring(result.suffix(letters).joined())) { result.removeLast(letters) }
            letters = 0
        }
        let utf8 = normalized.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == 0x20 {
                if i != start { add(normalized[start ..< i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { add(normalized[start...]) }
        endLetters()
        return result
    }

    /// Words every bank writes around the counterparty, which say nothing about it: legal
    /// forms, payment and SEPA words, reference labels, and masked card numbers (`xxxx`).
    /// Texts are still compared whole with them (a payee seen before is found as written).
    static func isNoise(_ word: Substring) -> Bool {
        if noise.contains(word) { return true }
        // A masked card number: `XXXX1234` is `xxxx` once digits are gone.
        return word.utf8.count >= 3 && word.utf8.allSatisfy { $0 == 0x78 }
    }

    static let noise: Set<Substring> = [
        // Legal forms.
        "gmbh", "mbh", "ag", "kg", "ohg", "ug", "ev", "gbr", "kgaa", "se", "co", "ltd", "limited", "llc", "llp", "lp", "inc",
        "corp", "plc", "pty", "bv", "nv", "vof", "sa", "sas", "sarl", "srl", "spa", "sro", "spol", "as", "sp", "zoo", "oy",
        "oyj", "ab", "aps", "asa", "kft", "zrt", "doo", "dd",
        // Payment and SEPA words, in the languages of the statements Tally reads.
        "sepa", "lastschrift", "basislastschrift", "folgelastschrift", "erstlastschrift", "gutschrift", "uberweisung",
        "ueberweisung", "dauerauftrag", "kartenzahlung", "zahlung", "einzug", "debitk", "girocard", "ec", "pos", "mandat",
        "mandatsref", "mandatsreferenz", "glaubiger", "glaeubiger", "glaubigerid", "creditor", "iban", "bic", "ref", "eref",
        "mref", "cred", "svwz", "abwa", "kref", "endtoendref", "notprovided", "referenz", "reference", "transaction",
        "transactie", "pasvolgnr", "term", "terminal", "betaalautomaat", "overboeking", "incasso", "ideal", "naam",
        "omschrijving", "kenmerk", "machtiging", "incassant", "platba", "kartou", "prevod"
    ]

    /// The ``FNV1a`` hash of the text's UTF-8, written as 16 hex digits: stable across
    /// runs and machines, unlike `Hasher`.
    static func stableHash(_ text: String) -> String { FNV1a.hex(FNV1a.hash(text.utf8)) }
}
