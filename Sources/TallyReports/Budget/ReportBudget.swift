import TallyCore
import TallySyntax

/// A loaded, interpreted budget with its exchange rates: what every report starts from,
/// whichever front end asks (the command line, the editor, a web server). It resolves
/// what was asked (periods, filters, the day to show) against the budget and writes
/// amounts as every report's JSON and text show them.
public struct ReportBudget: Sendable {
    /// The interpreted budget.
    public let model: BudgetModel
    /// Its exchange rates, for converting to the default currency (or, valued, to
    /// ``currency``).
    public private(set) var rates: ExchangeRates
    /// The files read: the budget's root and includes, as named to people.
    public let files: [String]
    /// How many errors the budget has (after `option severity` and `tally-ignore`);
    /// entries with errors are left out of every figure.
    public let errorCount: Int
    /// The text of each file read, by its path as entries name it
    /// (`SourceLocation.file`); empty unless `open` was asked to keep it (`tally print`).
    public private(set) var sources: [String: SourceText] = [:]
    /// The metadata lines the model does not keep, for the query (a converted journal's
    /// account names, status, value tags); empty unless `open` was asked to keep them.
    public private(set) var metadata = KeptMetadata()

    /// The day reports are made as of.
    public var today: CivilDate { model.today }

    /// A budget already interpreted (an editor's analysis, a test).
    public init(model: BudgetModel, files: [String] = [], errorCount: Int = 0) {
        self.model = model
        self.rates = ExchangeRates(model)
        self.files = files
        self.errorCount = errorCount
    }

    /// Why a budget cannot be reported on.
    public enum OpenError: Error {
        /// A file could not be read.
        case unreadable(UnreadableFile)
        /// Its totals could overflow (E0404): a wrong figure is worse than none.
        case inexactTotals
    }

    /// A file that could not be read, and why.
    public struct UnreadableFile: Error {
        /// The path as given (`<files>` for the root of several files).
        public let path: String
        /// Why it could not be read.
        public let error: FileReadError
    }

    /// Loads the budget in `files` (see `load`), interprets it as of `today` and applies
    /// the budget's diagnostic policy to count its errors. A budget with errors is still
    /// reported on; one whose totals could overflow is not.
    /// With `keepingSources`, the files' texts are kept too (`sources`, for `print`); with
    /// `metadata`, as much of the metadata as a query reads (``EntryQuery/metadataScope``).
    public static func open(
        files: [String], today: CivilDate, keepingSources: Bool = false, metadata: KeptMetadata.Scope = .none
    ) throws(OpenError) -> ReportBudget {
        let opened = try opened(files: files, today: today)
        var report = opened.report
        report.metadata = KeptMetadata(opened.budget, scope: metadata)
        if keepingSources {
            for file in opened.budget.files { report.sources[file.path] = file.tree.source }
        }
        return report
    }

    /// A budget opened for reports together with what was read and found on the way:
    /// what a front end that also shows the source and the diagnostics keeps (`tally
    /// serve`).
    public struct Opened: Sendable {
        /// The budget as reports see it.
        public let report: ReportBudget
        /// The files as read.
        public let budget: Budget
        /// The diagnostics, after the budget's own policy.
        public let diagnostics: [Diagnostic]
    }

    /// Opens the budget as ``open(files:today:)`` does, keeping the files read and the
    /// diagnostics.
    public static func opened(files: [String], today: CivilDate) throws(OpenError) -> Opened {
        let budget: Budget
        do { budget = try load(files) } catch { throw .unreadable(error) }
        let (model, found) = Interpreter.run(budget, today: today)
        let diagnostics = DiagnosticPolicy.shown(found, in: budget)
        guard model.totalsAreExact else { throw .inexactTotals }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let report = ReportBudget(model: model, files: budget.files.map(\.path).filter { $0 != "<files>" }, errorCount: errors)
        return Opened(report: report, budget: budget, diagnostics: diagnostics)
    }

    /// Loads one budget, or several (`-f a.tally -f b.tally`) as one: read as if a root
    /// file included each of them, so their entries form one budget. `-` reads standard
    /// input.
    public static func load(_ files: [String]) throws(UnreadableFile) -> Budget {
        if files.count == 1 {
            do { return try BudgetLoader.load(argument: files[0]) } catch { throw UnreadableFile(path: files[0], error: error) }
        }
        var root = ""
        var base: any FileProvider = DiskFileProvider()
        for path in files {
            do {
                if path == "-" {
                    let bytes = try StandardInputProvider().read("<stdin>")
                    base = OverlayFileProvider(buffers: ["<stdin>": bytes], disk: base)
                    root += "include \"<stdin>\"\n"
                } else {
                    _ = try base.read(path)
                    root += "include \"\(path)\"\n"
                }
            } catch { throw UnreadableFile(path: path, error: error) }
        }
        let name = "<files>"
        let provider = OverlayFileProvider(buffers: [name: Array(root.utf8)], disk: base)
        do { return try BudgetLoader(provider: provider).load(name) } catch { throw UnreadableFile(path: name, error: error) }
    }

    /// The entry filter for `filters`, with wallet and category names checked against
    /// the budget (a name it lacks is a usage error with a "did you mean").
    public func filter(_ filters: ReportFilters, range: ClosedRange<CivilDate>?) throws(UsageError) -> EntryFilter {
        var filter = EntryFilter()
        filter.range = range
        for name in filters.wallets {
            guard let index = model.wallets.firstIndex(where: { $0.name == name }) else {
                throw UsageError("`\(option: "--wallet")`: no wallet named `\(name)`\(suggestion(name, model.wallets.map(\.name)))")
            }
            filter.wallets.insert(index)
        }
        for name in filters.categories {
            guard model.categories.contains(where: { $0.isWithin(name) }) else {
                throw UsageError("`\(option: "--category")`: no category named `\(name)`\(suggestion(name, model.categories.map(\.name)))")
            }
            filter.categories.append(name)
        }
        filter.tags = filters.tags
        filter.payee = filters.payee
        filter.types = filters.types
        filter.search = filters.search
        if let name = filters.query.unknownEnvelope(in: model) {
            throw UsageError("query `envelope:\(name)`: no envelope named `\(name)`" + suggestion(name, model.envelopes.map(\.name)))
        }
        if !filters.query.isEmpty { filter.query = filters.query.predicate(model: model, today: today, metadata: metadata) }
        return filter
    }

    /// The query's plain words that name no wallet, category, payee, note or account of
    /// the budget (``EntryQuery/unmatchedWords(model:metadata:)``).
    public func unmatchedWords(_ query: EntryQuery) -> [String] {
        query.unmatchedWords(model: model, metadata: metadata)
    }

    private func suggestion(_ name: String, _ candidates: [String]) -> String {
        UsageError.closest(name, candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The days of `spec`; open ends reach the budget's first or last entry, or today.
    /// A period without days (`-b 2026-12 -e 2026-12`) is a usage error naming `flag`.
    public func range(_ spec: PeriodSpec?, flag: String) throws(UsageError) -> ClosedRange<CivilDate>? {
        guard let spec else { return nil }
        let dates = model.entries.lazy.map(\.date)
        guard let range = spec.resolve(today: today, weekStart: model.weekStart, earliest: dates.min(), latest: dates.max()) else {
            throw UsageError("`\(options: flag.split(separator: "`/`").map(String.init), separator: "`/`")`: the period holds no days (it ends before it starts)")
        }
        return range
    }

    /// The day a report that shows one day (balances, goals, envelopes) is made for:
    /// `at`, else today when `period` holds it, else the period's last day.
    public func day(at: CivilDate?, period: ClosedRange<CivilDate>?) -> CivilDate {
        if let at { return at }
        guard let period, !period.contains(today) else { return today }
        return period.upperBound
    }

    /// The entries dated within `range` (all without one), in date order.
    public func entries(in range: ClosedRange<CivilDate>?) -> [Entry] {
        guard let range else { return model.entries }
        return model.entries.filter { range.contains($0.date) }
    }

    // MARK: Amounts as reports write them

    /// The currency totals are in: the default currency's code (or empty), or the one a
    /// market valuation asks for (``valued(in:on:)``).
    public var currency: String { rates.target }

    /// The budget as a market valuation (`-V`, `-X COMMODITY`) reports it: totals in
    /// `currency` (nil: the default currency), each amount converted at the rate of the
    /// first of `days` on or after its date, through chains of rates (``ExchangeRates``).
    public func valued(in currency: String?, on days: [CivilDate]) -> ReportBudget {
        var copy = self
        copy.rates = rates.valued(in: currency, on: days)
        return copy
    }

    /// An amount with the currency's decimals, no unit.
    public func plain(_ money: Money, _ currency: String) -> String { model.text(money, currency, code: false, exactly: true) }

    /// An amount with the currency's decimals and its code.
    public func amount(_ money: Money, _ currency: String) -> String { model.text(money, currency, exactly: true) }

    /// An amount in the default currency, no unit (tables name it in the header).
    public func inDefault(_ money: Money) -> String { plain(money, currency) }

    /// A percentage with one decimal and a `%`.
    public func percent(_ value: Money?) -> String { value.map { $0.formatted(scale: 1) + "%" } ?? "" }

    /// The currencies that could not be converted, as every report's `missingRates`.
    public func missingRatesJSON(_ missing: [MissingRate]) -> JSONValue {
        .array(missing.map { .object([("currency", .string($0.currency)), ("date", .string($0.date.description))]) })
    }
}

/// What narrows the entries a report counts: the filter flags and the query words.
/// Names are checked against the budget by `ReportBudget.filter`.
public struct ReportFilters: Sendable {
    /// `--wallet`: wallet names; empty for all.
    public var wallets: [String] = []
    /// `--category`: category names, each with its children; empty for all.
    public var categories: [String] = []
    /// `--tag`: tags without `#`.
    public var tags: [String] = []
    /// `--payee`: a part of the payee, any case.
    public var payee: String?
    /// `--type`: the kinds of movement kept; empty for all.
    public var types: Set<FlowType> = []
    /// `--search`: text searched in payee, note, category, wallet, tags and amount.
    public var search: String?
    /// The query words after the file.
    public var query = EntryQuery()

    /// No filtering.
    public init() {}
}
