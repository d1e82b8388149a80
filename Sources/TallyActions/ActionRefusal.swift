import TallyCore

/// Why an action wrote nothing, as a value: each front end chooses the words and the
/// status (the command line an exit code, the web app an HTTP status).
public enum ActionRefusal: Error, Sendable {
    /// The request itself is wrong: a date that is no date, a name the budget does not
    /// have, an amount that is no amount (`tally`: exit 2; the web: 422).
    case request(String)
    /// The budget cannot take the change as asked, or the change would not read back as
    /// asked (`tally`: exit 1; the web: 409).
    case budget(String)
    /// The edit pipeline refused (``BudgetEditor``): the budget unreadable or with
    /// errors, the change adding one, a file changed on disk, a write that failed.
    case edit(BudgetEditError)
}

extension ActionRefusal {
    /// How a refusal counts, for a front end's status.
    public enum Kind: Sendable {
        /// The request was wrong (`tally`: exit 2; the web: 422).
        case request
        /// The budget cannot take it as it is now (`tally`: exit 1; the web: 409).
        case conflict
        /// A file could not be read or written (`tally`: exit 2; the web: 500).
        case failure
    }

    /// How the refusal counts.
    public var kind: Kind {
        switch self {
        case .request: .request
        case .budget: .conflict
        case .edit(let error): error.kind
        }
    }

    /// Why nothing was written, in the words every front end shows (it adds only what to
    /// do next: `tally check`, the Diagnostics page). `entries` names what was to be written.
    public func message(entries: String = "the new entries") -> String {
        switch self {
        case .request(let message), .budget(let message): message
        case .edit(let error): error.message(entries: entries)
        }
    }

    /// Always `edit(error)`: the one place a ``BudgetEditError`` becomes a refusal.
    public init(_ error: BudgetEditError) { self = .edit(error) }
}

extension BudgetEditError {
    /// How the refusal counts (``ActionRefusal/kind``).
    public var kind: ActionRefusal.Kind {
        switch self {
        case .unreadable, .unreadableAfterEdit, .notWritten: .failure
        case .hasErrors, .wouldAddErrors, .changedOnDisk, .alreadyExists: .conflict
        }
    }

    /// Why nothing was written, in words (``ActionRefusal/message(entries:)``).
    public func message(entries: String = "the new entries") -> String {
        switch self {
        case .unreadable(let path, let error): "cannot read `\(path)`: \(error.explanation)"
        case .hasErrors(let path, let errors): "`\(path)` has \(errors) error\(errors == 1 ? "" : "s"); nothing written"
        case .unreadableAfterEdit(let path, let error): "cannot read `\(path)` again: \(error.explanation)"
        case .wouldAddErrors(let edited):
            "\(entries) would not read back cleanly (\(edited.firstError?.code.rawValue ?? ""): \(edited.firstError?.message ?? "")); nothing written"
        case .changedOnDisk(let path): "`\(path)` changed on disk since it was read; nothing written"
        case .alreadyExists(let path): "`\(path)` already exists; nothing written (choose another name, or remove it first)"
        case .notWritten(let error): error.reason
        }
    }
}
