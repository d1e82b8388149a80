import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The budgeting apps whose exports `tally convert` reads (`--from`).
public enum AppKind: String, CaseIterable, Sendable {
    /// YNAB: the register and the plan (formerly "budget") CSV files of its export.
    case ynab
    /// Goodbudget: its transactions CSV.
    case goodbudget
    /// Spendee: its transactions CSV.
    case spendee
    /// Wallet by BudgetBakers: its records CSV.
    case wallet
    /// YNAB 4, the desktop app: its register and budget CSV files.
    case ynab4
    /// Monefy: its data CSV (`Monefy.Data.DD-MM-YYYY.csv`).
    case monefy
    /// Money Lover: its transactions CSV.
    case moneyLover = "moneylover"
    /// Toshl: its expenses and incomes CSV.
    case toshl
    /// Mint: its transactions CSV (`transactions.csv`).
    case mint
    /// Actual: its transactions CSV.
    case actual
    /// Money Manager by Realbyte: its transactions exported as a table (TSV or CSV).
    case moneyManager = "moneymanager"

    /// The app whose export `table` is, by the columns its header names; nil for any other CSV.
    static func detect(_ table: AppTable) -> AppKind? {
        if let version = YNABRegister.version(of: table) ?? YNABPlan.version(of: table) { return version }
        return AppKind.allCases.first { TransactionList.Layout($0)?.matches(table) == true }
    }
}

/// Choices the user can make about converting an app's export.
public struct AppExportOptions: Sendable {
    /// Wallet kinds and currency codes, as for journals.
    public var conversion = ConversionOptions()
    /// The app, when the files' columns do not tell it.
    public var app: AppKind?
    /// The app's date setting (`--date-format`), when its dates can be read two ways.
    public var dateFormat: DateFormat?
    /// The app's decimal mark (`--decimal`), when its amounts do not tell it.
    public var decimalMark: DecimalMark?
    public init() {}
}

/// Turns a budgeting app's CSV export into a Tally budget through the journal
/// converter's stages (``BudgetBuilder``): the app's accounts become wallets, its
/// categories categories, its transactions transactions, splits and transfers (a
/// transfer the export shows once per side written once), and, for YNAB, each month's
/// assigned amounts envelope fills. What Tally cannot hold, or what would not give the
/// app's own figures, is listed with its file and line (``LeftOut``).
public enum AppExportConverter {
    /// Whether `text` is the export of an app Tally reads (so `tally convert` reads it
    /// as one rather than as a journal).
    public static func isAppExport(path: String, text: String) -> Bool {
        guard path.lowercased().hasSuffix(".csv") || path.lowercased().hasSuffix(".tsv") else { return false }
        // The header alone tells: a file whose rows are then refused (a row too long, a
        // date in doubt) is still an app's export, and says why.
        let header = String(text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
        guard let table = try? AppTable(path: path, text: header) else { return false }
        return AppKind.detect(table) != nil
    }

    /// Reads the export's files (`paths`, in any order: YNAB's register and plan are told
    /// apart by their columns) and converts them.
    public static func convert(
        paths: [String], options: AppExportOptions = AppExportOptions(), budgetPath: String = "<converted>",
        readFile: (String) throws -> String
    ) throws -> ConversionResult {
        var tables: [AppTable] = []
        for path in paths { tables.append(try AppTable(path: path, text: try readFile(path))) }
        let detected = Set(tables.compactMap(AppKind.detect))
        guard let app = options.app ?? (detected.count == 1 ? detected.first : nil) else {
            if detected.count > 1 { throw AppExportError("the files are exports of different apps; convert one app at a time") }
            throw AppExportError("\(paths.first ?? ""): no app's export Tally knows by its columns; name it with --from")
        }
        // A header without rows is the app's, and holds nothing: refused by name, never a
        // budget of nothing.
        if let empty = tables.first, tables.allSatisfy({ $0.rows.isEmpty }) {
            throw AppExportError("\(empty.path): \(app.appName)'s export with a header and no rows: nothing to convert")
        }
        var content: PeerJournalContent
        if let layout = TransactionList.Layout(app) {
            var reader = try TransactionList(tables: tables, layout: layout, options: options)
            content = reader.read()
        } else {
            content = try YNABExport(tables: tables, options: options).read()
        }
        // Symbols the apps write for currencies of their own (`RM 12.50`, `12,50 zł`), which
        // journals do not use so: named for the export, unless the user names them.
        var conversion = options.conversion
        for (symbol, code) in AppAmount.currencySymbols where conversion.commodities[symbol] == nil { conversion.commodities[symbol] = code }
        var builder = BudgetBuilder(content: content, closings: [:], options: conversion, sources: paths, budgetPath: budgetPath)
        builder.keepsAccountNames = false
        return builder.build()
    }
}
