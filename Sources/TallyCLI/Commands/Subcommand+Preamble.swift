import TallyCore
import TallyReports
import TallySyntax

/// What every command does before its own work: read its options and settle the day it
/// works as of, saying what is wrong (exit 2) in the same words for every command.
extension Subcommand {
    /// The options `parse` reads from `arguments`, or nil after printing the usage mistake
    /// with the command's short `usage` line, or, without one, a pointer to its help.
    static func readOptions<Options>(
        _ arguments: [String], console: Console, usage: String? = nil,
        _ parse: ([String]) throws(UsageError) -> Options
    ) -> Options? {
        do {
            return try parse(arguments)
        } catch {
            if let usage {
                console.err("tally \(name): \(error.message)\n\nUsage: \(usage)\nRun `tally help \(name)` for details.\n")
            } else {
                console.err("tally \(name): \(error.message) (see `tally help \(name)`)\n")
            }
            return nil
        }
    }

    /// The day to work as of: `given` (`--today`), else `TALLY_TODAY` or the system's
    /// date; nil after saying that `TALLY_TODAY` is not a date.
    static func workingDay(_ given: CivilDate?, console: Console) -> CivilDate? {
        if let day = given ?? Interpreter.today(environment: console.environment) { return day }
        console.err("tally \(name): TALLY_TODAY is not a date; write it as YYYY-MM-DD\n")
        return nil
    }
}
