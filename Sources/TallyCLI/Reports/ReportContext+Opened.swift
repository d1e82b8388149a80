import TallyReports

extension ReportContext {
    /// Runs the report `command` with `arguments` on a budget already opened (`tally
    /// serve` keeps one open until a file changes): the same parsing, figures and output
    /// as `tally COMMAND`, without reading the files again. The budget must be the one the
    /// arguments name, as of their `--today`.
    static func run(_ command: any ReportSubcommand.Type, _ arguments: [String], budget: ReportBudget, console: Console) -> Int32 {
        var options: ReportOptions
        do {
            options = try command.parse(arguments)
            try options.resolveFiles(command: command.name, environment: console.environment)
        } catch {
            console.err("tally \(command.name): \(error.message)\n")
            return ExitCode.usage
        }
        return command.report(ReportContext(command: command.name, options: options, budget: budget, console: console, color: false))
    }
}
