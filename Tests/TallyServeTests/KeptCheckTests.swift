import Foundation
import TallyActions
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// What the server keeps of a check between requests (`BudgetStore.check`): the answer
/// without the check's model, quoting the opened budget's own text, and only the current
/// version's. Kept whole, each answer held a second budget at 100k transactions, and two
/// were kept across a save (`serve_bench.py memory` peaked past 250 MB).
@Suite struct KeptCheckTests {
    /// A root with warnings (its diagnostics quote it) and an include with none.
    static func budget(in folder: TemporaryFolder) throws -> String {
        _ = try folder.write("expense Rent\n", to: "other.tally")
        return try folder.write("include \"other.tally\"\n" + DiagnosticsParityTests.budget, to: "budget.tally")
    }

    @Test func theAnswerIsKeptWithoutTheModelAndQuotesTheOpenedText() throws {
        let folder = try TemporaryFolder("serve-kept-check")
        defer { folder.remove() }
        let file = try Self.budget(in: folder)
        let store = BudgetStore(files: [file])
        let snapshot = store.snapshot(today: try #require(CivilDate(iso: "2026-03-31")))
        let result = store.check(snapshot)

        #expect(!result.listed.isEmpty)
        #expect(result.read.isEmpty, "the check's model is not kept")
        // Only the root is quoted (the include has no diagnostic), and its text is the
        // opened budget's: one buffer, not a second copy of the file.
        #expect(result.sources.map(\.path) == [file])
        let opened = try #require(snapshot.opened?.budget.file(file)?.tree.source.bytes)
        let kept = try #require(result.sources.first?.bytes)
        #expect(kept == opened)
        #expect(kept.withUnsafeBufferPointer(\.baseAddress) == opened.withUnsafeBufferPointer(\.baseAddress))
        // `/api/diagnostics` places each diagnostic (line and column, from the text) as
        // the whole answer does.
        let whole = CheckBudget.perform(.init(files: [file], today: snapshot.today))
        #expect(!whole.read.isEmpty && whole.sources.count == 2)
        #expect(DiagnosticsPage.json(result) == DiagnosticsPage.json(whole))
        #expect(DiagnosticsPage.json(result).contains("\"line\":8"), "\(DiagnosticsPage.json(result))")
    }

    @Test func anOlderVersionsAnswerGoesWithItsBudget() throws {
        let folder = try TemporaryFolder("serve-kept-check")
        defer { folder.remove() }
        let file = try Self.budget(in: folder)
        let store = BudgetStore(files: [file])
        let day = try #require(CivilDate(iso: "2026-03-31"))
        let first = store.snapshot(today: day)
        _ = store.check(first)
        #expect(store.keptChecks == 1)

        // A save: one line more, so that the file's size (and its version) changes.
        try (try String(contentsOfFile: file, encoding: .utf8) + "2026-03-06 \"Tesco\" Checking Food -1.00\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let second = store.snapshot(today: day)
        #expect(second.version != first.version)
        #expect(store.keptChecks == 0, "the first version's answer went with its budget")
        let result = store.check(second)
        #expect(store.keptChecks == 1)
        #expect(result.listed.count == store.check(second).listed.count)
        #expect(store.keptChecks == 1)
    }
}
