import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// One app export converted and recorded as golden files beside its input.
struct AppExportCase: CustomTestStringConvertible, Sendable {
    /// The golden files' name in `Goldens/apps/`.
    let name: String
    /// The export's files, in `Fixtures/apps/`.
    let inputs: [String]
    var options = AppExportOptions()
    /// The warnings the budget's check shows, when the app's own figures carry one
    /// (YNAB 4's overspent category is overspent in Tally too).
    var warnings: [String] = []
    var testDescription: String { name }
}

/// Budgeting apps' exports → budgets, in process: for each case, the budget
/// (`NAME.tally`) and the lines listed as not converted (`NAME.leftout`), recorded again
/// with `TALLY_RECORD=1`. Each budget must also pass the check clean (no error, no
/// warning), as `tally convert` checks it.
@Suite struct AppExportGoldenTests {
    static let fixtures = "Tests/TallyInteropTests/Fixtures/apps/"

    static let cases: [AppExportCase] = {
        var goodbudget = AppExportCase(name: "goodbudget-household", inputs: ["goodbudget-household.csv"])
        goodbudget.options.conversion.commodities = ["": "USD"]
        var mint = AppExportCase(name: "mint-transactions", inputs: ["mint-transactions.csv"])
        mint.options.conversion.commodities = ["": "USD"]
        var actual = AppExportCase(name: "actual-all-accounts", inputs: ["actual-all-accounts.csv"])
        actual.options.conversion.commodities = ["": "USD"]
        var ynab4 = AppExportCase(name: "ynab4-household", inputs: YNAB4FigureTests.files)
        ynab4.warnings = ["W0501: Groceries is 20.00 USD over for 2026-01: 320.00 spent of 300.00"]
        var ynabCards = AppExportCase(name: "ynab-cards", inputs: YNABCardFigureTests.files)
        // YNAB's own overspending, January's, is Tally's too.
        ynabCards.warnings = [
            "W0501: Groceries is 30.00 USD over for 2026-01: 130.00 spent of 100.00", "W0501: Games is 30.00 USD over for 2026-01: 80.00 spent of 50.00"
        ]
        var twoCards = AppExportCase(name: "ynab-two-cards", inputs: YNABTwoCardsFigureTests.files)
        twoCards.warnings = [
            "W0501: Groceries is 30.00 USD over for 2026-01: 130.00 spent of 100.00", "W0501: Games is 20.00 USD over for 2026-01: 70.00 spent of 50.00"
        ]
        var moneyManager = AppExportCase(name: "moneymanager-2026-03", inputs: ["moneymanager-2026-03.tsv"])
        moneyManager.options.conversion.commodities = ["": "EUR"]
        return [
            AppExportCase(name: "ynab-household", inputs: ["ynab-household - Register.csv", "ynab-household - Plan.csv"]),
            ynabCards,
            twoCards,
            goodbudget,
            AppExportCase(name: "spendee-student", inputs: ["spendee-student.csv"]),
            AppExportCase(name: "wallet-couple", inputs: ["wallet-couple.csv"]),
            AppExportCase(name: "monefy", inputs: ["Monefy.Data.31-03-2026.csv"]),
            AppExportCase(name: "moneylover-2026-03", inputs: ["moneylover-2026-03.csv"]),
            AppExportCase(name: "toshl", inputs: ["toshl_export.csv"]),
            mint,
            actual,
            moneyManager,
            ynab4
        ]
    }()

    @Test(arguments: cases)
    func convertsAsRecorded(_ conversion: AppExportCase) throws {
        let result = try Self.convert(conversion.inputs, conversion.options)
        let listed = result.leftOut.map { "\(Self.relative($0.source.file)):\($0.source.line): not converted: \($0.reason)\n" }
        let base = TestSupport.path("Tests/TallyInteropTests/Goldens/apps/" + conversion.name)
        for (text, ext) in [(result.budget, "tally"), (listed.joined(), "leftout")] {
            if let problem = TestSupport.compareGolden(text, path: base + "." + ext) { Issue.record(Testing.Comment(rawValue: problem)) }
        }
        let (_, diagnostics) = try Self.interpret(result, today: CivilDate(year: 2026, month: 3, day: 31)!)
        #expect(diagnostics.filter { $0.severity != .info }.map { "\($0.code): \($0.message)" } == conversion.warnings)
    }

    static func convert(_ inputs: [String], _ options: AppExportOptions) throws -> ConversionResult {
        try AppExportConverter.convert(paths: inputs.map { TestSupport.path(fixtures + $0) }, options: options, budgetPath: "converted.tally") { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw ConversionGoldenTests.Unreadable(path: path) }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The converted budget interpreted, as `tally convert` and `tally check` do, with the
    /// diagnostics the budget's own policy shows.
    static func interpret(_ result: ConversionResult, today: CivilDate) throws -> (BudgetModel, [Diagnostic]) {
        var provider = InMemoryFileProvider([:])
        provider.files["converted.tally"] = result.tree.source.bytes
        let budget = try BudgetLoader(provider: provider, parsed: [result.tree]).load("converted.tally")
        let (model, found) = Interpreter.run(budget, today: today)
        return (model, DiagnosticPolicy.shown(found, in: budget))
    }

    static func relative(_ file: String) -> String {
        let root = TestSupport.repositoryRoot.path + "/"
        return file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
    }
}
