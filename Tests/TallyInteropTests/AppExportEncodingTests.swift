import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// The character sets an export may come in: UTF-8 (a byte order mark or none), UTF-16
/// with its mark, read as `tally convert` reads files; another (Windows-1252) refused,
/// never read into names the app does not show; CR LF line ends as LF ones.
@Suite struct AppExportEncodingTests {
    static func convert(_ bytes: [UInt8], _ file: String) throws -> ConversionResult {
        try AppExportConverter.convert(paths: [file], budgetPath: "converted.tally") { _ in try JournalEncoding.text(bytes) }
    }

    @Test func utf16WithItsMarkReadsAsUTF8Does() throws {
        let path = TestSupport.path(AppExportGoldenTests.fixtures + "Monefy.Data.31-03-2026.csv")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let fromUTF16 = try Self.convert(utf16, "Monefy.Data.csv")
        let fromUTF8 = try Self.convert(Array(text.utf8), "Monefy.Data.csv")
        #expect(fromUTF16.budget == fromUTF8.budget)
        // Cash 269.50, Bank card 2604.20 (FlatListFigureTests.monefy) either way.
        let balances = try AppExportFigureTests.figures(fromUTF16, at: CivilDate(year: 2026, month: 3, day: 31)!).balances
        #expect(balances == ["Cash": Money("269.50")!, "Bank card": Money("2604.20")!])
    }

    @Test func anotherCharacterSetIsRefused() {
        // `Café` in Windows-1252: 0xE9 is no UTF-8 character.
        let bytes = Array("Id;Date;Category;Amount;Currency;Note;Wallet\n1;14/03/2026;Caf".utf8) + [0xE9] + Array(";-2.50;EUR;;Cash\n".utf8)
        #expect {
            try Self.convert(bytes, "ml.csv")
        } throws: { error in
            "\(error)" == "ml.csv:2: the file is not UTF-8 (a byte no UTF-8 character has); export it from the app as UTF-8"
        }
    }

    /// Every app's export as Windows writes it, a byte order mark first and lines ended by
    /// CR LF, or without either: the same budget as the fixture's (only YNAB's and YNAB
    /// 4's fixtures carry a mark, the others none).
    @Test(arguments: AppExportOddInputTests.fixtures)
    func aByteOrderMarkAndWindowsLineEndsChangeNothing(_ files: [String]) throws {
        var plain: [String: [UInt8]] = [:], windows: [String: [UInt8]] = [:]
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: TestSupport.path(AppExportGoldenTests.fixtures + file)))
            var bytes = Array(data)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            plain[file] = bytes
            // CR before each LF that has none.
            windows[file] = [0xEF, 0xBB, 0xBF] + bytes.indices.flatMap { i in bytes[i] == 0x0A && (i == 0 || bytes[i - 1] != 0x0D) ? [0x0D, 0x0A] : [bytes[i]] }
        }
        func convert(_ bytes: [String: [UInt8]]) throws -> String {
            var options = AppExportOptions()
            options.conversion.commodities = ["": "USD"]
            return try AppExportConverter.convert(paths: files, options: options, budgetPath: "converted.tally") { try JournalEncoding.text(bytes[$0]!) }
                .budget
        }
        #expect(try convert(windows) == convert(plain))
    }
}
