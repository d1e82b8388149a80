import TallyCore
import TallySyntax

/// `tally tags FILE`: every tag written on an entry, with how often and when last.
enum TagsCommand: Subcommand {
    static let name = "tags"
    static let summary = "List the tags, with their entries and last date"
    static let help = Listing.help(name, "every tag the entries carry (without `#`), by name,\nwith the number of entries and the date of the last one.",
                                   layouts: "CSV columns:\ntag,entries,last.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        var seen: [String: (entries: Int, last: CivilDate)] = [:]
        do {
            for entry in try Listing.entries(context) {
                for tag in Set(entry.tags) {
                    let old = seen[tag]
                    seen[tag] = ((old?.entries ?? 0) + 1, max(old?.last ?? entry.date, entry.date))
                }
            }
        } catch { return context.fail(error) }
        let names = seen.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        Listing.counted(context, title: "Tag", key: "tag", names: names) { (seen[$0]!.entries, seen[$0]!.last) }
        return ExitCode.success
    }
}
