import Foundation
import TallyTestSupport
import Testing

@testable import TallyCLI
@testable import TallyServe

/// The server lives on after each command it runs in-process: a one-shot `tally check`
/// keeps a large budget until exit (``KeptUntilExit``), which in the server kept every
/// check's budget, some 60 MB a save at 100k transactions (`serve_bench.py memory`).
struct ServeMemoryTests {
    @Test func theServersChecksKeepNoBudget() throws {
        let folder = try TemporaryFolder("serve-memory")
        defer { folder.remove() }
        // Over ConcurrentParse.threshold (1 MB), the size from which a budget is kept.
        let line = "2026-01-05 \"Corner shop\"  Cash  Food  -1.00\n"
        let count = KeptUntilExit.minimumSize / line.utf8.count + 1
        let file = try folder.write(
            "currency EUR\nwallet Cash cash opening 100000.00 on 2026-01-01\nexpense Food\n" + String(repeating: line, count: count), to: "large.tally")
        let bridge = ServeCommand.bridge([:])
        #expect(bridge.command(["check", "--format", "json", "--today", "2026-11-22", file]).code == 0)
        #expect(KeptUntilExit.count == 0)
    }
}
