import TallyCore
import TallyReports
import TallySyntax

/// `tally print FILE [query]`: the dated entries the filters keep, as they stand in the
/// files, as hledger's `print` shows transactions.
enum PrintCommand: ReportSubcommand {
    static let name = "print"
    static let summary = "Show the entries a query keeps, as written in the files"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .category, .tag, .payee, .type, .search, .today]
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = [ReportOptions.fileFlag, OutputFile.flag] + shared.map(\.declaration) + [.helpFlag]
    static let help = """
        tally print: the dated entries (transactions, transfers, fills, moves, goal
        payments, balance checks) the filters keep, in date order, each with its split
        lines and metadata, as written in the budget's files. A query or a filter
        other than the dates keeps the entries with a line it matches.

        USAGE
          tally print [options] <file> [query]

        OPTIONS
        \(FlagDeclaration.help(flags))\

        \(EntryQuery.help)
        Exit codes: 0 shown, 2 usage mistake or unreadable file.

        """

    /// The options: the shared report flags and a query.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        try ReportOptions.parse(arguments, command: name, flags: shared, formats: ["text"], query: true)
    }

    /// The report, from a budget opened with its sources (`ReportContext.open`).
    static func report(_ context: ReportContext) -> Int32 {
        let filter: EntryFilter
        do { filter = try context.filter(range: context.range(default: nil)) } catch { return context.fail(error) }
        let options = context.options
        let byLine =
            !options.queryTerms.isEmpty || !options.request.filters.wallets.isEmpty || !options.request.filters.categories.isEmpty
            || !options.request.filters.tags.isEmpty || options.request.filters.payee != nil || !options.request.filters.types.isEmpty
            || options.request.filters.search != nil
        context.console.out(PrintReport(context.budget, filter: filter, byLine: byLine).text)
        return ExitCode.success
    }
}
