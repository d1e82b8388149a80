import TallyReports

/// A report the library makes (``ReportKind``): the command reads its flags into the
/// library's ``ReportRequest``, the library checks it and computes the figures, and the
/// command draws them as text or CSV; its JSON is the library's (the web app's too).
protocol LibraryReport: ReportSubcommand {
    /// The report the library makes.
    static var kind: ReportKind { get }
    /// The command's own flags, as its help lists them.
    static var own: [FlagDeclaration] { get }
    /// `--format`'s choices.
    static var formats: [String] { get }
    /// Draws `result` in the context's format (text or CSV; JSON too for a report that
    /// streams it); returns the exit code.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32
    /// Checks of the command line's own flags (`--html`), before the request's.
    static func check(_ options: inout ReportOptions) throws(UsageError)
}

extension LibraryReport {
    static var formats: [String] { ["text", "json", "csv"] }
    static var own: [FlagDeclaration] { [] }

    /// The shared flags: the library's options for the report, then how to print.
    static var shared: [ReportOptions.Flag] {
        kind.options.map { option in ReportOptions.Flag.allCases.first { $0.option == option }! } + [.today, .format, .csvSeparator, .color]
    }

    /// The flags, read into the request, and the request checked as far as it can be
    /// without the budget.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        var options = try ReportOptions.parse(arguments, command: name, flags: shared, formats: formats, own: own, query: kind.takesQuery)
        try check(&options)
        // Query words are known for sure once the file is found: a word after the file.
        let words = !options.positionals.dropFirst(options.fileFlags.isEmpty ? 1 : 0).isEmpty
        try kind.check(&options.request, hasQuery: words)
        return options
    }

    /// None by default.
    static func check(_ options: inout ReportOptions) throws(UsageError) {}

    static func report(_ context: ReportContext) -> Int32 { libraryReport(context) }

    /// The library's figures, drawn.
    static func libraryReport(_ context: ReportContext) -> Int32 {
        var context = context  // valued (-V, -X): drawn in the valuation's currency; `run` refuses a wrong -X
        context.budget = (try? kind.valued(context.options.request, budget: context.budget)) ?? context.budget
        switch kind.run(context.options.request, budget: context.budget) {
        case .failure(.usage(let error)): return context.fail(error)
        case .failure(.cannotCompute(let reason)):
            context.console.err("tally \(name): \(reason)\n")
            return ExitCode.problems
        case .success(let result):
            if context.options.format == "json", kind != .register {
                context.console.out(result.json)
                return ExitCode.success
            }
            return render(result, context)
        }
    }
}
