import TallyCore
import TallyInterop
import TallyReports

/// `tally convert` on a budgeting app's export: which converter reads the files, and the
/// flags only an app's export takes.
extension ConvertCommand {
    /// `--from`, `--date-format` and `--decimal`.
    static func readAppFlag(_ flag: Flag, _ value: String, into app: inout AppExportOptions) throws(UsageError) {
        switch flag {
        case .from:
            guard let kind = AppKind(rawValue: value.lowercased()) else {
                throw UsageError("`--from`: write one of \(AppKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            app.app = kind
        case .dateFormat:
            guard let format = DateFormat(name: value) else {
                throw UsageError("`--date-format`: write one of \(DateFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            app.dateFormat = format
        case .decimal:
            switch value.lowercased() {
            case "point", ".": app.decimalMark = .point
            case "comma", ",": app.decimalMark = .comma
            default: throw UsageError("`--decimal`: write point or comma")
            }
        default: break
        }
    }

    /// The files converted (`ConvertInputs` tells journals from an app's export and refuses
    /// a table that is neither, or a result that holds nothing).
    static func convertFiles(_ options: Options, _ conversion: ConversionOptions, budgetPath: String) throws -> ConversionResult {
        // UTF-8, or UTF-16 with a byte order mark; anything else is refused with the reason.
        try ConvertInputs.convert(paths: options.files, options: conversion, app: options.app, budgetPath: budgetPath) { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw ConvertReadError(path: path) }
            do {
                return try JournalEncoding.text(Array(data))
            } catch let unreadable as JournalEncoding.Unreadable {
                throw ConvertReadError(path: path, reason: unreadable.reason)
            }
        }
    }
}
