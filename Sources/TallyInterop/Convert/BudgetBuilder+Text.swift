import TallySyntax

/// Names, texts, tags and metadata keys as Tally writes them. (Kept together: one
/// writer of Tally text in TallySyntax is to replace the static functions here.)
extension BudgetBuilder {
    static let keywords: Set<String> = ["transfer", "fill", "move", "assert", "rate", "skip", "goal", "rule", "by", "opening", "on",
                                        "currency", "limit", "closed", "hidden", "owner", "bank", "cash", "credit", "savings",
                                        "investment", "loan", "other", "income", "expense", "for", "in", "rollover", "alert"]

    /// Control characters, which a Tally file may not hold (E0104), as spaces.
    static func printable(_ s: String) -> String {
        // Control characters are ASCII: their bytes are never part of another character.
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return s }
        return String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// A Tally name, quoted when it has to be.
    static func name(_ raw: String) -> String {
        let s = printable(raw)
        // Beyond the parser's rules, any character Unicode calls white space is quoted.
        let plain = !NameSyntax.needsQuotes(s) && !keywords.contains(s) && !s.contains(where: { $0.isWhitespace }) && !(s.first!.isNumber)
        return plain ? s : NameSyntax.quoted(s)
    }

    /// A Tally text in double quotes.
    static func text(_ raw: String) -> String {
        let s = printable(raw)
        if !s.utf8.contains(where: { $0 == 34 || $0 == 92 }) { return "\"" + s + "\"" }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func tag(_ s: String) -> String {
        // Most tags are printable ASCII with nothing to replace.
        if !s.isEmpty, s.utf8.allSatisfy({ $0 > 32 && $0 < 0x7F && $0 != 44 && $0 != 59 && $0 != 34 && $0 != 35 }) { return s }
        let cleaned = String(printable(s).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" || $0 == "#" ? "-" : $0 })
        return cleaned.isEmpty ? "-" : cleaned
    }

    static func key(_ s: String) -> String {
        if let first = s.utf8.first, first != 35,
           s.utf8.allSatisfy({ $0 > 32 && $0 < 0x7F && $0 != 44 && $0 != 59 && $0 != 34 && $0 != 58 && $0 != 39 }) { return s }
        let cleaned = String(printable(s).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" || $0 == ":" || $0 == "'" ? "-" : $0 })
        return cleaned.isEmpty || cleaned.first == "#" ? "x" + cleaned : cleaned
    }

    /// ``name(_:)``, worked out once per name: names repeat on every entry.
    mutating func tallyName(_ s: String) -> String {
        if let known = nameCache[s] { return known }
        let result = BudgetBuilder.name(s)
        nameCache[s] = result
        return result
    }

    /// The Tally name (``tallyName(_:)``) of the category `account` became, nil when it
    /// became none.
    mutating func categoryName(_ account: String, _ categoryNames: [String: String]) -> String? {
        if let known = categoryNameCache[account] { return known }
        guard let category = categoryNames[account] else { return nil }
        let result = tallyName(category)
        categoryNameCache[account] = result
        return result
    }
}
