import TallyCore
import TallyReports
import TallySyntax

/// A report command's budget (the library's `ReportBudget`) with what the command line
/// adds: the options, the console, colour and the table width.
struct ReportContext {
    let command: String
    let options: ReportOptions
    /// The loaded, interpreted budget, which answers every report's figures.
    var budget: ReportBudget
    let console: Console
    /// Colour in text output.
    let color: Bool

    var model: BudgetModel { budget.model }
    var today: CivilDate { budget.today }
    /// The files read: the budget's root and includes, as named to people.
    var files: [String] { budget.files }

    /// Opens the context as ``open(_:_:console:parse:)`` does and runs `report` with it;
    /// when it cannot be opened, returns the exit code `open` chose (its message printed).
    static func run(
        _ command: String, _ arguments: [String], console: Console,
        parse: ([String]) throws(UsageError) -> ReportOptions,
        _ report: (ReportContext) -> Int32
    ) -> Int32 {
        switch open(command, arguments, console: console, parse: parse) {
        case .success(let context): return report(context)
        case .failure(let failure): return failure.code
        }
    }

    /// Parses the arguments, loads the budget (with its includes) and interprets it.
    /// Prints a one-line message and returns the exit code on failure. A budget with
    /// errors is still reported on, with a note on standard error, unless its totals
    /// could overflow (exit 1).
    static func open(
        _ command: String, _ arguments: [String], console: Console,
        parse: ([String]) throws(UsageError) -> ReportOptions
    ) -> Result<ReportContext, ExitFailure> {
        var options: ReportOptions
        do {
            options = try parse(arguments)
            try options.resolveFiles(command: command, environment: console.environment)
        } catch {
            console.err("tally \(command): \(error.message)\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        guard let today = options.request.today ?? Interpreter.today(environment: console.environment) else {
            console.err("tally \(command): TALLY_TODAY is not a date; write it as YYYY-MM-DD\n")
            return .failure(ExitFailure(code: ExitCode.usage))
        }
        let budget: ReportBudget
        do {
            budget = try ReportBudget.open(
                files: options.files, today: today, keepingSources: command == PrintCommand.name,
                metadata: options.request.filters.query.metadataScope)
        } catch {
            switch error {
            case .unreadable(let file):
                console.err("tally \(command): cannot read `\(file.path)`: \(file.error.explanation)\n")
                return .failure(ExitFailure(code: ExitCode.usage))
            case .inexactTotals:
                console.err("tally \(command): the budget's amounts add up to more than can be totalled exactly (E0404; run `tally check`), so no figures are shown\n")
                return .failure(ExitFailure(code: ExitCode.problems))
            }
        }
        let errors = budget.errorCount
        if errors > 0 {
            console.err("tally \(command): note: the budget has \(errors) error\(errors == 1 ? "" : "s") (run `tally check`); entries with errors are left out\n")
        }
        // A query word that names nothing is noted: a typo is never a silent empty answer.
        for word in budget.unmatchedWords(options.request.filters.query) {
            console.err("tally \(command): note: `\(word)` names no wallet, category, payee, note or account in the budget\n")
        }
        let color = console.usesColor(options.color)
        return .success(ReportContext(command: command, options: options, budget: budget, console: console, color: color))
    }

    /// The filter from the options, with names checked against the budget.
    func filter(range: ClosedRange<CivilDate>?) throws(UsageError) -> EntryFilter {
        try budget.filter(options.request.filters, range: range)
    }

    /// The period from `--period` (or `--begin`/`--end`), or `fallback`; open ends reach
    /// the budget's first or last entry, or today. A period without days (`-b 2026-12
    /// -e 2026-12`, `next month..last month`) is a usage error.
    func range(default fallback: PeriodSpec?) throws(UsageError) -> ClosedRange<CivilDate>? {
        try budget.range(options.request.range ?? fallback, flag: options.request.period != nil ? "--period" : "--begin`/`--end")
    }

    /// The columns text tables may take: `--width`, else `COLUMNS`, else the terminal's
    /// width, else 80.
    var width: Int {
        if let width = options.width { return width }
        if let text = console.environment["COLUMNS"], let n = Int(text), n > 0 { return max(n, 20) }
        return console.terminalColumns ?? 80
    }

    /// Prints a usage error found after loading and returns exit code 2.
    func fail(_ error: UsageError) -> Int32 {
        console.err("tally \(command): \(error.message)\n")
        return ExitCode.usage
    }

    // MARK: Presentation helpers

    /// The default currency's code, or empty.
    var currency: String { budget.currency }

    /// An amount with the currency's decimals, no unit.
    func plain(_ money: Money, _ currency: String) -> String { budget.plain(money, currency) }

    /// An amount with the currency's decimals and its code.
    func amount(_ money: Money, _ currency: String) -> String { budget.amount(money, currency) }

    /// An amount in the default currency, no unit (tables name it in the header).
    func inDefault(_ money: Money) -> String { budget.inDefault(money) }

    /// A column title with the default currency: `Spent EUR`.
    func title(_ text: String) -> String { currency.isEmpty ? text : text + " " + currency }

    /// A percentage with one decimal and a `%`.
    func percent(_ value: Money?) -> String { budget.percent(value) }

    /// A line naming the currencies that could not be counted.
    func missingRatesNote(_ missing: [MissingRate]) -> String {
        guard !missing.isEmpty else { return "" }
        let list = missing.map { "\($0.currency) (needed from \($0.date))" }.joined(separator: ", ")
        return "Not counted, no rate to \(currency): \(list)\n"
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

/// A report command: it parses its options, and reports from the budget they open. Its
/// `run` opens the budget (``ReportContext/run(_:_:console:parse:_:)``), so a command
/// says only what it parses and what it shows.
protocol ReportSubcommand: Subcommand {
    /// The command's options from its arguments.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions
    /// The report, from an opened budget; returns the exit code.
    static func report(_ context: ReportContext) -> Int32
}

extension ReportSubcommand {
    static func run(_ arguments: [String], console: Console) -> Int32 {
        ReportContext.run(name, arguments, console: console, parse: parse, report)
    }
}
