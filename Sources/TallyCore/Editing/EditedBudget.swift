import TallySyntax

/// A budget as an edit would leave it, read and interpreted again in memory. Only a
/// value of this type can be written (``BudgetEditor/write(_:)``), so every write has
/// been checked.
public struct EditedBudget: Sendable {
    /// The edit.
    public let edit: BudgetEdit
    /// The budget read again with the edit's contents.
    public let budget: Budget
    /// Its model.
    public let model: BudgetModel
    /// Its diagnostics, as the budget's policy shows them.
    public let diagnostics: [Diagnostic]

    /// The first error among the diagnostics, if any.
    public var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }
}
