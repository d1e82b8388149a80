import TallyCore
import TallySyntax

/// Deleting one dated entry from the page its row is on: its lines (split, metadata and
/// comment lines included) taken out of its file, the block they stood in laid out by the
/// formatter, and the budget checked without it. Named by an ``EntryReference``: an entry
/// that changed since it was shown is not deleted.
public enum DeleteEntry {
    /// What to delete.
    public struct Request: Sendable {
        /// The budget's root file.
        public var root: String
        /// The entry, as it was shown.
        public var entry: EntryReference
        /// The day the budget is checked as of.
        public var today: CivilDate
        /// Check the budget without the entry; write nothing (a form gone stale, re-checked).
        public var dryRun: Bool

        /// Creates the request.
        public init(root: String, entry: EntryReference, today: CivilDate, dryRun: Bool = false) {
            self.root = root
            self.entry = entry
            self.today = today
            self.dryRun = dryRun
        }
    }

    /// What was deleted.
    public struct Result: Sendable {
        /// The file.
        public let file: String
        /// The lines taken out.
        public let removed: [String]
        /// The warnings the budget gives without it, and what takes the delete back.
        public let effects: WriteEffects
    }

    /// Deletes the entry, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        try BudgetWriteLock.holding(request.root) { () throws(ActionRefusal) in try delete(request) }
    }

    private static func delete(_ request: Request) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: request.root, today: request.today) } catch { throw .edit(error) }
        let model = editor.model
        let located = try LocatedEntry(request.entry, in: editor)
        var edit = editor.edit()
        edit.replace(located.path, with: located.replacing(with: []))
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { throw .edit(error) }
        guard edited.model.entries.count == model.entries.count - 1 else { throw .budget("the budget would not read back one entry less; nothing written") }
        if !request.dryRun {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        let effects = WriteEffects(
            lines: [], before: model, after: edited.model, dates: [model.entries[located.index].date], today: request.today, diagnostics: [],
            undo: request.dryRun ? nil : WriteUndo(edited))
        return Result(file: located.path, removed: located.lines, effects: effects)
    }
}
