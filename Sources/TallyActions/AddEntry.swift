import TallyCore
import TallyReports
import TallySyntax

/// Adding one transaction — `tally add`, the web app's purchase form, a phone shortcut:
/// completed from the budget where that is unambiguous (a payee's usual wallet and
/// category), appended to the file of its budget that holds the date's entries
/// (``EntryTarget``), laid out by the formatter, checked in memory with the whole budget
/// and written through ``BudgetEditor``.
public enum AddEntry {
    /// What to add.
    public struct Request: Sendable {
        /// Who was paid and from where, as the front end knows it.
        public enum Parties: Sendable {
            /// The command line's words between the date and the amount, in its order
            /// (`[PAYEE] WALLET [CATEGORY]` or `PAYEE [CATEGORY]`), told apart by the names
            /// the budget declares.
            case words([String])
            /// Named fields (a form); nil or empty for one left out. A payee is never read
            /// as anything else.
            case named(payee: String?, wallet: String?, category: String?)
        }

        /// A file of the budget: its root or any file it includes. The whole budget is
        /// read, and the entry goes to the file that holds the date's entries.
        public var file: String
        /// The budget's root file, when the front end knows it (the web app serves one):
        /// then no folder is searched for the file that includes `file`.
        public var root: String?
        /// `YYYY-MM-DD`, `today` or `yesterday`.
        public var date: String
        public var parties: Parties
        /// `12.50` (the category's sign), `-12.50` or `+12.50` (kept as written), as typed:
        /// `12,50` too (``TypedAmount``).
        public var amount: String
        public var note: String?
        /// Tags without `#`.
        public var tags: [String]
        /// A purchase split across categories: its parts, two or more, each a split line
        /// (Grammar.md §3.10, "Splits"); `parties` then names no category, and `amount`
        /// is the total, or empty when it is the parts' sum. Empty for one category.
        public var splits: [Split] = []

        /// One part of a split purchase, as typed: a category's name and an amount
        /// (``TypedAmount``; empty on one part at most, which takes the rest).
        public struct Split: Sendable, Equatable {
            public var category: String
            public var amount: String

            /// Creates the part.
            public init(category: String, amount: String) {
                self.category = category
                self.amount = amount
            }
        }
        /// The day `today` and `yesterday` mean, and the budget is checked as of.
        public var today: CivilDate
        /// Work out the entry and check it; write nothing.
        public var dryRun: Bool

        /// Creates the request.
        public init(
            file: String, date: String, parties: Parties, amount: String, note: String? = nil, tags: [String] = [], today: CivilDate,
            dryRun: Bool = false, root: String? = nil
        ) {
            self.file = file
            self.root = root
            self.date = date
            self.parties = parties
            self.amount = amount
            self.note = note
            self.tags = tags
            self.today = today
            self.dryRun = dryRun
        }
    }

    /// What was added.
    public struct Result: Sendable {
        /// The file the entry went to.
        public let file: String
        /// The entry's line, exactly as written (or as it would be, for a dry run).
        public let line: String
        /// Every line written: the entry's, then its split lines.
        public var lines: [String] { effects.lines }
        /// What was filled in or added, in words ("wallet Cash, as in earlier entries of
        /// Bakery"; "tagged #refund: …"), so that a guess never goes unnoticed.
        public let completed: [String]
        /// Warnings the new entry raises (an envelope overspent, a payee's unusual category).
        public let warnings: [Diagnostic]
        /// The line written and the warnings to answer with (``WriteEffects``).
        public let effects: WriteEffects
        /// False for a dry run.
        public let written: Bool
    }

    /// Adds the entry, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        let root = request.root ?? EntryTarget.root(of: request.file)
        return try BudgetWriteLock.holding(root) { () throws(ActionRefusal) in try add(request, root: root) }
    }

    private static func add(_ request: Request, root: String) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: root, today: request.today) } catch { throw .edit(error) }
        let model = editor.model
        let draft: EntryDraft
        do { draft = try EntryDraft(request, model: model) } catch { throw .request(error.message) }
        let path = try EntryTarget.file(for: draft.date, in: editor.budget, model: model)
        guard let file = editor.budget.file(path) else { throw .request("cannot read `\(path)`") }
        var edit = editor.edit()
        let start = edit.bytes(of: path).count
        let written = draft.lines(note: request.note, tags: draft.tags(request.tags), model: model)
        let lines = EntryLayout.append(written, to: path, lineEnding: LineEnding.of(file.tree.source.bytes), in: &edit)

        // The budget as it would be: free of errors, one transaction more.
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { throw .edit(error) }
        guard edited.model.entries.count == model.entries.count + 1 else {
            throw .budget("the entry would not read back as one transaction; nothing written")
        }
        let warnings = edited.diagnostics.filter { $0.severity == .warning && $0.file == path && $0.range.start >= start }
        let completed = draft.completed + [draft.markerNote(request.tags)].compactMap { $0 }
        if !request.dryRun {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        let effects = WriteEffects(
            lines: lines, before: model, after: edited.model, dates: [draft.date], today: request.today, diagnostics: warnings,
            undo: request.dryRun ? nil : WriteUndo(edited))
        return Result(file: path, line: lines[0], completed: completed, warnings: warnings, effects: effects, written: !request.dryRun)
    }
}
