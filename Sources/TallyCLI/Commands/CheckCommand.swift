import Foundation
import TallyCore
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

    A file that another budget includes is checked as part of that budget, and only its
    own problems are reported: the budgets that may include it are the .tally files of
    its repository (the nearest folder above it with .git, .hg, .svn or .jj), else of the
    current directory when the file is below it, else of its own folder. A file nothing
    includes is a budget of its own.

    OPTIONS
      --root FILE            The budget the named files belong to, when it includes them
                             (instead of searching)
      --stdin-filename PATH  With `-`: standard input is the text of PATH (an editor's
                             unsaved buffer); it is checked, and reported, as that file
      --column-unit chars|bytes|utf16
                             What columns count (default: chars, Unicode characters);
                             Vim places markers by bytes. SARIF takes chars or utf16
      --format text|json|github|sarif
                             Output format (default: text); github prints GitHub
                             Actions annotations, sarif a SARIF 2.1.0 log
      --strict               Warnings fail the check too (infos never do)
      --deny CODE[,CODE]     Report these codes as errors (repeatable)
      --allow CODE[,CODE]    Silence these codes (repeatable; not syntax errors)
      --color auto|always|never
                             Colour in text output (default: auto: only on a terminal,
                             never when NO_COLOR is set)
      -q, --quiet            Text output: leave out the summary line
      --today YYYY-MM-DD     The date to check as of (default: TALLY_TODAY, else the
                             system's local date): what is due, overdue or in the future
      --syntax-only          Only read the files (syntax and includes); skip balances,
                             envelopes, goals and every other budget check
      --timings              Print how long each phase took to standard error
      -h, --help             Show this help

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

    struct Options {
        var files: [String] = []
        var format = "text"
        var strict = false
        var color = "auto"
        var quiet = false
        var timings = false
        var today: CivilDate?
        var syntaxOnly = false
        var severities = SeverityFlags()
        var root: String?
        var stdinFilename: String?
        var columnUnit = ColumnUnit.chars
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
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
            case .flag("--format", let inline):
                options.format = try once("--format", reader.choice(for: "--format", inline: inline, among: ["text", "json", "github", "sarif"]))
            case .flag("--color", let inline), .flag("--colour", let inline):
                options.color = try once("--color", reader.choice(for: "--color", inline: inline, among: ["auto", "always", "never"]))
            case .flag("--deny", let inline):
                options.severities.denied += try SeverityFlags.codes(reader.value(for: "--deny", inline: inline), flag: "--deny")
            case .flag("--allow", let inline):
                options.severities.allowed += try SeverityFlags.codes(reader.value(for: "--allow", inline: inline), flag: "--allow")
            case .flag("--strict", nil):
                options.strict = true
            case .flag("--quiet", nil), .flag("-q", nil):
                options.quiet = true
            case .flag("--syntax-only", nil):
                options.syntaxOnly = true
            case .flag("--root", let inline):
                options.root = try once("--root", reader.value(for: "--root", inline: inline))
            case .flag("--stdin-filename", let inline):
                options.stdinFilename = try once("--stdin-filename", reader.value(for: "--stdin-filename", inline: inline))
            case .flag("--column-unit", let inline):
                let unit = try once("--column-unit", reader.choice(for: "--column-unit", inline: inline, among: ColumnUnit.allCases.map(\.rawValue)))
                options.columnUnit = ColumnUnit(rawValue: unit)!
            case .flag("--timings", nil):
                options.timings = true
            case .flag("--today", let inline):
                let value = try reader.value(for: "--today", inline: inline)
                guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write --today YYYY-MM-DD") }
                options.today = date
            case .flag(let flag, _):
                throw UsageError("unknown option `\(flag)` for `tally check`")
            }
        }
        if options.files.isEmpty { throw UsageError("`tally check` needs at least one file") }
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
        guard let options = readOptions(arguments, console: console, usage: "tally check [--format text|json|github|sarif] [--strict] <file>...", parse) else { return ExitCode.usage }

        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        let clock = ContinuousClock()
        let sources = SourceMap(unit: options.columnUnit)
        var stdin: [UInt8]?
        if options.stdinFilename != nil {
            do {
                stdin = try StandardInputProvider().read("<stdin>")
            } catch {
                console.err("tally check: cannot read standard input: \(error.explanation)\n")
                return ExitCode.usage
            }
        }
        var targets = CheckTargets(files: options.files, root: options.root, stdinFilename: options.stdinFilename, stdin: stdin)
        var findings = Findings()
        var next = 0
        while next < targets.jobs.count {
            let job = targets.jobs[next]
            next += 1
            findings.check(job, of: &targets, options: options, today: today, sources: sources, clock: clock, console: console)
        }
        let outputStart = clock.now
        render(findings, options: options, sources: sources, console: console)
        if options.timings {
            console.flush()
            func ms(_ d: Duration) -> String {
                let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
                return String(format: "%.1f ms", value)
            }
            console.err("timings: read and parse \(ms(findings.loading)), interpret and check \(ms(findings.checking)), sort and output \(ms(clock.now - outputStart))\n")
        }
        if findings.unreadable { return ExitCode.usage }
        return findings.fails ? ExitCode.problems : ExitCode.success
    }

    /// Loads one budget; `-` reads standard input as `<stdin>`.
    static func load(_ path: String) throws(FileReadError) -> Budget {
        if path == "-" {
            return try BudgetLoader(provider: StandardInputProvider()).load("<stdin>")
        }
        return try BudgetLoader().load(path)
    }
}
