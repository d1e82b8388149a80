import TallySyntax

/// `; tally-fmt: off` and `; tally-fmt: on`: the lines between them are kept as written.
///
/// The lines holding the two comments are themselves formatted; an `off` without a
/// matching `on` runs to the end of the file. The words are matched exactly (lowercase,
/// one `:`), with any spaces around them.
enum FormatOffRegions {
    /// What a comment says to the formatter.
    enum Directive { case off, on }

    /// The directive a comment's bytes carry, if any.
    static func directive(_ comment: UnsafeBufferPointer<UInt8>) -> Directive? {
        var text = Substring(String(decoding: comment, as: UTF8.self))
        guard text.first == ";" else { return nil }
        text = text.dropFirst()
        text = trimmed(text)
        guard text.hasPrefix("tally-fmt:") else { return nil }
        switch trimmed(text.dropFirst("tally-fmt:".count)) {
        case "off": return .off
        case "on": return .on
        default: return nil
        }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let c = text.first, c == " " || c == "\t" { text = text.dropFirst() }
        while let c = text.last, c == " " || c == "\t" || c == "\r" { text = text.dropLast() }
        return text
    }

    /// Marks the lines inside off regions as verbatim.
    static func mark(_ lines: inout [SourceLine], tokens: TokenView) {
        var off = false
        for i in lines.indices {
            var said: Directive?
            for t in lines[i].tokens {
                if tokens.kinds[t] == .comment, let d = directive(tokens.bytes(of: t)) { said = d }
            }
            if off && said != .on {
                lines[i].verbatim = true
                lines[i].formatOff = true
            }
            if let said { off = said == .off }
        }
    }
}
