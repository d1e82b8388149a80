import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Exports whose dates have two-digit years (Toshl in a US locale writes `3/14/26`): the
/// year is 20YY, and the order of day, month and year is the one the file proves, else
/// the export is refused until `--date-format` names it (Grammar.md §7.1, `dates`).
@Suite struct AppExportShortYearTests {
    static let toshlHeader =
        "\"Date\",\"Account\",\"Category\",\"Tags\",\"Expense amount\",\"Income amount\",\"Currency\",\"In main currency\",\"Main currency\",\"Description\"\r\n"

    static func toshl(_ rows: [(date: String, expense: String)], format: DateFormat? = nil) throws -> ConversionResult {
        let text = toshlHeader + rows.map { "\"\($0.date)\",\"Cash\",\"Food\",\"\",\"\($0.expense)\",\"0\",\"EUR\",\"\($0.expense)\",\"EUR\",\"\"\r\n" }.joined()
        var options = AppExportOptions()
        options.dateFormat = format
        return try AppExportConverter.convert(paths: ["toshl_export.csv"], options: options, budgetPath: "converted.tally") { _ in text }
    }

    static func refusal(_ rows: [(date: String, expense: String)]) -> String? {
        do {
            _ = try toshl(rows)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The Toshl fixture with its years in two digits gives the same budget, days and
    /// balances as with four: `3/14/26` and `3/21/26` read only month first.
    @Test func toshlsTwoDigitYearsReadAsTheFourDigitExport() throws {
        let short = try AppExportGoldenTests.convert(["toshl_export-short-years.csv"], AppExportOptions())
        let long = try AppExportGoldenTests.convert(["toshl_export.csv"], AppExportOptions())
        #expect(short.budget.replacingOccurrences(of: "toshl_export-short-years.csv", with: "toshl_export.csv") == long.budget)
        #expect(short.budget.contains("2026-03-14 \"\" \"Bakery\""), "\(short.budget)")
        // Bank: 1250.00 − 9.60 − 50.00 (to Cash) − 420.00 = 770.40; Cash: 50.00 − 7.20 = 42.80
        let balances = try FlatListFigureTests.balances("toshl_export-short-years.csv")
        #expect(balances == ["Bank": Money("770.40")!, "Cash": Money("42.80")!])
    }

    /// Every day 12 or less: `03/01/26` is 1 March 2026 month first, 3 January 2026 day
    /// first and 26 January 2003 year first. Refused, never guessed; `--date-format
    /// MM/DD/YY` reads it.
    @Test func twoDigitYearsThatReadSeveralWaysAreRefused() throws {
        let rows = [(date: "03/01/26", expense: "2.00"), (date: "03/02/26", expense: "3.00")]
        let refusal = try #require(Self.refusal(rows))
        #expect(refusal.contains("read as MM/DD/YY and as DD/MM/YY; name the app's setting with --date-format"), "\(refusal)")
        let named = try Self.toshl(rows, format: .monthSlashedShort)
        #expect(named.budget.contains("2026-03-01") && named.budget.contains("2026-03-02"), "\(named.budget)")
        // Cash: −2.00 − 3.00 = −5.00
        #expect(try AppExportFigureTests.figures(named, at: CivilDate(year: 2026, month: 3, day: 31)!).balances == ["Cash": Money("-5.00")!])
    }

    /// `14/03/26` is 14 March 2026 day first and 26 March 2014 year first: a file of such
    /// dates does not prove its order (until a year past 31), so it is refused; the
    /// century is never the doubt (`26` is 2026).
    @Test func dayFirstTwoDigitYearsNeedTheirFormatNamed() throws {
        let rows = [(date: "14/03/26", expense: "2.00"), (date: "21/03/26", expense: "3.00")]
        let refusal = try #require(Self.refusal(rows))
        #expect(refusal.contains("read as DD/MM/YY and as YY/MM/DD"), "\(refusal)")
        let named = try Self.toshl(rows, format: .daySlashedShort)
        #expect(named.budget.contains("2026-03-14") && named.budget.contains("2026-03-21"), "\(named.budget)")
    }

    /// A column that mixes two-digit and four-digit years is in no one format: refused.
    @Test func mixedYearWidthsAreRefused() {
        let refusal = Self.refusal([(date: "3/14/26", expense: "2.00"), (date: "3/15/2026", expense: "3.00")])
        #expect(refusal?.contains("are in no format Tally reads; name it with --date-format") == true, "\(refusal ?? "")")
    }

    /// Money Manager writes short dates year first (`yy.mm.dd`, as its own import template
    /// does) in some settings: `26.03.14` is 26 March 2014 day first and 14 March 2026
    /// year first, so its export is refused until `--date-format DD.MM.YY` says day first.
    /// A value with no year-first reading (`5.03.26`) proves day first.
    @Test func moneyManagersShortDottedDatesNeedTheirOrder() throws {
        func convert(_ dates: [String], _ format: DateFormat? = nil) throws -> ConversionResult {
            let rows = dates.map { "\($0)\tCash\tFood\t\t\t2.00\tExp.\t\n" }.joined()
            var options = AppExportOptions()
            options.dateFormat = format
            options.conversion.commodities = ["": "EUR"]
            return try AppExportConverter.convert(paths: ["mm.tsv"], options: options, budgetPath: "converted.tally") { _ in
                "Period\tAccounts\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\n" + rows
            }
        }
        #expect(throws: AppExportError.self) { try convert(["26.03.14", "27.03.14"]) }
        do {
            _ = try convert(["26.03.14", "27.03.14"])
        } catch {
            #expect("\(error)".contains("`26.03.14` reads both ways; give --date-format DD.MM.YY when they are day first"), "\(error)")
        }
        #expect(try convert(["26.03.14"], .dayDottedShort).budget.contains("2014-03-26"))
        #expect(try convert(["5.03.26", "14.03.26"]).budget.contains("2026-03-14"))
        // Toshl's day-first short dates are read as before: only Money Manager writes year first.
        let toshl = Self.toshlHeader + "\"14.03.26\",\"Cash\",\"Food\",\"\",\"2.00\",\"0\",\"EUR\",\"2.00\",\"EUR\",\"\"\r\n"
        let read = try AppExportConverter.convert(paths: ["toshl_export.csv"], budgetPath: "converted.tally") { _ in toshl }
        #expect(read.budget.contains("2026-03-14"))
    }
}
