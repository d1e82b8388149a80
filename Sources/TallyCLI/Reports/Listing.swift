import TallyCore
import TallySyntax

/// What the listing commands (`wallets`, `categories`, `payees`, `tags`, `stats`) share:
/// their flags, how they open the budget, and the entries of the period they count.
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
    /// Runs a listing of names that entries carry (payees, tags): opens the budget, counts
    /// the entries naming each (an entry counts once per name) and the last date, and
    /// writes them by name, any case. `names` gives the names one entry carries.
    static func runCounted(_ command: String, _ arguments: [String], console: Console, title: String, key: String,
                           names: (Entry) -> Set<String>) -> Int32 {
        let context: ReportContext
        switch open(command, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        var seen: [String: (entries: Int, last: CivilDate)] = [:]
        do {
            for entry in try entries(context) {
                for name in names(entry) {
                    let old = seen[name]
                    seen[name] = ((old?.entries ?? 0) + 1, max(old?.last ?? entry.date, entry.date))
                }
            }
        } catch { return context.fail(error) }
        let sorted = seen.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        counted(context, title: title, key: key, names: sorted) { (seen[$0]!.entries, seen[$0]!.last) }
        return ExitCode.success
    }

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
