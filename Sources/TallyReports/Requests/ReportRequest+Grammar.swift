import TallyCore
import TallySyntax

/// The grammar of report options, read one option at a time so that the first mistake
/// is the one reported. Names are the long flags (`--period`); the web app's query
/// parameters are the same names without their dashes.
extension ReportRequest {
    /// An option every report that accepts it reads the same way.
    public enum Option: String, CaseIterable, Sendable {
        case today, period, begin, end, at, wallet, category, tag, payee, type, search, sort, desc

        /// The long spelling: `--period`.
        public var name: String { "--" + rawValue }
    }

    /// Options that may be given more than once, each adding to the others.
    static let repeatable: Set<String> = ["--wallet", "--category", "--tag", "--type", "--file"]

    /// Reads a shared option (`option`) with its value, nil for a switch.
    public mutating func read(_ option: Option, _ value: String?) throws(UsageError) {
        let name = option.name
        if option == .desc {
            guard value == nil else { throw UsageError("`\(option: "--desc")` takes no value") }
            descending = true
            return
        }
        let text = value ?? ""
        switch option {
        case .type: try UsageError.check(text, of: name, among: FlowType.allCases.map(\.rawValue))
        case .sort: try UsageError.check(text, of: name, among: RegisterSort.allCases.map(\.rawValue))
        default: break
        }
        try once(name, text)
        switch option {
        case .today: today = try Self.date(name, text)
        case .at: at = try Self.date(name, text)
        case .period: period = try PeriodSpec(text, flag: name)
        case .begin: begin = try PeriodSpec(text, flag: name)
        case .end: end = try PeriodSpec(text, flag: name)
        case .wallet: filters.wallets.append(text)
        case .category: filters.categories.append(text)
        case .tag: filters.tags.append(text.hasPrefix("#") ? String(text.dropFirst()) : text)
        case .payee: filters.payee = text
        case .search: filters.search = text
        case .type: filters.types.insert(FlowType(rawValue: text)!)
        case .sort: sort = RegisterSort(rawValue: text)!
        case .desc: break
        }
    }

    /// Reads a report's own option (`--days`), kept as given until
    /// ``ReportKind/check(_:hasQuery:)``: `takesValue` says whether it is a switch.
    public mutating func readOwn(_ name: String, _ value: String?, takesValue: Bool) throws(UsageError) {
        guard takesValue else {
            guard value == nil else { throw UsageError("`\(option: name)` takes no value") }
            own[name] = ""
            return
        }
        try once(name, value ?? "")
        own[name] = value ?? ""
    }

    /// Checks the shared options against each other once all are read: a period given
    /// twice, or (`day`) a day given both by `--at` and by a period.
    public func checkShared(day: Bool = true) throws(UsageError) {
        if period != nil && (begin != nil || end != nil) {
            throw UsageError("`\(option: "--period")` and `\(option: "--begin")`/`\(option: "--end")` both give the dates; use one or the other")
        }
        if day, let at, period != nil || begin != nil || end != nil {
            throw UsageError("`\(option: "--at") \(at)` and a period both give the day; use one or the other")
        }
    }

    /// Sets the query words and the query they make.
    public mutating func setQuery(_ words: [String]) throws(UsageError) {
        queryTerms = words
        filters.query = try EntryQuery(words)
    }

    /// Refuses an option that takes one value given twice with different values.
    mutating func once(_ name: String, _ value: String) throws(UsageError) {
        guard !Self.repeatable.contains(name) else { return }
        if let earlier = given[name], earlier != value {
            throw UsageError("`\(option: name)` given twice, as `\(earlier)` and `\(value)`; choose one")
        }
        given[name] = value
    }

    /// A date value.
    static func date(_ name: String, _ text: String) throws(UsageError) -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw UsageError("`\(option: name)`: `\(text)` is not a date; write YYYY-MM-DD") }
        return date
    }

    // MARK: Own options, made typed

    /// A whole number own option, at least `minimum`; nil when not given.
    func count(_ name: String, minimum: Int = 1, maximum: Int = 100_000) throws(UsageError) -> Int? {
        guard let text = own[name] else { return nil }
        guard let n = Int(text), n >= minimum, n <= maximum else {
            if minimum == 1, let n = Int(text), n < 1 { throw UsageError("`\(option: name)`: `\(text)` must be a positive number") }
            throw UsageError("`\(option: name)`: `\(text)` is not a whole number from \(minimum) to \(maximum)")
        }
        return n
    }

    /// An own option whose value must be one of `choices`; nil when not given.
    func choice(_ name: String, among choices: [String]) throws(UsageError) -> String? {
        guard let text = own[name] else { return nil }
        guard choices.contains(text) else {
            throw UsageError("`\(option: name)`: `\(text)` is not one of: \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// The step the own options ask for, nil for none; two steps are a usage error.
    func askedStep() throws(UsageError) -> PeriodColumns.Step? {
        let asked = PeriodColumns.Step.allCases.filter { own[$0.flag] != nil || own[$0.shortFlag] != nil }
        if asked.count > 1 { throw UsageError("`\(option: asked[0].flag)` and `\(option: asked[1].flag)` both set the columns; choose one") }
        return asked.first
    }
}
