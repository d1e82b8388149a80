import TallyCore
import TallySyntax

/// What a write replaced, kept so that ``UndoWrite`` can take it back: for each file it
/// changed, the span that changed (the bytes before and after, without the common start
/// and end), and the written file's size and digest, so that an undo is refused when the
/// file changed in any way since (an editor's save, another write).
///
/// Only the changed span is kept, not the file: a write to a 100k-line budget keeps a few
/// lines.
public struct WriteUndo: Sendable, Equatable {
    /// One file's change.
    public struct Change: Sendable, Equatable {
        /// The file.
        public let path: String
        /// Where the change starts (bytes before it are the same before and after).
        let start: Int
        /// What the write replaced, and what it wrote there.
        let replaced: [UInt8], written: [UInt8]
        /// The file as written: its size and ``FNV1a`` digest.
        let size: Int, digest: UInt64
    }

    /// The files the write changed, in the order it changed them.
    public let changes: [Change]

    /// What `edited` changes, against the budget it was made from.
    init(_ edited: EditedBudget) {
        changes = edited.edit.paths.map { path in
            Self.change(path, before: edited.edit.budget.file(path)?.tree.source.bytes ?? [], after: edited.edit.bytes(of: path))
        }
    }

    /// The span where `before` and `after` differ, and `after`'s digest.
    static func change(_ path: String, before: [UInt8], after: [UInt8]) -> Change {
        var start = ByteRuns.commonPrefix(before, after)
        // Whole lines, so that ``lines`` are the lines taken out and put in: a deleted
        // `2026-11-04 …` line between two others of November shares `2026-11-0` with the
        // next. The start goes back to its line's; the same end, measured after it, to a
        // line's start.
        while start > 0, before[start - 1] != 0x0A { start -= 1 }
        var end = ByteRuns.commonSuffix(before, after, skip: start)  // bytes the same at both ends, after `start`
        while end > 0, end < before.count, before[before.count - end - 1] != 0x0A { end -= 1 }
        return Change(
            path: path, start: start, replaced: Array(before[start ..< before.count - end]), written: Array(after[start ..< after.count - end]),
            size: after.count, digest: FNV1a.hash(after))
    }

    /// The lines the write put in, and those it took out, as text (for an answer).
    public var lines: (written: [String], replaced: [String]) {
        (changes.flatMap { Self.lines($0.written) }, changes.flatMap { Self.lines($0.replaced) })
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

/// Taking back the last write made from a page (`POST /undo`): each file the write
/// changed gets back what it replaced, through ``BudgetEditor`` as any write does. Refused,
/// with the file named, when any of them is not byte for byte as the write left it: an
/// undo never overwrites a change made since.
public enum UndoWrite {
    /// What to take back.
    public struct Request: Sendable {
        /// The budget's root file.
        public var root: String
        /// What the write kept (``WriteEffects/undo``).
        public var undo: WriteUndo
        /// The day the budget is checked as of.
        public var today: CivilDate

        /// Creates the request.
        public init(root: String, undo: WriteUndo, today: CivilDate) {
            self.root = root
            self.undo = undo
            self.today = today
        }
    }

    /// What was taken back.
    public struct Result: Sendable {
        /// The lines the undo took out (the write's) and put back (what it replaced).
        public let removed: [String], restored: [String]
        /// Warnings and, in ``WriteEffects/undo``, what takes the undo back in turn.
        public let effects: WriteEffects
    }

    /// Takes the write back, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        try BudgetWriteLock.holding(request.root) { () throws(ActionRefusal) in try undo(request) }
    }

    private static func undo(_ request: Request) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: request.root, today: request.today) } catch { throw .edit(error) }
        var edit = editor.edit()
        for change in request.undo.changes {
            guard let file = editor.budget.file(change.path) else { throw .budget("`\(change.path)` is no longer part of the budget; nothing undone") }
            let bytes = file.tree.source.bytes
            let end = change.start + change.written.count
            guard bytes.count == change.size, end <= bytes.count, bytes[change.start ..< end].elementsEqual(change.written), FNV1a.hash(bytes) == change.digest
            else {
                throw .budget("`\(change.path)` changed since that write, so undoing it could lose the change; nothing undone")
            }
            edit.replace(change.path, with: Array(bytes[..<change.start]) + change.replaced + Array(bytes[end...]))
        }
        let edited: EditedBudget
        do throws(BudgetEditError) {
            edited = try editor.check(edit)
            try editor.write(edited)
        } catch { throw .edit(error) }
        let lines = request.undo.lines
        // The dates of the entries taken out and put back: their periods' figures changed.
        var dates: [CivilDate] = []
        for change in request.undo.changes {
            func within(_ entry: Entry, _ length: Int) -> Bool {
                entry.location.file == change.path && entry.location.range.start >= change.start && entry.location.range.start < change.start + length
            }
            dates += editor.model.entries.filter { within($0, change.written.count) }.map(\.date)
            dates += edited.model.entries.filter { within($0, change.replaced.count) }.map(\.date)
        }
        let effects = WriteEffects(
            lines: lines.replaced, before: editor.model, after: edited.model, dates: dates, today: request.today, diagnostics: [], undo: WriteUndo(edited))
        return Result(removed: lines.written, restored: lines.replaced, effects: effects)
    }
}
