import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Damaged exports never crash the converter: each fixture cut short and with bytes
/// replaced by the characters that matter to CSV and amounts is either refused or gives a
/// budget without syntax errors.
@Suite struct AppExportRobustnessTests {
    static let damage: [UInt8] = Array(",;\"\n\r-.$€0123456789/T ".utf8)

    @Test(arguments: [
        ["ynab-household - Register.csv", "ynab-household - Plan.csv"], ["goodbudget-household.csv"], ["spendee-student.csv"],
        ["wallet-couple.csv"], ["Monefy.Data.31-03-2026.csv"], ["moneylover-2026-03.csv"], ["toshl_export.csv"], ["mint-transactions.csv"],
        ["actual-all-accounts.csv"], ["moneymanager-2026-03.tsv"], YNAB4FigureTests.files
    ])
    func damagedExportsAreRefusedOrConvertCleanly(_ inputs: [String]) throws {
        var random = TestSupport.SeededGenerator(seed: 26)
        let originals = try inputs.map { try String(contentsOfFile: TestSupport.path(AppExportGoldenTests.fixtures + $0), encoding: .utf8) }
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        var converted = 0
        for _ in 0 ..< 150 {
            var files: [String: String] = [:]
            for (name, text) in zip(inputs, originals) {
                var bytes = Array(text.utf8)
                for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0 ..< bytes.count, using: &random)] = Self.damage.randomElement(using: &random)!
                }
                if Bool.random(using: &random) { bytes = Array(bytes.prefix(Int.random(in: 0 ... bytes.count, using: &random))) }
                files[name] = String(decoding: bytes, as: UTF8.self)
            }
            guard
                let result = try? AppExportConverter.convert(paths: inputs, options: options, budgetPath: "damaged.tally", readFile: { files[$0]! })
            else { continue }
            converted += 1
            let errors = Parser.parse(SourceText(path: "damaged.tally", text: result.budget)).diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.message)) in \(result.budget)")
        }
        // Most damage leaves an export that still converts (with rows listed).
        #expect(converted > 0)
    }
}
