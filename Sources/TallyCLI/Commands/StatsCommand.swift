import TallyCore
import TallySyntax

/// `tally stats FILE`: what the budget holds: its files, the number of entries, the
/// dates they span, entries per wallet, and how long reading it took.
enum StatsCommand: Subcommand {
    static let name = "stats"
    static let summary = "Files, entries, dates spanned and entries per wallet"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(name, "the files read (the budget and its includes), the\nnumber of dated entries, the first and last date and the days between, the\nentries and last date of each wallet, and the time reading and computing took.",
                                   layouts: "CSV columns (the\nwallets): wallet,entries,last. JSON: docs/reports.md.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        let entries: [Entry]
        do { entries = try Listing.entries(context) } catch { return context.fail(error) }
        var perWallet = [(entries: Int, last: CivilDate?)](repeating: (0, nil), count: model.wallets.count)
        for entry in entries {
            for w in Listing.wallets(of: entry) {
                perWallet[w].entries += 1
                perWallet[w].last = max(perWallet[w].last ?? entry.date, entry.date)
            }
        }
        let first = entries.lazy.map(\.date).min(), last = entries.lazy.map(\.date).max()
        let days = first.flatMap { f in last.map { f.days(until: $0) + 1 } } ?? 0
        let elapsed = clock.now - started
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        switch context.options.format {
        case "json":
            context.console.out(JSONValue.object([
                ("files", .array(context.files.map(JSONValue.string))), ("entries", .number(entries.count)),
                ("first", .optional(first?.description)), ("last", .optional(last?.description)), ("days", .number(days)),
                ("wallets", .array(model.wallets.indices.map { w in
                    .object([("name", .string(model.wallets[w].name)), ("entries", .number(perWallet[w].entries)),
                             ("last", .optional(perWallet[w].last?.description))])
                })),
                ("milliseconds", .number(milliseconds)),
            ]).rendered())
        case "csv":
            var csv = CSVTable(["wallet", "entries", "last"])
            for (w, wallet) in model.wallets.enumerated() {
                csv.add([wallet.name, "\(perWallet[w].entries)", perWallet[w].last?.description ?? ""])
            }
            context.output(csv)
        default:
            var out = "Files        \(context.files.count): \(context.files.joined(separator: ", "))\n"
            out += "Entries      \(entries.count)\n"
            if let first, let last {
                out += "Dates        \(first) to \(last) (\(days) day\(days == 1 ? "" : "s"))\n"
                out += "Last entry   \(last)\n"
            }
            out += "Took         \(milliseconds) ms\n"
            if !model.wallets.isEmpty {
                var table = TextTable([.init(title: "Wallet", alignment: .left), .init(title: "Entries", alignment: .right),
                                       .init(title: "Last", alignment: .left)])
                for (w, wallet) in model.wallets.enumerated() {
                    table.add([wallet.name, "\(perWallet[w].entries)", perWallet[w].last?.description ?? ""])
                }
                out += "\n" + table.render(color: context.color, width: context.width)
            }
            context.console.out(out)
        }
        return ExitCode.success
    }
}
