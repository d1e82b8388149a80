import TallyCore
import TallySyntax

/// A loaded, interpreted budget and the shared means to present it: what every report
/// command starts from.
struct ReportContext {
    let command: String
    let options: ReportOptions
    let model: BudgetModel
    let rates: ExchangeRates
    let console: Console
    /// Colour in text output.
    let color: Bool
    /// The files read: the budget's root and includes, as named to people.
    var files: [String] = []

    var today: CivilDate { model.today }

    /// Parses the arguments, loads the budget (with its includes) and interprets it.
    /// Prints a one-line message and returns the exit code on failure. A budget with
    /// errors is still reported on, with a note on standard error, unless its totals
    /// could overflow (exit 1).
    static func open(_ command: String, _ arguments: [String], console: Console,
                     parse: ([String]) throws(UsageError) -> ReportOptions) -> Result<ReportContext, ExitFailure> {
        var options: ReportOptions
        do {
            options = try parse(arguments)
            try options.resolveFiles(command: command, environment: console.environment)
        } catch {
            console.err("tally \(command): \(error.message)\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        guard let today = options.today ?? Interpreter.today(environment: console.environment) else {
            console.err("tally \(command): TALLY_TODAY is not a date; write it as YYYY-MM-DD\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        let budget: Budget
        do {
            budget = try load(options.files)
        } catch {
            console.err("tally \(command): cannot read `\(error.path)`: \(error.error.explanation)\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        let (model, found) = Interpreter.run(budget, today: today)
        let diagnostics = DiagnosticPolicy.shown(found, in: budget)
        // Totals that could overflow are never shown: a wrong figure is worse than none.
        guard model.totalsAreExact else {
            console.err("tally \(command): the budget's amounts add up to more than can be totalled exactly (E0404; run `tally check`), so no figures are shown\n")
            return .failure(ExitFailure(code: ExitCode.problems))
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            console.err("tally \(command): note: the budget has \(errors) error\(errors == 1 ? "" : "s") (run `tally check`); entries with errors are left out\n")
        }
        let color = console.usesColor(options.color)
        return .success(ReportContext(command: command, options: options, model: model, rates: ExchangeRates(model), console: console, color: color,
                                      files: budget.files.map(\.path).filter { $0 != "<files>" }))
    }

    /// A file that could not be read, and why.
    struct UnreadableFile: Error {
        let path: String
        let error: FileReadError
    }

    /// Loads one budget, or several (`-f a.tally -f b.tally`) as one: read as if a root
    /// file included each of them, so their entries form one budget.
    static func load(_ files: [String]) throws(UnreadableFile) -> Budget {
        if files.count == 1 {
            do { return try CheckCommand.load(files[0]) } catch { throw UnreadableFile(path: files[0], error: error) }
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

    /// The filter from the options, with names checked against the budget.
    func filter(range: ClosedRange<CivilDate>?) throws(UsageError) -> EntryFilter {
        var filter = EntryFilter()
        filter.range = range
        for name in options.wallets {
            guard let index = model.wallets.firstIndex(where: { $0.name == name }) else {
                throw UsageError("`--wallet`: no wallet named `\(name)`" + suggestion(name, model.wallets.map(\.name)))
            }
            filter.wallets.insert(index)
        }
        for name in options.categories {
            guard model.categories.contains(where: { $0.isWithin(name) }) else {
                throw UsageError("`--category`: no category named `\(name)`" + suggestion(name, model.categories.map(\.name)))
            }
            filter.categories.append(name)
        }
        filter.tags = options.tags
        filter.payee = options.payee
        filter.types = options.types
        filter.search = options.search
        if !options.query.isEmpty { filter.query = options.query.predicate(model: model, today: today) }
        return filter
    }

    private func suggestion(_ name: String, _ candidates: [String]) -> String {
        TallyTool.closest(name, candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The period from `--period` (or `--begin`/`--end`), or `fallback`; open ends reach
    /// the budget's first or last entry, or today. A period without days (`-b 2026-12
    /// -e 2026-12`, `next month..last month`) is a usage error.
    func range(default fallback: PeriodSpec?) throws(UsageError) -> ClosedRange<CivilDate>? {
        guard let spec = options.range ?? fallback else { return nil }
        let dates = model.entries.lazy.map(\.date)
        guard let range = spec.resolve(today: today, weekStart: model.weekStart, earliest: dates.min(), latest: dates.max()) else {
            throw UsageError("`\(options.period != nil ? "--period" : "--begin`/`--end")`: the period holds no days (it ends before it starts)")
        }
        return range
    }

    /// The columns text tables may take: `--width`, else `COLUMNS`, else the terminal's
    /// width, else 80.
    var width: Int {
        if let width = options.width { return width }
        if let text = console.environment["COLUMNS"], let n = Int(text), n > 0 { return max(n, 20) }
        return console.terminalColumns ?? 80
    }

    /// The last day of the period, if one is given.
    func periodEnd() throws(UsageError) -> CivilDate? {
        try range(default: nil)?.upperBound
    }

    /// The day a report that shows one day (balances, goals, envelopes) is made for:
    /// `--at`, else today when the period holds it, else the period's last day.
    func day() throws(UsageError) -> CivilDate {
        if let at = options.at { return at }
        guard let range = try range(default: nil), !range.contains(today) else { return today }
        return range.upperBound
    }

    /// Prints a usage error found after loading and returns exit code 2.
    func fail(_ error: UsageError) -> Int32 {
        console.err("tally \(command): \(error.message)\n")
        return ExitCode.usage
    }

    // MARK: Presentation helpers

    /// The default currency's code, or empty.
    var currency: String { model.defaultCurrency }

    /// An amount with the currency's decimals, no unit.
    func plain(_ money: Money, _ currency: String) -> String { money.formatted(scale: model.decimals(of: currency)) }

    /// An amount with the currency's decimals and its code.
    func amount(_ money: Money, _ currency: String) -> String {
        currency.isEmpty ? plain(money, currency) : plain(money, currency) + " " + currency
    }

    /// An amount in the default currency, no unit (tables name it in the header).
    func inDefault(_ money: Money) -> String { plain(money, currency) }

    /// A column title with the default currency: `Spent EUR`.
    func title(_ text: String) -> String { currency.isEmpty ? text : text + " " + currency }

    /// A percentage with one decimal and a `%`.
    func percent(_ value: Money?) -> String { value.map { $0.formatted(scale: 1) + "%" } ?? "" }

    /// A line naming the currencies that could not be counted.
    func missingRatesNote(_ missing: [MissingRate]) -> String {
        guard !missing.isEmpty else { return "" }
        let list = missing.map { "\($0.currency) (needed from \($0.date))" }.joined(separator: ", ")
        return "Not counted, no rate to \(currency): \(list)\n"
    }

    func missingRatesJSON(_ missing: [MissingRate]) -> JSONValue {
        .array(missing.map { .object([("currency", .string($0.currency)), ("date", .string($0.date.description))]) })
    }

    /// Writes the CSV table with the chosen separator.
    func output(_ csv: CSVTable) {
        var table = csv
        table.separator = options.csvSeparator
        console.out(table.render())
    }
}

/// A command that stopped early, with the exit code to return.
struct ExitFailure: Error {
    let code: Int32
}
