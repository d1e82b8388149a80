import TallyCore
import TallyReports
import TallySyntax

extension RecordCommand {
    /// What the command line asks to record, or the exit code when there is nothing to.
    enum Choice {
        case record([Occurrence])
        case done(Int32)
    }

    /// The occurrences to record: the one `--date` names, or the rule's earliest due one,
    /// or with `--due` every due one of every named rule. Says why when there is none.
    static func occurrences(_ options: Options, editor: BudgetEditor, console: Console) -> Choice {
        let model = editor.model, today = editor.today, path = editor.path
        guard let ruleName = options.rule else { return dueOccurrences(editor: editor, console: console) }
        guard let r = model.rules.firstIndex(where: { $0.name == ruleName }) else {
            var message = "tally record: no recurring entry named `\(ruleName)` in `\(path)`"
            if let suggestion = TallyTool.closest(ruleName, model.rules.compactMap(\.name)) { message += "; did you mean `\(suggestion)`?" }
            console.err(message + "\n")
            return .done(ExitCode.usage)
        }
        let rule = model.rules[r]
        if let date = options.date {
            guard !rule.occurrences(in: date ... date).isEmpty else {
                let near = rule.occurrences(through: date.adding(years: 1) ?? date).filter { $0 >= (date.adding(months: -1) ?? date) }.prefix(3)
                console.err(
                    "tally record: \(date) is not an occurrence of `\(ruleName)`"
                        + (near.isEmpty ? "\n" : "; nearby: \(near.map(\.description).joined(separator: ", "))\n"))
                return .done(ExitCode.usage)
            }
            guard model.unrecordedOccurrences(through: max(today, date))[r].contains(date) else {
                console.err("tally record: the occurrence of `\(ruleName)` on \(date) is already recorded or skipped; nothing written\n")
                return .done(ExitCode.problems)
            }
            return .record([Occurrence(rule: r, date: date)])
        }
        guard let first = model.unrecordedOccurrences(through: today)[r].first else {
            let next = model.unrecordedOccurrences(through: today.adding(years: 5) ?? today)[r].first
            console.out("Nothing due for `\(ruleName)` up to \(today)" + (next.map { "; the next occurrence is on \($0)" } ?? "") + ".\n")
            return .done(ExitCode.success)
        }
        return .record([Occurrence(rule: r, date: first)])
    }

    /// `--due`: every occurrence up to today not yet recorded or skipped, of every rule
    /// with a name (a rule without one is skipped, and said so).
    private static func dueOccurrences(editor: BudgetEditor, console: Console) -> Choice {
        let model = editor.model
        var wanted: [Occurrence] = []
        var unnamed = 0
        for (r, dates) in model.unrecordedOccurrences(through: editor.today).enumerated() where !dates.isEmpty {
            guard model.rules[r].name != nil else {
                let location = model.rules[r].location
                console.err("tally record: skipped the recurring entry at \(location.file):\(line(of: location, in: editor.budget)): it has no name (`as NAME`) for an entry to refer to\n")
                unnamed += 1
                continue
            }
            wanted += dates.map { Occurrence(rule: r, date: $0) }
        }
        if wanted.isEmpty {
            if unnamed > 0 { return .done(ExitCode.problems) }
            console.out("Nothing is due up to \(editor.today).\n")
            return .done(ExitCode.success)
        }
        return .record(wanted)
    }

    private static func line(of location: SourceLocation, in budget: Budget) -> Int {
        guard let file = budget.file(location.file) else { return 1 }
        return file.tree.source.bytes[..<min(location.range.start, file.tree.source.bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
