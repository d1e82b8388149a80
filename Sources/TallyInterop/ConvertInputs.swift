import TallyCore
import TallySyntax

/// The files `tally convert` is given, told apart by their content: journals (hledger,
/// ledger, beancount) or the export of an app Tally reads. Never an empty success: a table
/// that is neither is refused with what it looks like (the journal reader would find no
/// line of it and give a budget of nothing).
public enum ConvertInputs {
    /// Converts `paths` (read through `readFile`, once each): as an app's export when
    /// `app.app` names the app or every file is one (told by its columns), else as
    /// journals. Refused (``ConvertRefusal``): journals and an export together, a table
    /// that is no export Tally knows. A result that holds nothing says so
    /// (``ConversionResult/lack``), for the caller to refuse after listing its lines.
    public static func convert(
        paths: [String], options: ConversionOptions, app: AppExportOptions, budgetPath: String,
        readFile: @escaping (String) throws -> String
    ) throws -> ConversionResult {
        // The text read to tell an app's export is handed to the converter's first read of
        // the file, once: decoding a 10 MB journal twice cost 3 % of its
        // conversion (`Benchmarks/interop_bench.py`, 2026-11-29).
        var readEarlier: [String: String] = [:]
        var exports: [String] = []
        for path in paths {
            let text = try readFile(path)
            readEarlier[path] = text
            if AppExportConverter.isAppExport(path: path, text: text) {
                exports.append(path)
            } else if app.app == nil, let refusal = unrecognised(path: path, text: text) {
                throw refusal
            }
        }
        let readOnce = { (path: String) throws -> String in
            if let text = readEarlier.removeValue(forKey: path) { return text }
            return try readFile(path)
        }
        if app.app == nil && exports.isEmpty {
            return try JournalConverter.convert(paths: paths, options: options, budgetPath: budgetPath, readFile: readOnce)
        }
        if app.app == nil, let journal = paths.first(where: { !exports.contains($0) }) {
            throw ConvertRefusal("`\(journal)` is no app's export: convert an app's export and journals separately")
        }
        var app = app
        app.conversion = options
        return try AppExportConverter.convert(paths: paths, options: app, budgetPath: budgetPath, readFile: readOnce)
    }

    /// Why `text` is refused as neither a journal nor an export Tally reads: a `.csv` or
    /// `.tsv` file, or one whose first lines read as a table (the same number of fields on
    /// every line, none indented as a posting is); nil for what may be a journal. A
    /// journal's own extension is never doubted.
    static func unrecognised(path: String, text: String) -> ConvertRefusal? {
        guard PeerFormat(extensionOf: path) == nil else { return nil }
        let lower = path.lowercased()
        let named = lower.hasSuffix(".csv") || lower.hasSuffix(".tsv")
        // The first lines tell (a large journal is not split whole); a line cut short is not one.
        let head = text.prefix(16 * 1024)
        var lines = head.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }.prefix(50)
        if head.endIndex < text.endIndex, lines.count < 50, lines.count > 1 { lines.removeLast() }
        let table = try? AppTable(path: path, text: lines.joined(separator: "\n"))
        let isTable =
            table.map { table in
                table.header.count >= 2 && !table.rows.isEmpty && table.rows.allSatisfy { $0.fields.count == table.header.count }
            } ?? false
        guard named || (isTable && !lines.contains { $0.first == " " || $0.first == "\t" }) else { return nil }
        return ConvertRefusal(unknownTable: table, path: path)
    }
}

/// Why `tally convert` cannot convert what it was given at all: the words to show.
public struct ConvertRefusal: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }

    /// A table whose columns name no export Tally reads: what it looks like, the apps
    /// Tally reads and `--from`.
    init(unknownTable table: AppTable?, path: String) {
        var looks = "a file Tally reads as neither a journal nor a CSV table"
        if let table {
            let shown = table.header.prefix(12).map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: ", ")
            looks = "a CSV table with the columns \(shown)\(table.header.count > 12 ? ", …" : "")"
        }
        let apps = AppKind.allCases.map(\.rawValue).joined(separator: ", ")
        description = """
            `\(path)` is \(looks): neither a journal nor an export Tally knows by its columns. \
            Tally reads the exports of \(AppKind.allCases.map(\.appName).joined(separator: ", ")) (name the app with --from \(apps) \
            when its columns differ); a bank's statement is read by `tally import`
            """
    }
}

extension AppKind {
    /// The app's name as its maker writes it.
    var appName: String {
        switch self {
        case .ynab: "YNAB"
        case .goodbudget: "Goodbudget"
        case .spendee: "Spendee"
        case .wallet: "Wallet by BudgetBakers"
        case .ynab4: "YNAB 4"
        case .monefy: "Monefy"
        case .moneyLover: "Money Lover"
        case .toshl: "Toshl"
        case .mint: "Mint"
        case .actual: "Actual"
        case .moneyManager: "Money Manager (Realbyte)"
        }
    }
}
