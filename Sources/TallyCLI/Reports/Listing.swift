import TallyCore
import TallyReports
import TallySyntax

/// What the listing commands (`wallets`, `categories`, `payees`, `tags`, `stats`) share:
/// their flags and help, how `stats` opens the budget, and the table of names with their
/// entries; their figures are TallyReports' `WalletList`, `CategoryTree`, `NameCounts`
/// and `BudgetStats`.
enum Listing {
    static let flags: [ReportOptions.Flag] = [.period, .begin, .end, .today, .format, .csvSeparator, .color]

    /// Every flag of a listing, in the order the help lists them.
    static let declarations = ReportOptions.declarations(flags) + [.helpFlag]

    /// The help of a listing: its description, usage and the shared flags.
    static func help(_ name: String, _ description: String, layouts: String) -> String {
        """
        tally \(name): \(description)

        USAGE
          tally \(name) [options] <file>

        OPTIONS
        \(FlagDeclaration.help(declarations))\

        With a period, only entries within it are counted. \(layouts)

        """
    }

    /// Parses and loads, or prints why not.
    static func open(_ name: String, _ arguments: [String], console: Console) -> Result<ReportContext, ExitFailure> {
        ReportContext.open(
            name, arguments, console: console,
            parse: { (a) throws(UsageError) in
                try ReportOptions.parse(a, command: name, flags: flags)
            })
    }
}

extension Listing {
    /// Names with their number of entries and last date, in the chosen format:
    /// `{"payees": [{"name", "entries", "last"}]}`, CSV `payee,entries,last`, or a table.
    static func counted(_ result: ReportResult, _ context: ReportContext, title: String) -> Int32 {
        guard case .names(let list, let key) = result else { return ExitCode.success }
        switch context.options.format {
        case "csv":
            var csv = CSVTable([key, "entries", "last"])
            for count in list.counts { csv.add([count.name, "\(count.entries)", count.last.description]) }
            context.output(csv)
        default:
            var table = TextTable([
                .init(title: title, alignment: .left, maxWidth: 60), .init(title: "Entries", alignment: .right),
                .init(title: "Last", alignment: .left)
            ])
            for count in list.counts { table.add([count.name, "\(count.entries)", count.last.description]) }
            context.console.out(list.counts.isEmpty ? "No \(key)s.\n" : table.render(color: context.color, width: context.width))
        }
        return ExitCode.success
    }
}
