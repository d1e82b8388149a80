import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// `/api/register` sorted, reversed or valued at market is byte for byte what
/// `tally register --format json` prints for the same options. A market valuation was
/// once streamed unconverted: `?market` gave each wallet's own currency with status 200.
@Suite(.serialized) struct RegisterAPIOrderTests {
    @Test func sortedAndValuedRegistersAreTheCommandLines() throws {
        let file = TestSupport.path("examples/multi-currency.tally")
        let serve = ServeTestApp(files: [file])
        let asked: [(String, [String])] = [
            ("?sort=payee", ["--sort", "payee"]), ("?sort=category&desc", ["--sort", "category", "--desc"]),
            ("?sort=amount&search=a", ["--sort", "amount", "--search", "a"]), ("?market", ["--market"]),
            ("?exchange=EUR&sort=amount", ["--exchange", "EUR", "--sort", "amount"])
        ]
        for (query, flags) in asked {
            let answer = serve.get("/api/register" + query)
            let expected = ServeTestApp.cli(["register", "--format", "json", "--today", "2026-11-22"] + flags + [file])
            #expect(expected.code == 0, "\(flags)")
            #expect(answer.text == expected.out, "\(query)")
        }
        // The valued rows are in the budget's currency: a USD row's amount converted.
        #expect(serve.get("/api/register?market").text.contains("\"currency\": \"EUR\"") && !serve.get("/api/register?market").text.contains("\"currency\": \"USD\""))
    }
}
