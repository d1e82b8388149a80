/// Where a budget line holds a value that may be a secret, so that nothing quoting the
/// source (a diagnostic's excerpt, the source view) shows it.
///
/// The one such value is an import profile's `token` (Grammar.md §7.1) when it does not
/// name a place (`env:NAME`, `file:PATH`): then it may be the bank's API token itself
/// (E0418). It is found by lexing the one line, as the whole file's pass would, so that a
/// renderer holding only the source text can hide it without the syntax tree.
public enum SecretValues {
    /// The ranges of `source` within the line `line` (its content, without the line
    /// break) that hold a secret: a quoted value's text inside its quotes, or a bare
    /// value whole. Empty for any line that is not an import profile's.
    public static func ranges(in source: SourceText, line: ByteRange) -> [ByteRange] {
        let bytes = source.bytes
        guard line.start >= 0, line.end <= bytes.count, line.start < line.end,
            line.end - line.start > 6, bytes[line.start ..< line.start + 6].elementsEqual("import".utf8)
        else { return [] }
        let stream = bytes.withUnsafeBufferPointer { Lexer.tokenize($0, range: line.start ..< line.end, path: source.path) }
        var tokens: [(kind: TokenKind, range: ByteRange)] = []
        for i in stream.kinds.indices where !stream.kinds[i].isTrivia {
            tokens.append((stream.kinds[i], ByteRange(start: Int(stream.starts[i]), end: Int(stream.starts[i + 1]))))
        }
        guard let first = tokens.first, first.kind == .name, source.text(in: first.range) == "import" else { return [] }
        var found: [ByteRange] = []
        for (i, token) in tokens.enumerated().dropFirst() where i + 1 < tokens.count {
            guard token.kind == .name, source.text(in: token.range) == "token" else { continue }
            let value = tokens[i + 1]
            let raw = source.text(in: value.range)
            let meant = value.kind == .text || value.kind == .quotedName ? Unquote.value(of: raw) : raw
            if isPlace(meant) { continue }
            var range = value.range
            if value.kind == .text || value.kind == .quotedName {
                let quote = bytes[range.start]
                range.start += 1
                if range.end > range.start, bytes[range.end - 1] == quote { range.end -= 1 }
            }
            if range.end > range.start { found.append(range) }
        }
        return found
    }

    /// Whether `value` names where a token is kept rather than holding one.
    /// As `TokenSource` reads it: `env:NAME` (no spaces) or `file:PATH`.
    static func isPlace(_ value: String) -> Bool {
        if value.hasPrefix("env:") { return value.count > 4 && !value.dropFirst(4).contains(where: \.isWhitespace) }
        return value.hasPrefix("file:") && value.count > 5
    }

    /// What a secret's place shows instead of it.
    public static let mask = "…"

    /// The text of `range` of `source` with each of `secrets` that it overlaps shown as
    /// ``mask``: what every view quoting the source shows.
    public static func text(of source: SourceText, in range: ByteRange, hiding secrets: [ByteRange]) -> String {
        var text = "", at = range.start
        for secret in secrets where secret.end > range.start && secret.start < range.end {
            if secret.start > at { text += source.text(in: ByteRange(start: at, end: secret.start)) }
            text += mask
            at = max(at, secret.end)
        }
        if at < range.end { text += source.text(in: ByteRange(start: at, end: range.end)) }
        return text
    }

    /// The line `line` (its content) of `source` with its secrets shown as ``mask``.
    public static func masked(_ source: SourceText, line: ByteRange) -> String {
        text(of: source, in: line, hiding: ranges(in: source, line: line))
    }
}
