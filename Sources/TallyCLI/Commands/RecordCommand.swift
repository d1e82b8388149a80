import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// `tally record FILE RULE [--date DATE]` and `tally record FILE --due`: appends the
/// occurrences of recurring entries as real transactions that name their rule, to the
/// file holding their date's entries: the command line of ``RecordOccurrences``, which decides and
/// writes them.
enum RecordCommand: Subcommand {
    static let name = "record"
    static let summary = "Record due recurring entries as transactions"
    static let help = """
        tally record: append occurrences of recurring entries (`every ... as NAME`) as real
        transactions that say `rule NAME`, so they count as recorded.

        USAGE
          tally record [options] <file> <rule>     (the earliest due occurrence of <rule>)
          tally record [options] <file> --due      (every due and overdue occurrence)

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        Each entry goes to the end of the file that holds its date's entries (a year
        file: Grammar.md §3.9), in the rule's field order, laid out as `tally fmt` lays
        out the block it joins, with the file's line endings. No other byte changes.
        Nothing is written when the budget has errors.

        EXIT CODES
          0  recorded (or nothing was due)
          1  the budget has errors, or the occurrence is already recorded: nothing written
          2  usage mistake, unknown rule, or a file that cannot be read or written

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case date, due, today, dryRun

        var declaration: FlagDeclaration {
            switch self {
            case .date:
                FlagDeclaration(
                    "--date", value: "YYYY-MM-DD",
                    help: """
                        Record the occurrence on this date (with <rule>); it may be
                        a future one, recorded ahead
                        """)
            case .due:
                FlagDeclaration(
                    "--due",
                    help: """
                        Record every occurrence up to today not yet recorded or
                        skipped, of every named rule
                        """)
            case .today:
                FlagDeclaration(
                    "--today", value: "YYYY-MM-DD",
                    help: """
                        The date to record as of (default: TALLY_TODAY, else the
                        system's local date)
                        """)
            case .dryRun: FlagDeclaration("--dry-run", help: "Print what would be appended; write nothing")
            }
        }
    }

    struct Options {
        var file: String?
        var rule: String?
        var date: CivilDate?
        var due = false
        var today: CivilDate?
        var dryRun = false
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        func date(_ flag: String, _ inline: String?) throws(UsageError) -> CivilDate {
            let value = try reader.value(for: flag, inline: inline)
            guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write \(flag) YYYY-MM-DD") }
            return date
        }
        while let item = reader.next() {
            switch item {
            case .positional(let value):
                if options.file == nil { options.file = value } else if options.rule == nil { options.rule = value } else { throw UsageError("unexpected argument `\(value)`; record one rule at a time, or use --due") }
            case .flag(let spelling, let inline):
                let flag = try Flag.named(spelling, inline: inline, command: name)
                switch flag {
                case .date: options.date = try date(flag.name, inline)
                case .today: options.today = try date(flag.name, inline)
                case .due: options.due = true
                case .dryRun: options.dryRun = true
                }
            }
        }
        guard let file = options.file else { throw UsageError("`tally record` needs a budget file") }
        if file == "-" { throw UsageError("`tally record` writes to the file that holds the rule; it cannot read standard input") }
        if options.due && options.rule != nil { throw UsageError("give a rule or --due, not both") }
        if !options.due && options.rule == nil { throw UsageError("`tally record` needs a rule name, or --due") }
        if options.due && options.date != nil { throw UsageError("--date goes with a rule, not with --due") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, parse) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        let selection: RecordOccurrences.Selection = options.rule.map { .rule($0, date: options.date) } ?? .due
        let result: RecordOccurrences.Result
        do {
            result = try RecordOccurrences.perform(.init(file: options.file!, selection: selection, today: today, dryRun: options.dryRun))
        } catch { return error.report(name, console: console) }
        for (file, line) in result.unnamed {
            console.err("tally record: skipped the recurring entry at \(file):\(line): it has no name (`as NAME`) for an entry to refer to\n")
        }
        if let nothing = result.nothingDue {
            if let rule = nothing.rule {
                console.out("Nothing due for `\(rule)` up to \(today)" + (nothing.next.map { "; the next occurrence is on \($0)" } ?? "") + ".\n")
                return ExitCode.success
            }
            if !result.unnamed.isEmpty { return ExitCode.problems }
            console.out("Nothing is due up to \(today).\n")
            return ExitCode.success
        }
        for warning in result.effects.warnings { console.err("tally record: warning: \(warning)\n") }  // an envelope over, ...
        if !result.written {
            for (filePath, lines) in result.appended {
                console.out("Would append to \(filePath):\n")
                for line in lines { console.out(line + "\n") }
            }
            return ExitCode.success
        }
        for recorded in result.recorded { console.out("Recorded `\(recorded.rule)` on \(recorded.date) in \(recorded.file)\n") }
        return ExitCode.success
    }
}
