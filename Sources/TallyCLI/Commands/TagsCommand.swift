import TallyReports

/// `tally tags FILE`: every tag written on an entry, with how often and when last.
enum TagsCommand: LibraryReport {
    static let kind = ReportKind.tags
    static let name = "tags"
    static let summary = "List the tags, with their entries and last date"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "every tag the entries carry (without `#`), by name,\nwith the number of entries and the date of the last one.",
        layouts: "CSV columns:\ntag,entries,last.")

    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        Listing.counted(result, context, title: "Tag")
    }
}
