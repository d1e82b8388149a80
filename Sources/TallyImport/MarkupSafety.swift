import TallyCore

/// What an XML or SGML statement (CAMT, OFX, Fio banka's XML) may not hold, checked before
/// it is read: statements never need a document type or entity declarations, and a
/// reader that met one would either resolve what the file declares (an entity `&z;`
/// standing for `0` turns `1&z;5.00` into `105.00`) or drop it silently (`15.00`). So a
/// file with `<!DOCTYPE` or `<!ENTITY` is refused, and so is nesting deeper than any
/// statement's (a CAMT entry is about 12 elements deep), which would only cost time.
enum MarkupSafety {
    /// The deepest nesting of elements a statement may have.
    static let maximumDepth = 100

    /// The error for a document type or entity declaration in `text`, or nil when it has none.
    static func declarationError(in text: String, path: String) -> StatementError? {
        // Declarations stand before the root element: looking for `<!` is enough, and any
        // `<!` that is not a comment or a CDATA section is refused.
        var utf8 = text.utf8[...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "<")) {
            let rest = text.utf8[open...].dropFirst()
            utf8 = rest
            guard rest.first == UInt8(ascii: "!") else { continue }
            let word = String(decoding: rest.dropFirst().prefix(8), as: UTF8.self).uppercased()
            if word.hasPrefix("--") || word.hasPrefix("[CDATA[") { continue }
            let what = word.hasPrefix("ENTITY") ? "an entity declaration" : word.hasPrefix("DOCTYPE") ? "a document type" : "a markup declaration"
            let before = String(decoding: text.utf8[..<open], as: UTF8.self)
            return StatementError(
                path: path, position: StatementEncoding.position(after: before),
                message: "the statement holds \(what) (`<!\(word.prefix { $0.isLetter })`); bank statements never need one, so Tally does not read it")
        }
        return nil
    }

    /// The error for an element nested deeper than `maximumDepth`.
    static func depthError(at position: StatementPosition, path: String) -> StatementError {
        StatementError(
            path: path, position: position,
            message: "elements nested more than \(maximumDepth) deep; no bank statement nests so deep, so Tally does not read it")
    }
}
