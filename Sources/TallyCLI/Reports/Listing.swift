import TallyCore
import TallySyntax

/// What the listing commands (`wallets`, `categories`, `payees`, `tags`, `stats`) share:
/// their flags, how they open the budget, and the entries of the period they count.
enum Listing {
    static let flags: [ReportOptions.Flag] = [.period, .begin, .end, .today, .format, .csvSeparator, .color]

    /// The help of a listing: its description, usage and the shared flags.
    static func help(_ name: String, _ description: String, layouts: String) -> String {
        """
        tally \(name): \(description)

        USAGE
          tally \(name) [options] <file>

        OPTIONS
        \(ReportOptions.help(flags))  -h, --help             Show this help

        With a period, only entries within it are counted. \(layouts)

        """
    }

    /// Parses and loads, or prints why not.
    static func open(_ name: String, _ arguments: [String], console: Console) -> Result<ReportContext, ExitFailure> {
        ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            try ReportOptions.parse(a, command: name, flags: flags)
        })
    }

    /// The entries within the period (all without one).
    static func entries(_ context: ReportContext) throws(UsageError) -> [Entry] {
        guard let range = try context.range(default: nil) else { return context.model.entries }
        return context.model.entries.filter { range.contains($0.date) }
    }

    /// The wallets an entry moves money in (none for fills, rates, skips ...).
    static func wallets(of entry: Entry) -> [Int] {
        switch entry.kind {
        case .transaction(let wallet, _, _): return [wallet]
        case .transfer(let from, let to, _, _): return [from, to]
        case .assertion(let wallet, _): return [wallet]
        default: return []
        }
    }
}

extension Listing {
    /// Names with their number of entries and last date, in the chosen format:
    /// `{"payees": [{"name", "entries", "last"}]}`, CSV `payee,entries,last`, or a table.
    static func counted(_ context: ReportContext, title: String, key: String, names: [String],
                        _ figures: (String) -> (entries: Int, last: CivilDate)) {
        switch context.options.format {
        case "json":
            context.console.out(JSONValue.object([(key + "s", .array(names.map { name in
                let f = figures(name)
                return .object([("name", .string(name)), ("entries", .number(f.entries)), ("last", .string(f.last.description))])
            }))]).rendered())
        case "csv":
            var csv = CSVTable([key, "entries", "last"])
            for name in names {
                let f = figures(name)
                csv.add([name, "\(f.entries)", f.last.description])
            }
            context.output(csv)
        default:
            var table = TextTable([.init(title: title, alignment: .left, maxWidth: 60), .init(title: "Entries", alignment: .right),
                                   .init(title: "Last", alignment: .left)])
            for name in names {
                let f = figures(name)
                table.add([name, "\(f.entries)", f.last.description])
            }
            context.console.out(names.isEmpty ? "No \(key)s.\n" : table.render(color: context.color, width: context.width))
        }
    }
}
