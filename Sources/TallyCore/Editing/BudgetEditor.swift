import TallySyntax

/// The one way a tool changes a user's budget: load it, require it free of errors, make
/// the change in memory (``BudgetEdit``), read and interpret the result again and
/// require it still free of errors (``check(_:)``), then write the changed files
/// atomically, together, and only if none changed on disk since it was read
/// (``write(_:)``). `tally record`, `tally add` and `tally import` write through it, and
/// so does every writer to come (a server, an editor command).
///
/// The check after the edit reads the budget again the way an editor does after a
/// keystroke (`BudgetLoader(reusing:)`, `Interpreter.interpret(reusing:)`): files and
/// entries the edit left alone are not parsed or lowered again, and the result is what
/// a fresh reading gives.
public struct BudgetEditor: Sendable {
    /// The budget's root file, as it was named.
    public let path: String
    /// The date the budget is interpreted as of.
    public let today: CivilDate
    /// The budget as it was read.
    public let budget: Budget
    /// Its model.
    public let model: BudgetModel
    private let provider: any FileProvider
    /// The lowering of `budget`, reused (once) by the check after the edit.
    private var lowered: LoweredBudget?
    /// The root file is new (``init(creating:today:)``): it must not be on disk when written.
    private var creating = false

    /// Reads the budget at `path` through `provider` and interprets it as of `today`.
    /// Throws ``BudgetEditError/unreadable(path:_:)`` or, when it has any error,
    /// ``BudgetEditError/hasErrors(path:count:)``.
    public init(path: String, today: CivilDate, provider: any FileProvider = DiskFileProvider()) throws(BudgetEditError) {
        let budget: Budget
        do {
            budget = try BudgetLoader(provider: provider).load(path)
        } catch {
            throw .unreadable(path: path, error)
        }
        let run = Interpreter.interpret(budget, today: today, reusing: nil)
        let errors = DiagnosticPolicy.shown(run.diagnostics, in: budget).filter { $0.severity == .error }.count
        guard errors == 0 else { throw .hasErrors(path: path, count: errors) }
        self.path = path
        self.today = today
        self.budget = budget
        self.provider = provider
        model = run.model
        lowered = run.lowered
    }

    /// An editor of a budget that is not written yet (`tally init`): the file at `path`
    /// starts empty, in memory; ``write(_:)`` writes it only if no file is there by then
    /// (``BudgetEditError/alreadyExists(path:)``). Throws that error at once when one is.
    public init(creating path: String, today: CivilDate) throws(BudgetEditError) {
        let disk = DiskFileProvider()
        if Self.exists(path, on: disk) { throw .alreadyExists(path: path) }
        try self.init(path: path, today: today, provider: OverlayFileProvider(buffers: [path: []], disk: disk))
        creating = true
    }

    /// Whether anything (a file, a folder, a file that cannot be read) is at `path`.
    private static func exists(_ path: String, on disk: DiskFileProvider) -> Bool {
        do {
            _ = try disk.read(path)
            return true
        } catch {
            if case .notFound = error { return false }
            return true
        }
    }

    /// A new, empty edit of the budget.
    public func edit() -> BudgetEdit { BudgetEdit(of: budget) }

    /// The budget as `edit` would leave it, read and interpreted again in memory. Throws
    /// ``BudgetEditError/wouldAddErrors(_:)`` (carrying the edited budget, for a front end
    /// to explain the error) when it would have any error. The first check reuses the
    /// budget's lowering (and gives it up); a later one lowers the edited budget whole.
    public mutating func check(_ edit: BudgetEdit) throws(BudgetEditError) -> EditedBudget {
        let after: Budget
        do {
            after = try BudgetLoader(provider: OverlayFileProvider(buffers: edit.buffers, disk: provider), reusing: budget).load(path)
        } catch {
            throw .unreadableAfterEdit(path: path, error)
        }
        let previous = lowered.take()
        let run = Interpreter.interpret(after, today: today, reusing: previous)
        let edited = EditedBudget(edit: edit, budget: after, model: run.model, diagnostics: DiagnosticPolicy.shown(run.diagnostics, in: after))
        if edited.firstError != nil { throw .wouldAddErrors(edited) }
        return edited
    }

    /// Writes the files `edited` changes, in the order the edit first changed them, as
    /// one change (`AtomicFile.write(all:)`), holding ``BudgetWriteLock``. Throws
    /// ``BudgetEditError/changedOnDisk(path:)`` and writes nothing when any of them is not
    /// on disk as the edit's budget read it: checked as each file is swapped in, so that
    /// a save made meanwhile is never overwritten.
    public func write(_ edited: EditedBudget) throws(BudgetEditError) {
        var writes: [AtomicFile.Replacement] = []
        for path in edited.edit.paths {
            let bytes = edited.edit.bytes(of: path)
            if creating, path == self.path {
                writes.append(.init(path: path, bytes: bytes, expected: .absent))
                continue
            }
            guard let file = edited.edit.budget.file(path) else { throw .changedOnDisk(path: path) }
            writes.append(.init(path: path, bytes: bytes, expected: .bytes(file.tree.source.bytes)))
        }
        do {
            try BudgetWriteLock.holding(self.path) { () throws(FileWriteError) in try AtomicFile.write(all: writes) }
        } catch {
            guard let changed = error.changedPath else { throw .notWritten(error) }
            throw creating && changed == self.path ? .alreadyExists(path: changed) : .changedOnDisk(path: changed)
        }
    }
}
