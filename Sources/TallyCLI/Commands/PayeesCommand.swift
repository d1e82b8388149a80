import TallyCore
import TallySyntax

/// `tally payees FILE`: every payee written on an entry, with how often and when last.
enum PayeesCommand: Subcommand {
    static let name = "payees"
    static let summary = "List the payees, with their entries and last date"
    static let help = Listing.help(name, "every payee the entries name, by name (any case),\nwith the number of entries and the date of the last one.",
                                   layouts: "CSV columns:\npayee,entries,last.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        var seen: [String: (entries: Int, last: CivilDate)] = [:]
        do {
            for entry in try Listing.entries(context) {
                guard let payee = entry.payee else { continue }
                let old = seen[payee]
                seen[payee] = ((old?.entries ?? 0) + 1, max(old?.last ?? entry.date, entry.date))
            }
        } catch { return context.fail(error) }
        let names = seen.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        Listing.counted(context, title: "Payee", key: "payee", names: names) { (seen[$0]!.entries, seen[$0]!.last) }
        return ExitCode.success
    }
}
