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
