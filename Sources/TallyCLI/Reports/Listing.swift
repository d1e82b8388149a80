import TallyCore
import TallyReports
import TallySyntax

/// What the listing commands (`wallets`, `categories`, `payees`, `tags`, `stats`) share:
/// their flags and how they open the budget; their figures are TallyReports' `WalletList`,
/// `CategoryTree`, `NameCounts` and `BudgetStats`.
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
    /// Runs a listing of names that entries carry (payees, tags): opens the budget, counts
    /// the entries naming each (an entry counts once per name) and the last date, and
    /// writes them by name, any case. `names` gives the names one entry carries.
    static func runCounted(
        _ command: String, _ arguments: [String], console: Console, title: String, key: String,
        names: (ReportBudget, ClosedRange<CivilDate>?) -> NameCounts
    ) -> Int32 {
        let context: ReportContext
        switch open(command, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let list: NameCounts
        do { list = names(context.budget, try context.range(default: nil)) } catch { return context.fail(error) }
        counted(context, title: title, key: key, list: list)
        return ExitCode.success
    }

    /// Names with their number of entries and last date, in the chosen format:
    /// `{"payees": [{"name", "entries", "last"}]}`, CSV `payee,entries,last`, or a table.
    static func counted(_ context: ReportContext, title: String, key: String, list: NameCounts) {
        switch context.options.format {
        case "json":
            context.console.out(list.json(key: key).rendered())
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
    }
}
