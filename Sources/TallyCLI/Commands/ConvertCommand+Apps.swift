import Foundation
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

    /// The files converted: as an app's export when `--from` says so or every file is
    /// one (told by its columns), else as journals. A mix is refused.
    static func convertFiles(_ options: Options, budgetPath: String) throws -> ConversionResult {
        let readFile = { (path: String) throws -> String in
            guard let data = FileManager.default.contents(atPath: path) else { throw ConvertReadError(path: path) }
            return String(decoding: data, as: UTF8.self)
        }
        let exports = try options.files.filter { AppExportConverter.isAppExport(path: $0, text: try readFile($0)) }
        guard options.app.app != nil || !exports.isEmpty else {
            return try JournalConverter.convert(paths: options.files, options: options.conversion, budgetPath: budgetPath, readFile: readFile)
        }
        if options.app.app == nil && exports.count != options.files.count {
            throw MixedFiles(description: "`\(options.files.first { !exports.contains($0) } ?? "")` is no app's export: convert an app's export and journals separately")
        }
        var app = options.app
        app.conversion = options.conversion
        return try AppExportConverter.convert(paths: options.files, options: app, budgetPath: budgetPath, readFile: readFile)
    }
}

/// Journals and an app's export given together.
struct MixedFiles: Error, CustomStringConvertible {
    let description: String
}
