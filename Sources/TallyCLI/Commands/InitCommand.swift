import TallyActions
import TallyCore
import TallyFormat
import TallyReports
import TallySyntax

/// `tally init [FILE]`: a new budget. On a terminal, without flags, it asks for the
/// currency, the wallets and a starting template (`InitCommand+Questions`); with flags it
/// asks nothing. The budget (`StarterBudget`) is laid out as `tally fmt` lays it out,
/// checked clean (warnings included, as `tally check --strict`) and written through the
/// edit pipeline, never over a file that is there.
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "Start a new budget: currency, wallets, starting envelopes"

    /// The command's flags, each declared once.
    enum Flag: FlagSet {
        case currency, wallet, template, today, help

        var declaration: FlagDeclaration {
            switch self {
            case .currency: FlagDeclaration("--currency", value: "CURRENCY", help: "The default currency: its code (EUR, USD, GBP, ...) or name (euro)")
            case .wallet:
                FlagDeclaration(
                    "--wallet", value: "\"NAME KIND OPENING\"",
                    help: """
                        A wallet, its kind (bank, cash, savings, credit,
                        investment, loan, other) and opening balance
                        (optional); repeatable
                        """)
            case .template:
                FlagDeclaration(
                    "--template", value: StarterTemplate.allCases.map(\.rawValue).joined(separator: "|"),
                    help: "Starting categories and envelopes (default: household)")
            case .today: FlagDeclaration("--today", value: "YYYY-MM-DD", help: "The day the opening balances are on (default: today)")
            case .help: .helpFlag
            }
        }
    }
    static var flags: [FlagDeclaration] { Flag.declarations }
    static let help = """
        tally init: write a new budget file (default: budget.tally) that tally check
        passes, with short comments that teach the format. On a terminal, without
        flags, it asks for the currency, the wallets and a template; with flags it asks
        nothing (then --currency and at least one --wallet are needed). It never
        replaces a file that is there.

        USAGE
          tally init [options] [FILE]

        OPTIONS
        \(Flag.help)
        TEMPLATES
        \(StarterTemplate.allCases.map { "  " + $0.rawValue.padded(to: 11) + $0.summary }.joined(separator: "\n"))

        EXAMPLE
          tally init --currency EUR --wallet "Checking bank 1200.00" \\
                     --wallet "Cash cash 50.00" --template household budget.tally

        EXIT CODES
          0  written
          1  the file is there already, or the budget would not check clean: nothing written
          2  usage mistake, or an answer that is not understood

        """

    /// What the flags say.
    struct Options {
        var file = "budget.tally"
        var fileGiven = false
        var currency: String?
        var wallets: [StarterBudget.Wallet] = []
        var template: StarterTemplate?
        var today: CivilDate?

        /// True when a flag answers a question: then none is asked.
        var answersGiven: Bool { currency != nil || !wallets.isEmpty || template != nil }
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        try ArgumentReader.read(arguments, command: name) { word throws(UsageError) in
            guard !options.fileGiven else { throw UsageError("one budget file only; got `\(options.file)` and `\(word)`") }
            options.file = word
            options.fileGiven = true
        } flag: { (flag: Flag, reader, inline) throws(UsageError) in
            switch flag {
            case .currency:
                let typed = try reader.value(of: flag, inline: inline)
                do throws(UsageError) { options.currency = try TypedCurrency.read(typed) } catch { throw UsageError("`--currency`: \(error.message)") }
            case .wallet: options.wallets.append(try StarterBudget.Wallet(reader.value(of: flag, inline: inline)))
            case .template: options.template = StarterTemplate(rawValue: try reader.choice(of: flag, inline: inline))
            case .today: options.today = try reader.date(of: flag, inline: inline)
            case .help: break
            }
        }
        if options.file == "-" { throw UsageError("`tally init` writes a file; name one, not standard input") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        func fail(_ message: String) -> Int32 {
            console.err("tally init: \(message)\n")
            return ExitCode.usage
        }
        let options: Options
        do { options = try parse(arguments) } catch { return fail(error.message) }
        guard let today = options.today ?? Interpreter.today(environment: console.environment) else {
            return fail("TALLY_TODAY is not a date; write it as YYYY-MM-DD")
        }
        // Refused before any question is asked; the editor checks again before writing.
        var editor: BudgetEditor
        do { editor = try BudgetEditor(creating: options.file, today: today) } catch { return error.report(name, entries: "the budget", console: console) }
        let starter: StarterBudget
        if !options.answersGiven && isatty(0) == 1 {
            guard let answered = Questions(console: console, today: today).ask() else { return fail("no answer; nothing written") }
            starter = answered
        } else {
            guard let currency = options.currency else { return fail("name the currency with --currency CODE (for example EUR)") }
            guard !options.wallets.isEmpty else { return fail("name at least one wallet with --wallet \"NAME KIND OPENING\"") }
            starter = StarterBudget(currency: currency, wallets: options.wallets, template: options.template ?? .household, today: today)
        }
        return write(starter, editor: &editor, console: console)
    }

    /// Lays the budget out as `tally fmt` does, checks it as `tally check --strict` would
    /// (no error, no warning) and writes it.
    static func write(_ starter: StarterBudget, editor: inout BudgetEditor, console: Console) -> Int32 {
        let path = editor.path
        let text = starter.lines.joined(separator: "\n") + "\n"
        var bytes = Array(text.utf8)
        switch Formatter.format(Parser.parse(SourceText(path: path, text: text))) {
        case .formatted(let laidOut): bytes = laidOut
        case .unchanged: break
        case .refused(let reason):
            console.err("tally init: the new budget could not be laid out (\(reason)); nothing written\n")
            return ExitCode.problems
        }
        var edit = editor.edit()
        edit.replace(path, with: bytes)
        do {
            let edited = try editor.check(edit)
            if let warning = edited.diagnostics.first(where: { $0.severity == .warning }) {
                console.err("tally init: the new budget would not check clean (\(warning.code.rawValue): \(warning.message)); nothing written\n")
                return ExitCode.problems
            }
            try editor.write(edited)
            let categories = starter.template.income.count + starter.template.expense.count
            console.out(
                "Wrote \(path): \(starter.wallets.count) wallet\(starter.wallets.count == 1 ? "" : "s"), \(categories) categories, "
                    + "\(starter.template.envelopes.count) envelopes.\nNext: tally check \(ShellWord.quoted(path)), then add what you spend "
                    + "(tally add \(ShellWord.quoted(path)) today \"Bakery\" \(ShellWord.quoted(starter.wallets.first?.name ?? "Cash")) "
                    + "\(starter.exampleCategory.map(ShellWord.quoted) ?? "CATEGORY") 4.50).\n")
            return ExitCode.success
        } catch { return error.report(name, entries: "the budget", console: console) }
    }
}
