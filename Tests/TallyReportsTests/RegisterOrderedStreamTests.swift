import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

/// The register streamed in the order asked (its lines ordered first, each row written
/// from the model) gives the bytes of the register made whole; summed, running or valued
/// at market it is not streamed, nor, in any order, written unconverted.
struct RegisterOrderedStreamTests {
    static func budget(_ name: String) throws -> ReportBudget {
        try ReportBudget.open(files: [TestSupport.path("examples/\(name).tally")], today: CivilDate(iso: "2026-11-22")!)
    }

    @Test(arguments: [
        [("sort", "amount")], [("sort", "amount"), ("desc", "")], [("sort", "payee")], [("sort", "payee"), ("desc", "")],
        [("sort", "category"), ("type", "expense")], [("desc", "")], [("sort", "amount"), ("search", "lidl")], [(String, String)]()
    ])
    func theOrderedStreamIsTheWholeRegister(parameters: [(String, String)]) throws {
        for name in ["household", "multi-currency"] {
            let budget = try Self.budget(name)
            let request = try ReportKind.register.request(parameters)
            guard case .success(let result) = ReportKind.register.answer(request, budget: budget),
                case .success(let stream?) = RegisterStream.ordered(request, budget: budget)
            else {
                Issue.record("\(name) \(parameters) was refused or not streamed")
                continue
            }
            for chunk in [100, 1 << 16] {
                var pieces: [[UInt8]] = []
                stream.writeJSON(chunk: chunk) { pieces.append($0) }
                #expect(String(decoding: pieces.joined(), as: UTF8.self) == result.json, "\(name) \(parameters), pieces of \(chunk)")
            }
        }
    }

    /// Summed by month, with a running total, or converted at market rates: the rows are
    /// made by `answer`. A market valuation was once streamed in the wallets' own
    /// currencies, its rows unconverted.
    @Test func summedRunningOrValuedRegistersAreNotStreamed() throws {
        let budget = try Self.budget("multi-currency")
        for parameters in [[("monthly", "")], [("running", "")], [("q", "amt:>20")], [("market", "")], [("exchange", "EUR")], [("market", ""), ("sort", "amount")]] {
            let request = try ReportKind.register.request(parameters)
            for stream in [RegisterStream.plain(request, budget: budget), RegisterStream.ordered(request, budget: budget)] {
                guard case .success(nil) = stream else {
                    Issue.record("\(parameters) streamed")
                    continue
                }
            }
        }
    }
}
