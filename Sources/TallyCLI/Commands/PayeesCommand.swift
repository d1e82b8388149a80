import TallyReports

/// `tally payees FILE`: every payee written on an entry, with how often and when last.
enum PayeesCommand: LibraryReport {
    static let kind = ReportKind.payees
    static let name = "payees"
    static let summary = "List the payees, with their entries and last date"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "every payee the entries name, by name (any case),\nwith the number of entries and the date of the last one.",
        layouts: "CSV columns:\npayee,entries,last.")

    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        Listing.counted(result, context, title: "Payee")
    }
}
