import TallyActions
import TallyCore
import TallyReports

extension BudgetEditError {
    /// Tells why nothing was written, as `tally <command>` words it, and gives the exit
    /// code: 2 when a file cannot be read or written, 1 when the budget has or would get
    /// errors or changed meanwhile. `entries` names what was to be written.
    func report(_ command: String, entries: String = "the new entries", console: Console) -> Int32 {
        switch self {
        case .unreadable(let path, let error):
            console.err("tally \(command): cannot read `\(path)`: \(error.explanation)\n")
            return ExitCode.usage
        case .hasErrors(let path, let errors):
            console.err("tally \(command): `\(path)` has \(errors) error\(errors == 1 ? "" : "s"); nothing written. Run `tally check \(path)` to see \(errors == 1 ? "it" : "them").\n")
            return ExitCode.problems
        case .unreadableAfterEdit(let path, let error):
            console.err("tally \(command): cannot read `\(path)` again: \(error.explanation)\n")
            return ExitCode.usage
        case .wouldAddErrors(let edited):
            let error = edited.firstError
            console.err("tally \(command): \(entries) would not read back cleanly (\(error?.code.rawValue ?? ""): \(error?.message ?? "")); nothing written\n")
            return ExitCode.problems
        case .changedOnDisk(let path):
            console.err("tally \(command): `\(path)` changed while it was being read; nothing written\n")
            return ExitCode.problems
        case .alreadyExists(let path):
            console.err("tally \(command): `\(path)` already exists; nothing written (choose another name, or remove it first)\n")
            return ExitCode.problems
        case .notWritten(let error):
            console.err("tally \(command): \(error.reason)\n")
            return ExitCode.usage
        }
    }
}

extension ActionRefusal {
    /// Tells why nothing was written, as `tally <command>` words it, and gives the exit
    /// code: 2 for a mistake in what was asked, 1 when the budget cannot take it, and
    /// ``BudgetEditError/report(_:entries:console:)``'s for the edit pipeline's refusals.
    func report(_ command: String, entries: String = "the new entries", console: Console) -> Int32 {
        switch self {
        case .request(let message):
            console.err("tally \(command): \(message)\n")
            return ExitCode.usage
        case .budget(let message):
            console.err("tally \(command): \(message)\n")
            return ExitCode.problems
        case .edit(let error):
            return error.report(command, entries: entries, console: console)
        }
    }
}
