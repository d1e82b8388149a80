import TallyCore
import TallyReports
import TallySyntax

/// `tally wallets FILE`: every wallet declared, with its kind, currency, owners and how
/// many entries use it.
enum WalletsCommand: LibraryReport {
    static let kind = ReportKind.wallets
    static let name = "wallets"
    static let summary = "List the wallets, with kind, currency, owners and entries"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "the wallets the budget declares, in file order,\nwith kind, currency, owners, whether hidden or closed, and the number of entries\n(transactions, transfers, assertions) in each.",
        layouts: "CSV columns:\nwallet,kind,currency,owners,hidden,closed,entries.")

    /// The wallets, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .wallets(let list) = result else { return ExitCode.success }
        let model = context.model, counts = list.counts
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["wallet", "kind", "currency", "owners", "hidden", "closed", "entries"])
            for (i, w) in model.wallets.enumerated() {
                csv.add([
                    w.name, w.kind.rawValue, w.currency, w.owners.joined(separator: ", "), w.hidden ? "yes" : "no",
                    w.closed?.description ?? "", "\(counts[i])"
                ])
            }
            context.output(csv)
        default:
            var table = TextTable([
                .init(title: "Wallet", alignment: .left), .init(title: "Kind", alignment: .left),
                .init(title: "Currency", alignment: .left), .init(title: "Owners", alignment: .left),
                .init(title: "Entries", alignment: .right), .init(title: "", alignment: .left)
            ])
            for (i, w) in model.wallets.enumerated() {
                let notes = [w.hidden ? "hidden" : nil, w.closed.map { "closed \($0)" }].compactMap { $0 }.joined(separator: ", ")
                table.add([w.name, w.kind.rawValue, w.currency, w.owners.joined(separator: ", "), "\(counts[i])", notes])
            }
            context.console.out(model.wallets.isEmpty ? "No wallets.\n" : table.render(color: context.color, width: context.width))
        }
        return ExitCode.success
    }
}
