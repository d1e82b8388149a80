import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Budget → journal exports, in process: each budget as hledger, ledger and beancount
/// text, compared with `Goldens/export/BUDGET.EXTENSION` (what `tally export --to PEER`
/// prints). `TALLY_RECORD=1` records them again.
@Suite struct ExportGoldenTests {
    static let budgets = [
        "examples/household.tally",
        "examples/multi-currency.tally",
        "Tests/TallyCLITests/Fixtures/interop/export-edges.tally",
        "Tests/TallyCLITests/Fixtures/interop/rules.tally"
    ]

    static let today = CivilDate(iso: "2026-11-22")!

    @Test(arguments: budgets, PeerFormat.allCases)
    func exportsAsRecorded(_ path: String, _ format: PeerFormat) throws {
        let budget = try BudgetLoader().load(TestSupport.path(path))
        let (model, found) = Interpreter.run(budget, today: Self.today)
        let diagnostics = DiagnosticPolicy(budget: budget).apply(budget.diagnostics + found, budget: budget)
        // `tally export` refuses a budget with errors.
        #expect(!diagnostics.contains { $0.severity == .error })
        let journal = JournalExporter(model: model, budget: budget, format: format).export()
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let golden = TestSupport.path("Tests/TallyInteropTests/Goldens/export/\(name).\(format.fileExtension)")
        if let problem = TestSupport.compareGolden(journal, path: golden) { Issue.record(Testing.Comment(rawValue: problem)) }
    }
}
