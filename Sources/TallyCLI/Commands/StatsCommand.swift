import TallyReports

/// `tally stats FILE`: what the budget holds: its files, the number of entries, the
/// dates they span, entries per wallet, and how long reading it took.
enum StatsCommand: Subcommand {
    static let name = "stats"
    static let summary = "Files, entries, dates spanned and entries per wallet"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "the files read (the budget and its includes), the\nnumber of dated entries, the first and last date and the days between, the\nentries and last date of each wallet, and the time reading and computing took.",
        layouts: "CSV columns (the\nwallets): wallet,entries,last. JSON: docs/reports.md.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let stats: BudgetStats
        do { stats = BudgetStats(context.budget, range: try context.range(default: nil)) } catch { return context.fail(error) }
        let elapsed = clock.now - started
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        switch context.options.format {
        case "json":
            context.console.out(stats.json(milliseconds: milliseconds).rendered())
        case "csv":
            var csv = CSVTable(["wallet", "entries", "last"])
            for wallet in stats.wallets { csv.add([wallet.name, "\(wallet.entries)", wallet.last?.description ?? ""]) }
            context.output(csv)
        default:
            var out = "Files        \(context.files.count): \(context.files.joined(separator: ", "))\n"
            out += "Entries      \(stats.entries)\n"
            if let first = stats.first, let last = stats.last {
                out += "Dates        \(first) to \(last) (\(stats.days) day\(stats.days == 1 ? "" : "s"))\n"
                out += "Last entry   \(last)\n"
            }
            out += "Took         \(milliseconds) ms\n"
            if !stats.wallets.isEmpty {
                var table = TextTable([
                    .init(title: "Wallet", alignment: .left), .init(title: "Entries", alignment: .right),
                    .init(title: "Last", alignment: .left)
                ])
                for wallet in stats.wallets { table.add([wallet.name, "\(wallet.entries)", wallet.last?.description ?? ""]) }
                out += "\n" + table.render(color: context.color, width: context.width)
            }
            context.console.out(out)
        }
        return ExitCode.success
    }
}
