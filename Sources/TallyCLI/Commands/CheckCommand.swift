import Foundation
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
        var loading = Duration.zero
        var checking = Duration.zero
        let sources = SourceMap(unit: options.columnUnit)
        var shown: [Diagnostic] = []
        var seen = Set<Diagnostic>()
        var fails = false
        var unreadable = false
        var checkedFiles = Set<String>()  // a file reached from two roots counts once
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
        let provider = targets.provider
        var next = 0
        while next < targets.jobs.count {
            let job = targets.jobs[next]
            next += 1
            let budget: Budget
            let loadStart = clock.now
            do {
                budget = try job.root == "<stdin>" ? load("-") : BudgetLoader(provider: provider).load(job.root)
                loading += clock.now - loadStart
            } catch {
                console.err("tally check: cannot read \(job.root == "<stdin>" ? "standard input" : "`\(job.root)`"): \(error.explanation)\n")
                unreadable = true
                continue
            }
            // The files of this budget to report: all of them when the root was named,
            // else the named files it includes (a `--root` that does not include a named
            // file leaves that file to be checked on its own).
            var canonical: [String: String] = [:]
            func key(_ path: String) -> String {
                if let known = canonical[path] { return known }
                let value = path == "<stdin>" ? path : provider.canonicalPath(path)
                canonical[path] = value
                return value
            }
            var reported: Set<String>?
            if !job.reportsAll {
                let members = Set(budget.files.map { key($0.path) })
                var named = Set<String>()
                for name in job.named {
                    if members.contains(key(name)) { named.insert(key(name)) } else { targets.checkAlone(name) }
                }
                if named.isEmpty { continue }
                reported = named
            }
            let checkStart = clock.now
            defer { checking += clock.now - checkStart }
            checkedFiles.formUnion(reported.map { named in job.named.filter { named.contains(key($0)) } } ?? budget.files.map(\.path))
            for file in budget.files { sources.add(file.tree.source) }
            var policy = DiagnosticPolicy(budget: budget)
            policy.strict = policy.strict || options.strict
            options.severities.apply(to: &policy)
            let result = options.syntaxOnly ? nil : Interpreter.run(budget, today: today)
            var found = budget.diagnostics + (result?.diagnostics ?? [])
            if let reported {
                found.removeAll { !reported.contains(key($0.file)) }
                // Named files are reported as the user spelled them, not as the root's
                // include line reached them.
                var spelling: [String: String] = [:]
                for name in job.named { spelling[key(name)] = name }
                for file in budget.files {
                    if let name = spelling[key(file.path)], name != file.path {
                        sources.add(SourceText(path: name, bytes: file.tree.source.bytes))
                    }
                }
                for i in found.indices {
                    if let name = spelling[key(found[i].file)] { found[i].file = name }
                    for n in found[i].notes.indices {
                        if let name = spelling[key(found[i].notes[n].file)] { found[i].notes[n].file = name }
                    }
                }
            }
            KeptUntilExit.keep(budget, of: budget)
            if let model = result?.model { KeptUntilExit.keep(model, of: budget) }
            let diagnostics = policy.apply(found, budget: budget)
            if policy.fails(diagnostics) { fails = true }
            for d in diagnostics where seen.insert(d).inserted { shown.append(d) }
        }
        let outputStart = clock.now
        shown.sort { ($0.file, $0.range.start, $0.range.end, $0.code.rawValue) < ($1.file, $1.range.start, $1.range.end, $1.code.rawValue) }

        // Each file shows at most DiagnosticLimit.perFile diagnostics; totals count them all.
        let (listed, omitted) = DiagnosticLimit.apply(shown)
        let totals = DiagnosticTotals(shown)
        switch options.format {
        case "json":
            console.out(JSONDiagnosticRenderer(sources: sources).render(listed, totals: totals, omitted: omitted))
        case "github":
            console.out(GitHubDiagnosticRenderer(sources: sources, workspace: console.environment["GITHUB_WORKSPACE"]).render(listed, omitted: omitted))
        case "sarif":
            console.out(SARIFDiagnosticRenderer(sources: sources).render(listed, omitted: omitted))
        default:
            let color = console.usesColor(options.color)
            let renderer = TextDiagnosticRenderer(sources: sources, color: color)
            let omittedByFile = Dictionary(omitted.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
            for (i, d) in listed.enumerated() {
                if i > 0 { console.out("\n") }
                console.out(renderer.render(d))
                // After a file's last shown diagnostic, what was left out of it.
                if let left = omittedByFile[d.file], i + 1 == listed.count || listed[i + 1].file != d.file {
                    console.out("\n" + renderer.renderOmitted(left))
                }
            }
            if !options.quiet && !checkedFiles.isEmpty {
                if !listed.isEmpty { console.out("\n") }
                console.out(TextDiagnosticRenderer.summary(
                    errors: totals.errors, warnings: totals.warnings, infos: totals.infos,
                    files: checkedFiles.count) + "\n")
            }
        }
        if options.timings {
            console.flush()
            func ms(_ d: Duration) -> String {
                let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
                return String(format: "%.1f ms", value)
            }
            console.err("timings: read and parse \(ms(loading)), interpret and check \(ms(checking)), sort and output \(ms(clock.now - outputStart))\n")
        }
        if unreadable { return ExitCode.usage }
        return fails ? ExitCode.problems : ExitCode.success
    }

    /// Loads one budget; `-` reads standard input as `<stdin>`.
    static func load(_ path: String) throws(FileReadError) -> Budget {
        try BudgetLoader.load(argument: path)
    }
}
