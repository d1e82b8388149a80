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
    static func convertFiles(_ options: Options, _ conversion: ConversionOptions, budgetPath: String) throws -> ConversionResult {
        // UTF-8, or UTF-16 with a byte order mark; anything else is refused with the reason.
        let readFile = { (path: String) throws -> String in
            guard let data = FileManager.default.contents(atPath: path) else { throw ConvertReadError(path: path) }
            do {
                return try JournalEncoding.text(Array(data))
            } catch let unreadable as JournalEncoding.Unreadable {
                throw ConvertReadError(path: path, reason: unreadable.reason)
            }
        }
        // The text read to tell an app's export is handed to the converter's first read of
        // the file, once: decoding a 10 MB journal twice cost 3 % of its conversion.
        var readEarlier: [String: String] = [:]
        let exports = try options.files.filter { path in
            let text = try readFile(path)
            readEarlier[path] = text
            return AppExportConverter.isAppExport(path: path, text: text)
        }
        let readOnce = { (path: String) throws -> String in
            if let text = readEarlier.removeValue(forKey: path) { return text }
            return try readFile(path)
        }
        guard options.app.app != nil || !exports.isEmpty else {
            return try JournalConverter.convert(paths: options.files, options: conversion, budgetPath: budgetPath, readFile: readOnce)
        }
        if options.app.app == nil && exports.count != options.files.count {
            throw MixedFiles(description: "`\(options.files.first { !exports.contains($0) } ?? "")` is no app's export: convert an app's export and journals separately")
        }
        var app = options.app
        app.conversion = conversion
        return try AppExportConverter.convert(paths: options.files, options: app, budgetPath: budgetPath, readFile: readOnce)
    }
}

/// Journals and an app's export given together.
struct MixedFiles: Error, CustomStringConvertible {
    let description: String
}
