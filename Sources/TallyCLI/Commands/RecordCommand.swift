import Foundation
import TallyCore
import TallyReports
import TallySyntax

/// `tally record FILE RULE [--date DATE]` and `tally record FILE --due`: appends the
/// occurrences of recurring entries as real transactions that name their rule, to the
/// file holding the rule, laid out like that file's own transactions.
///
/// Nothing is written unless the budget is free of errors before, and would be after:
/// the new file is checked in memory first. The write goes through `AtomicFile`, so a
/// file is replaced whole (permissions kept) or not at all, every byte already in it
/// stays as it was, and the files of one `--due` run are staged together before any is
/// replaced.
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
      --date YYYY-MM-DD      Record the occurrence on this date (with <rule>); it may be
                             a future one, recorded ahead
      --due                  Record every occurrence up to today not yet recorded or
                             skipped, of every named rule
      --today YYYY-MM-DD     The date to record as of (default: TALLY_TODAY, else the
                             system's local date)
      --dry-run              Print what would be appended; write nothing
      -h, --help             Show this help

    Each entry goes to the end of the file that holds its rule (among the budget's
    includes), in the rule's field order, aligned like the file's transactions, with
    the file's line endings. The file is replaced atomically and keeps its permissions;
    no other byte changes. Nothing is written when the budget has errors.

    EXIT CODES
      0  recorded (or nothing was due)
      1  the budget has errors, or the occurrence is already recorded: nothing written
      2  usage mistake, unknown rule, or a file that cannot be read or written

    """

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
                if options.file == nil { options.file = value }
                else if options.rule == nil { options.rule = value }
                else { throw UsageError("unexpected argument `\(value)`; record one rule at a time, or use --due") }
            case .flag("--date", let inline): options.date = try date("--date", inline)
            case .flag("--today", let inline): options.today = try date("--today", inline)
            case .flag("--due", nil): options.due = true
            case .flag("--dry-run", nil): options.dryRun = true
            case .flag(let flag, _): throw UsageError("unknown option `\(flag)` for `tally record`")
            }
        }
        guard let file = options.file else { throw UsageError("`tally record` needs a budget file") }
        if file == "-" { throw UsageError("`tally record` writes to the file that holds the rule; it cannot read standard input") }
        if options.due && options.rule != nil { throw UsageError("give a rule or --due, not both") }
        if !options.due && options.rule == nil { throw UsageError("`tally record` needs a rule name, or --due") }
        if options.due && options.date != nil { throw UsageError("--date goes with a rule, not with --due") }
        return options
    }

    /// One occurrence to record.
    struct Occurrence {
        let rule: Int
        let date: CivilDate
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, parse) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        let path = options.file!
        let budget: Budget
        do {
            budget = try BudgetLoader().load(path)
        } catch {
            console.err("tally record: cannot read `\(path)`: \(error.explanation)\n")
            return ExitCode.usage
        }
        guard let model = checkedModel(budget, today: today, path: path, console: console) else { return ExitCode.problems }

        // What to record.
        var wanted: [Occurrence] = []
        if let ruleName = options.rule {
            guard let r = model.rules.firstIndex(where: { $0.name == ruleName }) else {
                var message = "tally record: no recurring entry named `\(ruleName)` in `\(path)`"
                if let suggestion = TallyTool.closest(ruleName, model.rules.compactMap(\.name)) { message += "; did you mean `\(suggestion)`?" }
                console.err(message + "\n")
                return ExitCode.usage
            }
            let rule = model.rules[r]
            if let date = options.date {
                guard !rule.occurrences(in: date ... date).isEmpty else {
                    let near = rule.occurrences(through: date.adding(years: 1) ?? date).filter { $0 >= (date.adding(months: -1) ?? date) }.prefix(3)
                    console.err("tally record: \(date) is not an occurrence of `\(ruleName)`"
                        + (near.isEmpty ? "\n" : "; nearby: \(near.map(\.description).joined(separator: ", "))\n"))
                    return ExitCode.usage
                }
                guard model.unrecordedOccurrences(through: max(today, date))[r].contains(date) else {
                    console.err("tally record: the occurrence of `\(ruleName)` on \(date) is already recorded or skipped; nothing written\n")
                    return ExitCode.problems
                }
                wanted = [Occurrence(rule: r, date: date)]
            } else {
                guard let first = model.unrecordedOccurrences(through: today)[r].first else {
                    let next = model.unrecordedOccurrences(through: today.adding(years: 5) ?? today)[r].first
                    console.out("Nothing due for `\(ruleName)` up to \(today)" + (next.map { "; the next occurrence is on \($0)" } ?? "") + ".\n")
                    return ExitCode.success
                }
                wanted = [Occurrence(rule: r, date: first)]
            }
        } else {
            var unnamed = 0
            for (r, dates) in model.unrecordedOccurrences(through: today).enumerated() where !dates.isEmpty {
                guard model.rules[r].name != nil else {
                    let location = model.rules[r].location
                    console.err("tally record: skipped the recurring entry at \(location.file):\(line(of: location, in: budget)): it has no name (`as NAME`) for an entry to refer to\n")
                    unnamed += 1
                    continue
                }
                wanted += dates.map { Occurrence(rule: r, date: $0) }
            }
            if wanted.isEmpty {
                if unnamed > 0 { return ExitCode.problems }
                console.out("Nothing is due up to \(today).\n")
                return ExitCode.success
            }
        }

        // The new contents of each file that holds a rule.
        var appended: [String: [String]] = [:]
        var order: [String] = []
        // Each file's layout is learned once, from its latest transactions: measuring a
        // file of 100k lines for every occurrence took seconds.
        var layouts: [String: FileLayout] = [:]
        func layout(of file: BudgetFile) -> FileLayout {
            if let known = layouts[file.path] { return known }
            let learned = FileLayout(recentIn: file.tree)
            layouts[file.path] = learned
            return learned
        }
        for occurrence in wanted.sorted(by: { ($0.date, $0.rule) < ($1.date, $1.rule) }) {
            let location = model.rules[occurrence.rule].location
            guard let file = budget.file(location.file),
                  let directive = file.tree.entries(of: .recurringDirective).first(where: { $0.range.contains(location.range.start) }) else {
                console.err("tally record: cannot find the rule `\(model.rules[occurrence.rule].name ?? "?")` in \(location.file)\n")
                return ExitCode.problems
            }
            do {
                let lines = try OccurrenceEntry(directive: directive, layout: layout(of: file)).lines(on: occurrence.date)
                if appended[file.path] == nil { order.append(file.path) }
                appended[file.path, default: []] += lines
            } catch {
                console.err("tally record: \(location.file): \(error.message)\n")
                return ExitCode.problems
            }
        }
        var contents: [String: [UInt8]] = [:]
        for filePath in order {
            guard let file = budget.file(filePath) else { continue }
            contents[filePath] = appending(appended[filePath] ?? [], to: file.tree.source.bytes, lineEnding: layout(of: file).lineEnding)
        }

        // The budget as it would be: still free of errors, with these occurrences recorded.
        guard verify(path: path, contents: contents, wanted: wanted, today: today, console: console) else { return ExitCode.problems }

        if options.dryRun {
            for filePath in order {
                console.out("Would append to \(filePath):\n")
                for line in appended[filePath] ?? [] { console.out(line + "\n") }
            }
            return ExitCode.success
        }
        var writes: [(path: String, bytes: [UInt8])] = []
        for filePath in order {
            guard let file = budget.file(filePath), let bytes = contents[filePath] else { continue }
            // A file changed since it was read is left alone rather than overwritten, and
            // so are the others: the occurrences are recorded together or not at all.
            guard (try? DiskFileProvider().read(filePath)) == file.tree.source.bytes else {
                console.err("tally record: `\(filePath)` changed while it was being read; nothing written\n")
                return ExitCode.problems
            }
            writes.append((filePath, bytes))
        }
        do {
            try AtomicFile.write(all: writes)
        } catch {
            console.err("tally record: \(error.reason)\n")
            return ExitCode.usage
        }
        for occurrence in wanted.sorted(by: { ($0.date, $0.rule) < ($1.date, $1.rule) }) {
            let rule = model.rules[occurrence.rule]
            console.out("Recorded `\(rule.name ?? "?")` on \(occurrence.date) in \(rule.location.file)\n")
        }
        return ExitCode.success
    }

    /// The budget's model, or nil (with a message) when the budget has errors.
    private static func checkedModel(_ budget: Budget, today: CivilDate, path: String, console: Console) -> BudgetModel? {
        let run = Interpreter.run(budget, today: today)
        let diagnostics = DiagnosticPolicy(budget: budget).apply(budget.diagnostics + run.diagnostics, budget: budget)
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else {
            console.err("tally record: `\(path)` has \(errors) error\(errors == 1 ? "" : "s"); nothing written. Run `tally check \(path)` to see \(errors == 1 ? "it" : "them").\n")
            return nil
        }
        return run.model
    }

    /// `bytes` with `lines` added at the end, after a line ending if the last line lacks one.
    static func appending(_ lines: [String], to bytes: [UInt8], lineEnding: [UInt8]) -> [UInt8] {
        var result = bytes
        if let last = result.last, last != 0x0A && last != 0x0D { result += lineEnding }
        for line in lines { result += Array(line.utf8) + lineEnding }
        return result
    }

    /// Reads the budget again with the new contents, in memory: it must have no errors and
    /// must count each occurrence as recorded.
    private static func verify(path: String, contents: [String: [UInt8]], wanted: [Occurrence], today: CivilDate, console: Console) -> Bool {
        let after: Budget
        do {
            after = try BudgetLoader(provider: OverlayFileProvider(buffers: contents)).load(path)
        } catch {
            console.err("tally record: cannot read `\(path)` again: \(error.explanation)\n")
            return false
        }
        let run = Interpreter.run(after, today: today)
        let diagnostics = DiagnosticPolicy(budget: after).apply(after.diagnostics + run.diagnostics, budget: after)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            console.err("tally record: the new entries would not read back cleanly (\(error.code.rawValue): \(error.message)); nothing written\n")
            return false
        }
        let latest = wanted.map(\.date).max() ?? today
        let left = run.model.unrecordedOccurrences(through: max(today, latest))
        for occurrence in wanted where occurrence.rule < left.count && left[occurrence.rule].contains(occurrence.date) {
            console.err("tally record: the new entry for \(occurrence.date) would not count as recording `\(run.model.rules[occurrence.rule].name ?? "?")`; nothing written\n")
            return false
        }
        return true
    }

    private static func line(of location: SourceLocation, in budget: Budget) -> Int {
        guard let file = budget.file(location.file) else { return 1 }
        return file.tree.source.bytes[..<min(location.range.start, file.tree.source.bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
