import TallyReports
import TallySyntax

/// `GET /api/REPORT?...`: the command line's own `tally REPORT --format json` for the
/// same budget and options. Query parameters are the long flags without their dashes
/// (`period=2026-11`, `wallet=Cash&wallet=Bank`); a parameter without a value is a switch
/// (`desc`, `monthly`); `q` holds query words. What would write a file or change the
/// output's form (`file`, `output`, `format`, `color`, `width`, `csv-separator`) is
/// refused.
enum APIRoute {
    /// Parameters the API never passes on.
    static let refused: Set<String> = ["file", "f", "o", "output", "format", "color", "colour", "width", "csv-separator", "html", "token", "today"]

    /// The command line's arguments for `query` (after the file), or why not.
    static func arguments(_ query: [(String, String)]) -> Result<[String], UsageError> {
        var flags: [String] = [], words: [String] = []
        for (name, value) in query {
            if name == "q" {
                words += QueryWords.split(value)
                continue
            }
            guard !refused.contains(name), let first = name.first, first.isLetter, first.isASCII,
                name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" })
            else { return .failure(UsageError("`\(name)` is not a report option here")) }
            flags.append(value.isEmpty ? "--\(name)" : "--\(name)=\(value)")
        }
        // Query words after `--` would be read as words even when they start with `-`;
        // the report parsers read them as positional arguments after the flags.
        return .success(flags + ["--format", "json"] + words)
    }
}
