import TallySyntax

/// Why ``BudgetEditor`` wrote nothing. Each front end words these its own way.
public enum BudgetEditError: Error, Sendable {
    /// The budget could not be read.
    case unreadable(path: String, FileReadError)
    /// The budget has errors (counted after its policy) before any edit.
    case hasErrors(path: String, count: Int)
    /// The budget could not be read again with the edit's contents.
    case unreadableAfterEdit(path: String, FileReadError)
    /// The edit would leave the budget with errors (``EditedBudget/firstError``).
    case wouldAddErrors(EditedBudget)
    /// A file changed on disk after the budget was read; every file was left alone.
    case changedOnDisk(path: String)
    /// The new budget's file is already there (``BudgetEditor/init(creating:today:)``);
    /// it was left alone.
    case alreadyExists(path: String)
    /// The files could not be written (`AtomicFile` says which, if any, were).
    case notWritten(FileWriteError)
}
