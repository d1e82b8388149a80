import TallyReports

/// `tally tags FILE`: every tag written on an entry, with how often and when last.
enum TagsCommand: Subcommand {
    static let name = "tags"
    static let summary = "List the tags, with their entries and last date"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "every tag the entries carry (without `#`), by name,\nwith the number of entries and the date of the last one.",
        layouts: "CSV columns:\ntag,entries,last.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        Listing.runCounted(name, arguments, console: console, title: "Tag", key: "tag") { NameCounts.tags($0, range: $1) }
    }
}
