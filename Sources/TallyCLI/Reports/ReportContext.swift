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

    var today: CivilDate { model.today }

    /// Parses the arguments, loads the budget (with its includes) and interprets it.
    /// Prints a one-line message and returns the exit code on failure. A budget with
    /// errors is still reported on, with a note on standard error, unless its totals
    /// could overflow (exit 1).
    static func open(_ command: String, _ arguments: [String], console: Console,
                     parse: ([String]) throws(UsageError) -> ReportOptions) -> Result<ReportContext, ExitFailure> {
        let options: ReportOptions
        do {
            options = try parse(arguments)
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
            budget = try CheckCommand.load(options.file!)
        } catch {
            console.err("tally \(command): cannot read `\(options.file!)`: \(error.explanation)\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        let (model, found) = Interpreter.run(budget, today: today)
        let diagnostics = DiagnosticPolicy(budget: budget).apply(budget.diagnostics + found, budget: budget)
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
        return .success(ReportContext(command: command, options: options, model: model, rates: ExchangeRates(model), console: console, color: color))
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
        return filter
    }

    private func suggestion(_ name: String, _ candidates: [String]) -> String {
        TallyTool.closest(name, candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The period from `--period`, or `fallback`.
    func range(default fallback: PeriodSpec?) -> ClosedRange<CivilDate>? {
        (options.period ?? fallback)?.resolve(today: today, weekStart: model.weekStart)
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
