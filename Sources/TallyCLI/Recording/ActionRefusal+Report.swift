import TallyActions
import TallyCore
import TallyReports

extension ActionRefusal {
    /// Tells why nothing was written, as `tally <command>` shows it (the library's words,
    /// and for a budget with errors the command that lists them), and gives the exit
    /// code: 2 for a mistake in what was asked or a file that cannot be read or written,
    /// 1 when the budget cannot take it. `entries` names what was to be written.
    func report(_ command: String, entries: String = "the new entries", console: Console) -> Int32 {
        var text = "tally \(command): \(message(entries: entries))"
        if case .edit(.hasErrors(let path, let errors)) = self { text += ". Run `tally check \(path)` to see \(errors == 1 ? "it" : "them")." }
        console.err(text + "\n")
        return kind == .conflict ? ExitCode.problems : ExitCode.usage
    }
}

extension BudgetEditError {
    /// ``ActionRefusal/report(_:entries:console:)`` for the edit pipeline's refusals.
    func report(_ command: String, entries: String = "the new entries", console: Console) -> Int32 {
        ActionRefusal(self).report(command, entries: entries, console: console)
    }
}
