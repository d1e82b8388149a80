import TallyCore
import TallySyntax

/// Editing one purchase from the page its row is on: its lines replaced by a new draft
/// (an ``AddEntry/Request``, read the same way: names found, signs by the one rule,
/// split parts), in place, laid out by the formatter and checked with the whole budget.
/// The entry is named by an ``EntryReference``: an edit of an entry that changed since
/// it was shown is refused. What the form does not show stays: the first line's `by`,
/// `rule` and `goal` clauses after the new first line, the metadata lines (a bank's
/// `id:`) below the new lines; its comments go with the lines they were on.
public enum EditEntry {
    /// What to change, and to what.
    public struct Request: Sendable {
        /// The budget's root file.
        public var root: String
        /// The entry, as it was shown.
        public var entry: EntryReference
        /// The new entry. Its `file` is not read: the entry stays in its file, on its line.
        public var draft: AddEntry.Request

        /// Creates the request.
        public init(root: String, entry: EntryReference, draft: AddEntry.Request) {
            self.root = root
            self.entry = entry
            self.draft = draft
        }
    }

    /// What was changed.
    public struct Result: Sendable {
        /// The file.
        public let file: String
        /// The entry's lines before, and as written.
        public let replaced: [String], lines: [String]
        /// What was filled in, in words (``AddEntry/Result/completed``).
        public let completed: [String]
        /// The lines written, the warnings they raise and what takes the edit back.
        public let effects: WriteEffects
    }

    /// Edits the entry, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        try BudgetWriteLock.holding(request.root) { () throws(ActionRefusal) in try edit(request) }
    }

    private static func edit(_ request: Request) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: request.root, today: request.draft.today) } catch { throw .edit(error) }
        let model = editor.model
        let located = try LocatedEntry(request.entry, in: editor)
        guard case .transaction = model.entries[located.index].kind else {
            throw .request("the entry on line \(request.entry.line) is not a purchase; edit it in the file, or delete it here")
        }
        let draft: EntryDraft
        do { draft = try EntryDraft(request.draft, model: model) } catch { throw .request(error.message) }
        guard let clauses = located.clauses else {
            throw .request("the entry on line \(request.entry.line) converts a currency (`=` or `@`); edit it in the file, or delete it here")
        }
        var written = draft.lines(note: request.draft.note, tags: draft.tags(request.draft.tags), model: model)
        written[0] += clauses.map { " " + $0 }.joined()
        written += located.metadataLines
        var edit = editor.edit()
        let bytes = located.replacing(with: written)
        edit.replace(located.path, with: bytes)
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { throw .edit(error) }
        guard edited.model.entries.count == model.entries.count else {
            throw .budget("the edited entry would not read back as one transaction; nothing written")
        }
        if !request.draft.dryRun {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        // The formatter never joins or splits lines: the new lines start on the entry's line.
        let (span, lines) = LocatedEntry.lines(of: bytes, from: request.entry.line - 1, count: written.count)
        let warnings = edited.diagnostics.filter { $0.severity == .warning && $0.file == located.path && span.contains($0.range.start) }
        let effects = WriteEffects(
            lines: lines, before: model, after: edited.model, dates: [model.entries[located.index].date, draft.date], today: request.draft.today,
            diagnostics: warnings, undo: request.draft.dryRun ? nil : WriteUndo(edited))
        let completed = draft.completed + [draft.markerNote(request.draft.tags)].compactMap { $0 }
        return Result(file: located.path, replaced: located.lines, lines: lines, completed: completed, effects: effects)
    }
}
