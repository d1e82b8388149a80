import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyCore

/// `Interpreter.run(releasing:)`, the one-shot check's way in, gives exactly what
/// `Interpreter.run` gives, and has let the budget's trees go by the time it returns.
@Suite struct ReleasingInterpreterTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// A budget of `count` transactions lowered in two halves at once (over the
    /// concurrent lowering's 100,000 nodes from about 20,000 entries): every third tagged
    /// `#work`, every fifth `#work #trip`, every seventh with a bank id, a few with a note.
    static func largeText(count: Int) -> String {
        var text = "currency EUR\nwallet Checking bank\nincome Salary\nexpense Food\n2000-01-01 Checking Salary +2000000.00\n"
        for i in 0 ..< count {
            let date = String(format: "%04d-%02d-%02d", 2000 + i / 3360, 1 + i / 280 % 12, 1 + i / 10 % 28)
            let tags = i % 5 == 0 ? "  #work #trip" : (i % 3 == 0 ? "  #work" : "")
            let note = i % 11 == 0 ? " \"lunch\"" : ""
            text += "\(date) \"Shop \(i % 13)\"\(note) Checking Food -\(i % 97).25\(tags)\n"
            if i % 7 == 0 { text += "    id: \"TX-\(i)\"\n" }
        }
        return text
    }

    static func described(_ e: Entry) -> String {
        "\(e.date) \(e.kind) \(String(reflecting: e.payee)) \(String(reflecting: e.note)) \(e.tags) "
            + "\(String(reflecting: e.bankID)) \(String(reflecting: e.goal)) \(String(reflecting: e.rule)) "
            + "\(String(reflecting: e.by)) \(e.location) \(e.order)"
    }

    static func expectSame(_ a: (model: BudgetModel, diagnostics: [Diagnostic]), _ b: (model: BudgetModel, diagnostics: [Diagnostic]), _ name: String) {
        #expect(a.diagnostics == b.diagnostics, "\(name): diagnostics")
        #expect(a.model.entries.map(described) == b.model.entries.map(described), "\(name): entries")
        #expect("\(a.model.walletHistory)" == "\(b.model.walletHistory)", "\(name): balances")
        #expect("\(a.model.envelopePeriods)" == "\(b.model.envelopePeriods)", "\(name): envelopes")
        #expect("\(a.model.readyToAssignDays)" == "\(b.model.readyToAssignDays)", "\(name): ready to assign")
    }

    @Test func examplesGiveWhatRunGives() throws {
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        #expect(files.count > 40)
        for path in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let loader = BudgetLoader(provider: InMemoryFileProvider(["m.tally": text]))
            let plain = Interpreter.run(try loader.load("m.tally"), today: Self.today)
            let released = Interpreter.run(releasing: try loader.load("m.tally"), today: Self.today)
            Self.expectSame(released, plain, path)
        }
    }

    @Test func aLargeBudgetGivesWhatRunGivesAndItsTreeGoes() throws {
        let loader = BudgetLoader(provider: InMemoryFileProvider(["big.tally": Self.largeText(count: 24_000)]))
        var budget = try loader.load("big.tally")
        try #require(budget.root.tree.nodeCount >= Lowering().concurrentLoweringThreshold)
        weak var tree = budget.root.tree
        let released = Interpreter.run(releasing: consume budget, today: Self.today)
        #expect(tree == nil, "the tree outlived the lowering")
        budget = try loader.load("big.tally")
        Self.expectSame(released, Interpreter.run(budget, today: Self.today), "big.tally")
        #expect(released.model.entries.count == 24_001)
    }

    /// The trees' memory given back every 1,024 nodes read (64 pages of nodes, a dozen
    /// of token starts), in both halves: had the lowering read again what it gave back,
    /// it would have read zeros, and the entries or diagnostics would differ.
    @Test func givingTheTreeBackAsItIsReadChangesNothing() throws {
        var text = Self.largeText(count: 24_000)
        // A category used before it is declared, at the end of the second half, and a
        // bank id used again (E0411): that entry is left out, in place.
        text += "2025-06-01 \"Late\" Checking Later -1.00\nexpense Later\n"
        text += "2025-06-02 \"Again\" Checking Food -2.00\n    id: \"TX-7\"\n"
        let loader = BudgetLoader(provider: InMemoryFileProvider(["big.tally": text]))
        let budget = try loader.load("big.tally")
        try #require(budget.root.tree.nodeCount >= Lowering().concurrentLoweringThreshold)
        let released = Interpreter.run(releasing: budget, today: Self.today, discardingEvery: 1_024)
        let plain = Interpreter.run(try loader.load("big.tally"), today: Self.today)
        Self.expectSame(released, plain, "big.tally")
        #expect(released.model.entries.count == 24_002)
        #expect(released.model.entries.last?.payee == "Late")
        #expect(released.diagnostics.filter { $0.code == .duplicateID }.count == 1)
    }

    /// Entries whose only detail is the same list of tags share one details object; the
    /// others keep their own, with their tags, notes and ids as written.
    @Test func entriesTaggedAlikeShareTheirDetails() throws {
        let loader = BudgetLoader(provider: InMemoryFileProvider(["m.tally": Self.largeText(count: 200)]))
        let entries = Interpreter.run(try loader.load("m.tally"), today: Self.today).model.entries.dropFirst()
        var shared: [[String]: EntryDetails] = [:]
        for (i, entry) in entries.enumerated() {
            let tags = i % 5 == 0 ? ["work", "trip"] : (i % 3 == 0 ? ["work"] : [])
            #expect(entry.tags == tags, "entry \(i)")
            #expect(entry.bankID == (i % 7 == 0 ? "TX-\(i)" : nil), "entry \(i)")
            #expect(entry.note == (i % 11 == 0 ? "lunch" : nil), "entry \(i)")
            guard !tags.isEmpty, i % 7 != 0, i % 11 != 0, let details = entry.details else { continue }
            if let first = shared[tags] { #expect(first === details, "entry \(i)") } else { shared[tags] = details }
        }
        #expect(shared.count == 2)
    }
}
