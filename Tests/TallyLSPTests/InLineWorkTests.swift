import Foundation
import Testing

@testable import TallyLSP

/// `TALLY_LSP_IN_LINE=1` (``ServerConfiguration/worksInLine``) makes a session's work the
/// same in every run, for the instruction-count guard (Benchmarks/instructions.py): the
/// idle timer's work (the tables of completion and hover, and of every written name) never
/// runs. Either way an edit's own work ends at publishing its diagnostics: the tables are
/// built by the first request that needs them.
@Suite struct InLineWorkTests {
    private let uri = "file:///tmp/tally-in-line-test/m.tally"

    private func opened(environment: [String: String]) -> LanguageServer {
        var configuration = TestClient.configuration
        configuration.environment = environment
        let server = LanguageServer(configuration: configuration, send: { _ in })
        func message(_ members: [String: JSON]) -> [UInt8] { JSON.object(members.merging(["jsonrpc": "2.0"]) { a, _ in a }).bytes }
        server.receive(message(["id": 1, "method": "initialize", "params": ["processId": .null, "capabilities": [:]]]))
        server.receive(message(["method": "initialized", "params": [:]]))
        var text = "currency EUR\nwallet Cash cash\nexpense Food\n"
        for day in 1 ... 20 { text += "2026-01-\(day < 10 ? "0" : "")\(day) \"Shop\" Cash Food -\(day).00\n" }
        server.receive(
            message([
                "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": .string(uri), "languageId": "tally", "version": 1, "text": .string(text)]]
            ]))
        return server
    }

    private func index(_ server: LanguageServer) throws -> BudgetIndex {
        try #require(server.queue.sync { server.analyses.values.first?.index })
    }

    /// Polls `condition` every 10 ms for at most `seconds`.
    private func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func inLineTheTablesWaitForTheFirstRequestAndTheIdleWorkNeverRuns() throws {
        let server = opened(environment: ["TALLY_LSP_IN_LINE": "1"])
        let index = try index(server)
        // Nothing after publishing: no table is built in the didOpen's turn.
        #expect(!index.knowsAnyKeystrokeTable)
        // The idle work would come 2 s after the analysis; 3 s on, it has not.
        #expect(!eventually(within: 3) { index.knowsEveryWrittenName || index.knowsAnyKeystrokeTable })
        // The first question about payees builds their tally: 20 entries name "Shop".
        #expect(index.payees == ["Shop": 20])
        #expect(index.knowsAnyKeystrokeTable)
        #expect(!index.isPreparedForKeystrokes)
    }

    @Test func withoutTheSwitchTheIdleWorkBuildsEveryWrittenName() throws {
        let server = opened(environment: [:])
        let index = try index(server)
        #expect(eventually(within: 10) { index.knowsEveryWrittenName })
        #expect(index.isPreparedForKeystrokes)
    }
}
