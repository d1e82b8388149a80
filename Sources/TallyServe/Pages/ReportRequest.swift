import TallyCore
import TallyReports
import TallySyntax

/// A page's query parameters read as the command line's report options are: the same
/// period words, filters and query words, and the same usage errors.
struct ReportRequest {
    var filters = ReportFilters()
    var range: ClosedRange<CivilDate>?
    var at: CivilDate?
    var sort = RegisterSort.date
    var descending = false

    init(_ query: [(String, String)], budget: ReportBudget) throws(UsageError) {
        var period: PeriodSpec?, begin: PeriodSpec?, end: PeriodSpec?
        var words: [String] = []
        for (name, value) in query where !value.isEmpty || name == "desc" {
            switch name {
            case "period": period = try PeriodSpec(value, flag: "--period")
            case "begin": begin = try PeriodSpec(value, flag: "--begin")
            case "end": end = try PeriodSpec(value, flag: "--end")
            case "at":
                guard let date = CivilDate(iso: value) else { throw UsageError("`--at`: `\(value)` is not a date; write YYYY-MM-DD") }
                at = date
            case "wallet": filters.wallets.append(value)
            case "category": filters.categories.append(value)
            case "tag": filters.tags.append(value.hasPrefix("#") ? String(value.dropFirst()) : value)
            case "payee": filters.payee = value
            case "search": filters.search = value
            case "type":
                guard let type = FlowType(rawValue: value) else { throw UsageError("`--type`: `\(value)` is not one of income, expense, transfer") }
                filters.types.insert(type)
            case "sort":
                guard let sort = RegisterSort(rawValue: value) else { throw UsageError("`--sort`: `\(value)` is not one of date, amount, category, payee") }
                self.sort = sort
            case "desc": descending = true
            case "q": words += QueryWords.split(value)
            default: continue
            }
        }
        if period != nil, begin != nil || end != nil { throw UsageError("`--period` and `--begin`/`--end` both give the dates; use one or the other") }
        filters.query = try EntryQuery(words)
        range = try budget.range(period ?? PeriodSpec.bounds(begin: begin, end: end), flag: period != nil ? "--period" : "--begin`/`--end")
    }
}

/// Query words typed in one box: split at spaces, except inside double quotes (which are
/// kept, as a shell would not keep them: `payee:"Corner Shop"` is one word).
enum QueryWords {
    static func split(_ text: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for character in text {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
