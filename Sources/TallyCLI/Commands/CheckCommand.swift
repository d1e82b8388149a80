import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// `tally check FILE...`: reads each budget with its includes and reports every problem.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "Check budget files and report problems"
    static let help = """
        tally check: read budget files (following `include`) and report every problem found.

        USAGE
          tally check [options] <file>...
          tally check [options] -          (read standard input)
          tally check [options]            (the file TALLY_FILE names)

        A file that another budget includes is checked as part of that budget, and only its
        own problems are reported: the budgets that may include it are the .tally files of
        its repository (the nearest folder above it with .git, .hg, .svn or .jj), else of the
        current directory when the file is below it, else of its own folder. A file nothing
        includes is a budget of its own.

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        EXIT CODES
          0  no errors (and, with --strict, no warnings)
          1  errors found (or warnings with --strict)
          2  usage mistake, or a file that cannot be read

        Text output shows `file:line:col: severity[CODE]: message`, the source line and a
        marker under the problem. JSON output is one document:
          {"diagnostics":[{"file","line","column","endLine","endColumn","severity","code",
          "message",...}],"errors":N,"warnings":N,"infos":N}
        Lines and columns are 1-based; columns count Unicode characters (see --column-unit);
        ends are exclusive. Each file shows at most 1,000 diagnostics, errors first, and a
        note saying how many more (JSON: "notShown":[{"file","count","total"}]); counts and
        the exit code count them all. Every code is explained in docs/diagnostics.md.

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case root, stdinFilename, columnUnit, format, strict, deny, allow, color, quiet, today, syntaxOnly, timings

        var declaration: FlagDeclaration {
            switch self {
            case .root:
                FlagDeclaration(
                    "--root", value: "FILE",
                    help: """
                        The budget the named files belong to, when it includes them
                        (instead of searching)
                        """)
            case .stdinFilename:
                FlagDeclaration(
                    "--stdin-filename", value: "PATH",
                    help: """
                        With `-`: standard input is the text of PATH (an editor's
                        unsaved buffer); it is checked, and reported, as that file
                        """)
            case .columnUnit:
                FlagDeclaration(
                    "--column-unit", value: "chars|bytes|utf16",
                    help: """
                        What columns count (default: chars, Unicode characters);
                        Vim places markers by bytes. SARIF takes chars or utf16
                        """)
            case .format:
                FlagDeclaration(
                    "--format", value: "text|json|github|sarif",
                    help: """
                        Output format (default: text); github prints GitHub
                        Actions annotations, sarif a SARIF 2.1.0 log
                        """)
            case .strict: FlagDeclaration("--strict", help: "Warnings fail the check too (infos never do)")
            case .deny: FlagDeclaration("--deny", value: "CODE[,CODE]", help: "Report these codes as errors (repeatable)")
            case .allow: FlagDeclaration("--allow", value: "CODE[,CODE]", help: "Silence these codes (repeatable; not syntax errors)")
            case .color:
                FlagDeclaration(
                    "--color", aliases: ["--colour"], value: "auto|always|never",
                    help: """
                        Colour in text output (default: auto: only on a terminal,
                        never when NO_COLOR is set)
                        """)
            case .quiet: FlagDeclaration("-q", "--quiet", help: "Text output: leave out the summary line")
            case .today:
                FlagDeclaration(
                    "--today", value: "YYYY-MM-DD",
                    help: """
                        The date to check as of (default: TALLY_TODAY, else the
                        system's local date): what is due, overdue or in the future
                        """)
            case .syntaxOnly:
                FlagDeclaration(
                    "--syntax-only",
                    help: """
                        Only read the files (syntax and includes); skip balances,
                        envelopes, goals and every other budget check
                        """)
            case .timings: FlagDeclaration("--timings", help: "Print how long each phase took to standard error")
            }
        }
    }

    struct Options {
        var files: [String] = []
        var format = "text"
        var strict = false
        var color = "auto"
        var quiet = false
        var timings = false
        var today: CivilDate?
        var syntaxOnly = false
        var severities = SeverityOverrides()
        var root: String?
        var stdinFilename: String?
        var columnUnit = ColumnUnit.chars
    }

    static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        // Flags that take one value: the same flag given twice differently is a mistake.
        var given: [String: String] = [:]
        func once(_ flag: String, _ value: String) throws(UsageError) -> String {
            if let earlier = given[flag], earlier != value { throw UsageError("`\(flag)` given twice, as `\(earlier)` and `\(value)`; choose one") }
            given[flag] = value
            return value
        }
        while let item = reader.next() {
            switch item {
            case .positional(let file):
                options.files.append(file)
            case .flag(let spelling, let inline):
                let flag = try Flag.named(spelling, inline: inline, command: name)
                switch flag {
                case .format: options.format = try once(flag.name, reader.choice(of: flag, inline: inline))
                case .color: options.color = try once(flag.name, reader.choice(of: flag, inline: inline))
                case .deny: options.severities.denied += try SeverityOverrides.codes(reader.value(of: flag, inline: inline), flag: flag.name)
                case .allow: options.severities.allowed += try SeverityOverrides.codes(reader.value(of: flag, inline: inline), flag: flag.name)
                case .strict: options.strict = true
                case .quiet: options.quiet = true
                case .syntaxOnly: options.syntaxOnly = true
                case .root: options.root = try once(flag.name, reader.value(of: flag, inline: inline))
                case .stdinFilename: options.stdinFilename = try once(flag.name, reader.value(of: flag, inline: inline))
                case .columnUnit: options.columnUnit = ColumnUnit(rawValue: try once(flag.name, reader.choice(of: flag, inline: inline)))!
                case .timings: options.timings = true
                case .today:
                    let value = try reader.value(of: flag, inline: inline)
                    guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write --today YYYY-MM-DD") }
                    options.today = date
                }
            }
        }
        if options.files.isEmpty, let file = environment["TALLY_FILE"], !file.isEmpty { options.files = [file] }  // as every report
        if options.files.isEmpty { throw UsageError("`tally check` needs at least one file (or TALLY_FILE)") }
        if options.stdinFilename != nil && !options.files.contains("-") {
            throw UsageError("--stdin-filename names the text of `-`; add `-` to the files")
        }
        if options.files.filter({ $0 == "-" }).count > 1 { throw UsageError("`-` (standard input) can be named once") }
        if options.format == "sarif" && options.columnUnit == .bytes {
            throw UsageError("SARIF counts columns in chars or utf16, not bytes")
        }
        if let code = options.severities.denied.first(where: options.severities.allowed.contains) {
            throw UsageError("`\(code)` is given to both `--deny` and `--allow`; choose one")
        }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, usage: "tally check [--format text|json|github|sarif] [--strict] <file>...", { (a) throws(UsageError) in try parse(a, environment: console.environment) }) else { return ExitCode.usage }

        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        var standardInput: (name: String?, bytes: [UInt8])?
        if let name = options.stdinFilename {
            do {
                standardInput = (name, try StandardInputProvider().read("<stdin>"))
            } catch {
                console.err("tally check: cannot read standard input: \(error.explanation)\n")
                return ExitCode.usage
            }
        }
        let clock = ContinuousClock()
        let result = CheckBudget.perform(
            .init(
                files: options.files, root: options.root, standardInput: standardInput, strict: options.strict, severities: options.severities,
                syntaxOnly: options.syntaxOnly, today: today))
        // The models made are freed by the exit, not one element at a time.
        for value in result.read { KeptUntilExit.keep(value, ofSize: result.largestBudget) }
        for problem in result.unreadable { console.err("tally check: \(problem)\n") }
        let outputStart = clock.now
        render(result, options: options, console: console)
        if options.timings {
            console.flush()
            func ms(_ d: Duration) -> String {
                let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
                return String(cFormat: "%.1f ms", value)
            }
            console.err("timings: read and parse \(ms(result.loading)), interpret and check \(ms(result.checking)), sort and output \(ms(clock.now - outputStart))\n")
        }
        if !result.unreadable.isEmpty { return ExitCode.usage }
        return result.fails ? ExitCode.problems : ExitCode.success
    }
}
