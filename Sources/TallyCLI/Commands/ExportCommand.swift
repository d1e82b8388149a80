import TallyCore
import TallyInterop
import TallyReports
import TallySyntax

/// `tally export --to hledger|ledger|beancount BUDGET [-o FILE]`: the budget as a journal
/// of another plain-text accounting program.
enum ExportCommand: Subcommand {
    static let name = "export"
    static let summary = "Write the budget as an hledger, ledger or beancount journal"
    static let help = """
        tally export: write the budget as a journal that hledger, ledger or beancount reads,
        with the same balances: wallets become Assets: or Liabilities: accounts, categories
        Income: or Expenses: accounts, rates price directives and assertions the peer's
        balance assertions. Envelopes, goals and recurring entries, which the peers lack,
        become their nearest construct or comments. docs/interop.md has the whole mapping.

        USAGE
          tally export --to hledger|ledger|beancount [options] <file>
          tally export --to FORMAT [options] -      (read standard input)

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        A budget with errors is not exported (entries with errors would be missing): run
        `tally check` first.

        EXIT CODES
          0  written
          1  the budget has errors; nothing written
          2  usage mistake, a file that cannot be read or written

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case to, output, today

        var declaration: FlagDeclaration {
            switch self {
            case .to: FlagDeclaration("--to", value: "FORMAT", help: "hledger, ledger or beancount (required)")
            case .output:
                FlagDeclaration(
                    "-o", "--output", value: "FILE",
                    help: """
                        Write to FILE (atomically) instead of standard output. FILE
                        may not be a .tally file, and an existing FILE is replaced
                        only when it is an earlier export
                        """)
            case .today: FlagDeclaration("--today", value: "YYYY-MM-DD", help: "The day taken as today (else TALLY_TODAY, else the system's)")
            }
        }
    }

    struct Options {
        var file: String?
        var format: PeerFormat?
        var output: String?
        var today: CivilDate?
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        try ArgumentReader.read(arguments, command: name) { (file) throws(UsageError) in
            guard options.file == nil else { throw UsageError("`tally export` reads one budget; `\(file)` is one too many") }
            options.file = file
        } flag: { (flag: Flag, reader, inline) throws(UsageError) in
            switch flag {
            case .to: options.format = PeerFormat(rawValue: try reader.choice(for: flag.name, inline: inline, among: PeerFormat.allCases.map(\.rawValue)))
            case .output: options.output = try reader.value(of: flag, inline: inline)
            case .today: options.today = try reader.date(of: flag, inline: inline)
            }
        }
        if options.format == nil { throw UsageError("`--to` is required: hledger, ledger or beancount") }
        if options.file == nil { throw UsageError("`tally export` needs a budget file, or `-` for standard input") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, usage: "tally export --to hledger|ledger|beancount [-o FILE] <file>", parse) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        if let output = options.output, let reason = refusal(toOverwrite: output) {
            console.err("tally export: will not write `\(output)`: \(reason)\n")
            return ExitCode.usage
        }
        let budget: Budget
        do {
            budget = try BudgetLoader.load(argument: options.file!)
        } catch {
            console.err("tally export: cannot read `\(options.file!)`: \(error.explanation)\n")
            return ExitCode.usage
        }
        let (model, found) = Interpreter.run(budget, today: today)
        let diagnostics = DiagnosticPolicy.shown(found, in: budget)
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            console.err("tally export: the budget has \(errors) error\(errors == 1 ? "" : "s"); run `tally check` and fix \(errors == 1 ? "it" : "them") first (nothing written)\n")
            return ExitCode.problems
        }
        let journal = JournalExporter(model: model, budget: budget, format: options.format!).export()
        guard let output = options.output else {
            console.out(journal)
            return ExitCode.success
        }
        do {
            try AtomicFile.write(Array(journal.utf8), to: output)
        } catch {
            console.err("tally export: cannot write `\(output)`: \(error.reason)\n")
            return ExitCode.usage
        }
        return ExitCode.success
    }

    /// Why the journal may not go to `path`, if it may not: a `.tally` name, or an existing
    /// file that is not an earlier export (its first line says so).
    static func refusal(toOverwrite path: String) -> String? {
        if path.lowercased().hasSuffix(".tally") { return "it is named like a budget file" }
        guard let head = FileHead.read(path, upTo: 64) else { return nil }
        let start = String(decoding: head, as: UTF8.self)
        if start.isEmpty || start.hasPrefix("; Exported by `tally export") { return nil }
        return "the file exists and is not an earlier export; remove it or choose another name"
    }
}
