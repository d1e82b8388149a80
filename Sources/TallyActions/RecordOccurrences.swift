import TallyCore
import TallyReports
import TallySyntax

/// Recording occurrences of recurring entries — `tally record`, the web app's Due page:
/// the one a date names, a rule's earliest due one, or every due one; each written as a
/// transaction at the end of the file of its budget that holds its date's entries
/// (``EntryTarget``), laid out by the formatter, checked with the whole budget to count
/// as recording it, through ``BudgetEditor``.
public enum RecordOccurrences {
    /// Which occurrences to record.
    public enum Selection: Sendable {
        /// The rule named `rule` (`as NAME`): on `date`, or its earliest occurrence due
        /// by today when nil.
        case rule(String, date: CivilDate?)
        /// Every occurrence up to today not yet recorded or skipped, of every named rule.
        case due
    }

    /// What to record.
    public struct Request: Sendable {
        /// A file of the budget: its root or any file it includes (the whole budget is read).
        public var file: String
        /// The budget's root file, when the front end knows it (the web app serves one):
        /// then no folder is searched for the file that includes `file`.
        public var root: String?
        public var selection: Selection
        /// The day the budget is checked as of, and what is due by.
        public var today: CivilDate
        /// Work out the entries and check them; write nothing.
        public var dryRun: Bool

        /// Creates the request.
        public init(file: String, selection: Selection, today: CivilDate, dryRun: Bool = false, root: String? = nil) {
            self.file = file
            self.root = root
            self.selection = selection
            self.today = today
            self.dryRun = dryRun
        }
    }

    /// One occurrence recorded.
    public struct Recorded: Sendable, Equatable {
        public let rule: String
        public let date: CivilDate
        /// The file the entry went to (the one holding its date's entries).
        public let file: String
    }

    /// What was recorded, or why nothing needed to be.
    public struct Result: Sendable {
        /// By date, then rule.
        public let recorded: [Recorded]
        /// The lines appended to each file, exactly as written.
        public let appended: [(path: String, lines: [String])]
        /// Rules without a name that `.due` passed over: where each is (file and line).
        public let unnamed: [(file: String, line: Int)]
        /// Nothing was due: the day by which, and the rule's next occurrence when a rule
        /// was named.
        public let nothingDue: (rule: String?, next: CivilDate?)?
        /// False for a dry run, and when nothing was due.
        public let written: Bool
        /// The lines written and the warnings to answer with (``WriteEffects``); none
        /// when nothing was due.
        public var effects = WriteEffects(lines: [], warnings: [])
    }

    /// Records the occurrences, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        let root = request.root ?? EntryTarget.root(of: request.file)
        return try BudgetWriteLock.holding(root) { () throws(ActionRefusal) in try record(request, root: root) }
    }

    private static func record(_ request: Request, root: String) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: root, today: request.today) } catch { throw .edit(error) }
        let model = editor.model, today = request.today
        var unnamed: [(file: String, line: Int)] = []
        let wanted: [Occurrence]
        switch request.selection {
        case .rule(let name, let date):
            guard let occurrence = try occurrence(of: name, on: date, editor: editor) else {
                let r = model.rules.firstIndex { $0.name == name }!
                let next = model.unrecordedOccurrences(through: today.adding(years: 5) ?? today)[r].first
                return Result(recorded: [], appended: [], unnamed: [], nothingDue: (name, next), written: false)
            }
            wanted = [occurrence]
        case .due:
            var due: [Occurrence] = []
            for (r, dates) in model.unrecordedOccurrences(through: today).enumerated() where !dates.isEmpty {
                guard model.rules[r].name != nil else {
                    let location = model.rules[r].location
                    unnamed.append((location.file, line(of: location, in: editor.budget)))
                    continue
                }
                due += dates.map { Occurrence(rule: r, date: $0) }
            }
            wanted = due
        }
        guard !wanted.isEmpty else { return Result(recorded: [], appended: [], unnamed: unnamed, nothingDue: (nil, nil), written: false) }

        var edit = editor.edit()
        var appended: [(path: String, lines: [String])] = []
        var starts: [String: Int] = [:]  // where each file's new lines begin
        let (files, targets) = try EntryTarget.occurrenceLines(wanted, in: edit, model: model)
        for file in files {
            starts[file.path] = starts[file.path] ?? edit.bytes(of: file.path).count
            appended.append((file.path, EntryLayout.append(file.lines, to: file.path, lineEnding: file.lineEnding, in: &edit)))
        }
        // The budget as it would be: still free of errors, with these occurrences recorded.
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { throw .edit(error) }
        let latest = wanted.map(\.date).max() ?? today
        let left = edited.model.unrecordedOccurrences(through: max(today, latest))
        for occurrence in wanted where occurrence.rule < left.count && left[occurrence.rule].contains(occurrence.date) {
            throw .budget(
                "the new entry for \(occurrence.date) would not count as recording `\(edited.model.rules[occurrence.rule].name ?? "?")`; nothing written")
        }
        if !request.dryRun {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        let recorded = wanted.sorted { ($0.date, $0.rule) < ($1.date, $1.rule) }.map { occurrence in
            let rule = model.rules[occurrence.rule]
            return Recorded(rule: rule.name ?? "?", date: occurrence.date, file: targets[occurrence] ?? rule.location.file)
        }
        let warnings = edited.diagnostics.filter { d in d.severity == .warning && starts[d.file].map { d.range.start >= $0 } ?? false }
        let effects = WriteEffects(
            lines: appended.flatMap(\.lines), before: model, after: edited.model, dates: wanted.map(\.date), today: today, diagnostics: warnings,
            undo: request.dryRun ? nil : WriteUndo(edited))
        return Result(recorded: recorded, appended: appended, unnamed: unnamed, nothingDue: nil, written: !request.dryRun, effects: effects)
    }

    /// The occurrence of the rule named `name` to record: the one on `date`, else its
    /// earliest due by today; nil when none is due.
    private static func occurrence(of name: String, on date: CivilDate?, editor: BudgetEditor) throws(ActionRefusal) -> Occurrence? {
        let model = editor.model, today = editor.today
        guard let r = model.rules.firstIndex(where: { $0.name == name }) else {
            throw .request(
                "no recurring entry named `\(name)` in `\(editor.path)`"
                    + (UsageError.closest(name, model.rules.compactMap(\.name)).map { "; did you mean `\($0)`?" } ?? ""))
        }
        let rule = model.rules[r]
        guard let date else { return model.unrecordedOccurrences(through: today)[r].first.map { Occurrence(rule: r, date: $0) } }
        guard !rule.occurrences(in: date ... date).isEmpty else {
            let near = rule.occurrences(through: date.adding(years: 1) ?? date).filter { $0 >= (date.adding(months: -1) ?? date) }.prefix(3)
            throw .request("\(date) is not an occurrence of `\(name)`" + (near.isEmpty ? "" : "; nearby: \(near.map(\.description).joined(separator: ", "))"))
        }
        guard model.unrecordedOccurrences(through: max(today, date))[r].contains(date) else {
            throw .budget("the occurrence of `\(name)` on \(date) is already recorded or skipped; nothing written")
        }
        return Occurrence(rule: r, date: date)
    }

    private static func line(of location: SourceLocation, in budget: Budget) -> Int {
        guard let file = budget.file(location.file) else { return 1 }
        return file.tree.source.bytes[..<min(location.range.start, file.tree.source.bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
