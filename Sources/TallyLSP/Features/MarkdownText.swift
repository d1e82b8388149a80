/// Markdown that shows a piece of text (a name, a payee) as written.
///
/// Hovers are Markdown, and some clients show Markdown as plain text, so every backslash
/// added is one the user may see (`Anna\-cash`). Only what CommonMark (and GitHub's
/// strikethrough, which VS Code renders) would read as markup is escaped:
///
/// - `` ` `` (code), `*` (emphasis, even inside a word), `~` (strikethrough), `[` (links
///   and images; a `]` or `(` alone is plain), `<` (HTML and autolinks): always.
/// - `_`: unless its run of underscores stands between two letters or digits, where it
///   can neither open nor close emphasis (`x_y` and `x__y` stay, `x_y_` becomes `x_y\_`).
/// - `&`: before a letter or `#`, where it could begin an entity (`&amp;`).
/// - `\`: before ASCII punctuation or at the end, where it would escape what follows.
/// - `#`, `>`, `-`, `+`, `=` as the first character, where a line-start marker would
///   begin a heading, quote, list or underline if the text ever started a line.
///
/// Everything else (`-` and `'` inside a word, `.`, `:`, `/`, `(`, `!`) needs nothing.
public enum MarkdownText {
    /// `text` with only the characters escaped that Markdown would otherwise read as markup.
    public static func literal(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Around the current run of underscores: a run flanks as one.
        var runBefore: Character?
        var runAfter: Character?
        for (i, c) in characters.enumerated() {
            var before = i > 0 ? characters[i - 1] : nil
            var after = i + 1 < characters.count ? characters[i + 1] : nil
            if c == "_" {
                if before != "_" {
                    runBefore = before
                    var end = i
                    while end < characters.count && characters[end] == "_" { end += 1 }
                    runAfter = end < characters.count ? characters[end] : nil
                }
                before = runBefore
                after = runAfter
            }
            if needsEscape(c, before: before, after: after, atStart: i == 0) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    private static func needsEscape(_ c: Character, before: Character?, after: Character?, atStart: Bool) -> Bool {
        switch c {
        case "`", "*", "~", "[", "<":
            return true
        case "_":
            return !(isWordCharacter(before) && isWordCharacter(after))
        case "&":
            guard let after else { return false }
            return after.isLetter || after == "#"
        case "\\":
            guard let after else { return true }
            return after.isASCII && (after.isPunctuation || after.isSymbol)
        case "#", ">", "-", "+", "=":
            return atStart
        default:
            return false
        }
    }

    private static func isWordCharacter(_ c: Character?) -> Bool {
        guard let c else { return false }
        return c.isLetter || c.isNumber
    }
}
