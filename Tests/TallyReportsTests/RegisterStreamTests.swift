import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

/// The register written as its rows are walked gives the bytes of the register made whole,
/// in pieces of any size, and only for requests whose rows need no ordering.
struct RegisterStreamTests {
    static func budget() throws -> ReportBudget {
        try ReportBudget.open(files: [TestSupport.path("examples/household.tally")], today: CivilDate(iso: "2026-11-22")!)
    }

    @Test(arguments: [
        [(String, String)](), [("period", "2026-11")], [("wallet", "Joint")], [("search", "bakery")], [("category", "Food"), ("type", "expense")],
        [("payee", "nobody-at-all")], [("search", "-12")]
    ])
    func theStreamIsTheWholeRegister(parameters: [(String, String)]) throws {
        let budget = try Self.budget()
        let request = try ReportKind.register.request(parameters)
        guard case .success(let result) = ReportKind.register.answer(request, budget: budget) else {
            Issue.record("\(parameters) was refused")
            return
        }
        guard case .success(let stream?) = RegisterStream.plain(request, budget: budget) else {
            Issue.record("\(parameters) has no stream")
            return
        }
        for chunk in [1, 100, 1 << 16] {
            var pieces: [[UInt8]] = []
            stream.writeJSON(chunk: chunk) { pieces.append($0) }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == result.json, "\(parameters), pieces of \(chunk)")
            // A piece is handed on once it holds `chunk` bytes, at the next row.
            if chunk == 100 { #expect(pieces.count > 2 || result.json.utf8.count < 300) }
        }
    }

    /// Sorted, reversed, summed by month, with query words (a running total): the rows
    /// must be made first, so there is no stream; a mistake is refused as `answer` words it.
    @Test func orderedRequestsHaveNoStream() throws {
        let budget = try Self.budget()
        for parameters in [[("sort", "amount")], [("desc", "")], [("monthly", "")], [("q", "amt:>20")]] {
            let request = try ReportKind.register.request(parameters)
            guard case .success(nil) = RegisterStream.plain(request, budget: budget) else {
                Issue.record("\(parameters) streamed")
                continue
            }
        }
        let unknown = try ReportKind.register.request([("wallet", "Nope")])
        guard case .failure(let refusal) = RegisterStream.plain(unknown, budget: budget),
            case .failure(let expected) = ReportKind.register.answer(unknown, budget: budget)
        else {
            Issue.record("an unknown wallet was not refused")
            return
        }
        #expect(refusal == expected)
    }
}
