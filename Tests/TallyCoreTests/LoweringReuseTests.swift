import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCore

/// Interpreting a budget again after an edit, reusing the previous lowering for what the
/// edit did not touch, gives exactly what interpreting it afresh gives: the same entries
/// field by field with the same numbering, the same diagnostics in the same order, the
/// same counts of wallets seen and named, after chains of edits of every kind.
final class LoweringReuseTests: XCTestCase {
    func testEditsToTheExamplesInterpretAlike() throws {
        var random = TestSupport.SeededGenerator(seed: 0x1E_05E)
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 40)
        var reused = 0
        for path in files {
            var text = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var previous = interpret(["m.tally": text], reusing: nil).lowered
            for step in 0 ..< 12 {
                text = Self.edit(text, using: &random)
                let (lowered, didReuse) = try assertReusedAlike(["m.tally": text], previous: previous, "\(path) edit \(step)")
                previous = lowered
                if didReuse { reused += 1 }
            }
        }
        XCTAssertGreaterThan(reused, 150, "most edits to entries should be lowered on their own")
    }

    func testEditsToAnIncludedFileInterpretAlike() throws {
        var random = TestSupport.SeededGenerator(seed: 99)
        let main = Array(
            """
            include "b.tally"
            currency EUR
            wallet Cash cash
            wallet Spare cash
            expense Food
            envelope Food monthly 50.00
            2026-01-02 Cash Food -1.00 #a
            2026-01-03 Cash Fod -2.00

            """.utf8)
        var b = "wallet Bank bank\n"
        for day in 1 ... 28 {
            b +=
                day % 4 == 0
                ? "2026-01-\(String(format: "%02d", day)) Bank -> Cash 5.00\n"
                : "2026-01-\(String(format: "%02d", day)) \"Shop\" Bank\n    Food -\(day).00\n    Food -1.50\n"
        }
        var included = Array(b.utf8)
        var previous = interpret(["main.tally": main, "b.tally": included], reusing: nil).lowered
        var reused = 0
        for step in 0 ..< 60 {
            included = Self.edit(included, declarations: false, using: &random)
            let (lowered, didReuse) = try assertReusedAlike(["main.tally": main, "b.tally": included], previous: previous, "step \(step)")
            previous = lowered
            if didReuse { reused += 1 }
        }
        XCTAssertGreaterThan(reused, 30)
    }

    /// Edits to every file of a three-file budget, the first one included after a
    /// byte-order mark and CRLF lines, the middle one starting empty: entries typed into a
    /// file that has files after it must land before those files' entries.
    func testEditsToEveryFileOfABudgetInterpretAlike() throws {
        var random = TestSupport.SeededGenerator(seed: 0xF11E5)
        var files: [String: [UInt8]] = [
            "main.tally": Array("\u{FEFF}include \"a.tally\"\r\ninclude \"b.tally\"\r\ncurrency EUR\r\nwallet Cash cash\r\nwallet Bank bank\r\nexpense Food\r\n2026-01-02 \"Shop\" Cash Food -1.00\r\n2026-01-03 Cash Fod -2.00\r\n".utf8),
            "a.tally": [],
            "b.tally": Array("2026-01-03 \"Shop\" Cash Food -1.00\n2026-01-04 Bank Food -3\n".utf8)
        ]
        var previous = interpret(files, reusing: nil).lowered
        var reused = 0
        for step in 0 ..< 400 {
            let name = ["main.tally", "a.tally", "a.tally", "b.tally"].randomElement(using: &random)!
            files[name] = Self.edit(files[name]!, using: &random)
            let (lowered, didReuse) = try assertReusedAlike(files, previous: previous, "step \(step), \(name)")
            previous = lowered
            if didReuse { reused += 1 }
        }
        XCTAssertGreaterThan(reused, 200)
    }

    /// The entry fixed last in the root goes before the included file's entries, as in
    /// reading order, though nothing of the root was lowered from there on before.
    func testAnEntryFixedAtTheEndOfARootThatIncludesAnotherFile() throws {
        let b = Array("2026-01-06 \"Shop\" Cash Food -3\n".utf8)
        let before = Array("include \"b.tally\"\nwallet Cash cash\nexpense Food\n2026-01-05 Cash Food -1\n2026-01-06 \"Shop\" Cahs Food -3\n".utf8)
        let after = Array("include \"b.tally\"\nwallet Cash cash\nexpense Food\n2026-01-05 Cash Food -1\n2026-01-06 \"Shop\" Cash Food -3\n".utf8)
        let first = interpret(["main.tally": before, "b.tally": b], reusing: nil)
        let second = try assertReusedAlike(["main.tally": after, "b.tally": b], previous: first.lowered, "fixed")
        XCTAssertTrue(second.reused)
        XCTAssertEqual(second.lowered.fullResult.entries.map(\.location.file), ["main.tally", "main.tally", "b.tally"])
    }

    /// The lowering keeps the model's entries rather than an array of its own, whether the
    /// budget is written in date order or not, and is reused either way.
    func testTheLoweringKeepsTheModelsEntries() throws {
        for (text, inOrder) in [
            ("2026-01-01 Cash Food -1\n2026-01-02 Cash Food -2\n", true),
            ("2026-01-02 Cash Food -2\n2026-01-01 Cash Food -1\n", false)
        ] {
            let files = ["m.tally": Array(("wallet Cash cash\nexpense Food\n" + text).utf8)]
            let run = interpret(files, reusing: nil)
            XCTAssertEqual(run.lowered.entriesInReadingOrder, inOrder)
            XCTAssertEqual(run.lowered.entries.withUnsafeBufferPointer { $0.baseAddress }, run.model.entries.withUnsafeBufferPointer { $0.baseAddress })
            XCTAssertEqual(run.lowered.fullResult.entries.map(\.order), [0, 1])
            let edited = ["m.tally": Array(("wallet Cash cash\nexpense Food\n" + text.replacingOccurrences(of: "-2", with: "-3")).utf8)]
            XCTAssertTrue(try assertReusedAlike(edited, previous: run.lowered, "in order: \(inOrder)").reused)
        }
    }

    /// The counts behind the unused-wallet check follow entries out and back in.
    func testAWalletsLastUseRemovedAndRestored() throws {
        let with = Array("wallet Cash cash\nwallet Spare cash\nexpense Food\n2026-01-01 Cash Food -1\n2026-01-02 Spare Food -1\n".utf8)
        let without = Array("wallet Cash cash\nwallet Spare cash\nexpense Food\n2026-01-01 Cash Food -1\n2026-01-02 Cash Food -1\n".utf8)
        let first = interpret(["m.tally": with], reusing: nil)
        let second = try assertReusedAlike(["m.tally": without], previous: first.lowered, "removed")
        XCTAssertTrue(second.reused)
        let unused = interpret(["m.tally": without], reusing: first.lowered).diagnostics.filter { $0.code == .unusedDeclaration }
        XCTAssertEqual(unused.count, 1, "Spare is no longer used")
        let third = try assertReusedAlike(["m.tally": with], previous: second.lowered, "restored")
        XCTAssertTrue(third.reused)
        XCTAssertTrue(interpret(["m.tally": with], reusing: second.lowered).diagnostics.allSatisfy { $0.code != .unusedDeclaration })
    }

    /// Declarations edited as people do (an opening amount, a date, a limit, a flag, a
    /// space, now and then a name): the entries are kept whenever the names, currencies
    /// and decimals entries are resolved by stay the same, and the result is a fresh run's.
    func testEditsToDeclarationsInterpretAlike() throws {
        var random = TestSupport.SeededGenerator(seed: 0xDEC1)
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        var reused = 0
        var edits = 0
        for path in files {
            var text = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var previous = interpret(["m.tally": text], reusing: nil).lowered
            for step in 0 ..< 10 {
                guard let edited = Self.editDeclaration(text, using: &random) else { break }
                text = edited
                edits += 1
                let (lowered, didReuse) = try assertReusedAlike(["m.tally": text], previous: previous, "\(path) declaration edit \(step)")
                previous = lowered
                if didReuse { reused += 1 }
            }
        }
        XCTAssertGreaterThan(edits, 200)
        XCTAssertGreaterThan(reused, edits / 3, "edits of amounts, dates and flags of declarations should keep the entries")
    }

    /// An opening amount changed, a wallet closed, an envelope's amount changed: the
    /// entries are kept; a wallet renamed, a category added or a currency changed lowers whole.
    func testADeclarationsAmountEditedKeepsTheEntries() throws {
        let base =
            "currency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\nwallet Bank bank\nexpense Food\nenvelope Food monthly 50.00\n"
            + "2026-01-02 Cash Food -1.00\n2026-01-03 \"Shop\" Bank Food -2.00\n2026-01-04 Cash Fod -3\n"
        let previous = interpret(["m.tally": Array(base.utf8)], reusing: nil).lowered
        for (edited, kept) in [
            (base.replacingOccurrences(of: "opening 10.00", with: "opening 1000.50"), true),
            (base.replacingOccurrences(of: "on 2026-01-01", with: "on 2025-12-01"), true),
            (base.replacingOccurrences(of: "wallet Bank bank", with: "wallet Bank bank closed 2026-01-02"), true),
            (base.replacingOccurrences(of: "monthly 50.00", with: "monthly 5.00"), true),
            (base.replacingOccurrences(of: "wallet Bank bank", with: "wallet Bonk bank"), false),
            (base.replacingOccurrences(of: "expense Food\n", with: "expense Food, Fod\n"), false),
            (base.replacingOccurrences(of: "wallet Bank bank", with: "wallet Bank bank currency USD"), false)
        ] {
            let result = try assertReusedAlike(["m.tally": Array(edited.utf8)], previous: previous, edited)
            XCTAssertEqual(result.reused, kept, edited)
        }
    }

    /// The model carries the resolved `payee`, `import` and `match` lines: an edit to one
    /// refreshes them, an edit to an entry below them keeps them.
    func testAnEditedPayeeLineRefreshesTheModelsRules() throws {
        let base =
            "currency EUR\nwallet Cash cash\nexpense Food, Fun\npayee \"Shop\" Food\nimport Cash account \"AT11 22\"\n"
            + "match \"KINO\" Fun\n2026-01-02 \"Shop\" Cash -1.00\n"
        let first = interpret(["m.tally": Array(base.utf8)], reusing: nil)
        XCTAssertEqual(first.model.payeeRule(for: "Shop")?.category, 0)
        XCTAssertEqual(first.model.wallets(ofAccount: "at1122"), [0])
        XCTAssertEqual(first.model.matchRules(for: 0).map(\.pieces), [["kino"]])
        let edits = [
            (base.replacingOccurrences(of: "payee \"Shop\" Food", with: "payee \"Shop\" Fun"), 1),
            (base.replacingOccurrences(of: "payee \"Shop\" Food", with: "payee \"Shop\" Food\npayee \"Shop\" Fun"), 1),
            (base.replacingOccurrences(of: "-1.00", with: "-2.00"), 0)
        ]
        for (edited, category) in edits {
            let result = try assertReusedAlike(["m.tally": Array(edited.utf8)], previous: first.lowered, edited)
            let model = interpret(["m.tally": Array(edited.utf8)], reusing: first.lowered).model
            XCTAssertEqual(model.payeeRule(for: "Shop")?.category, category, edited)
            XCTAssertEqual(model.entries.first?.posting(0).category, category, edited)
            XCTAssertEqual(result.reused, category == 0, edited)
        }
    }

    func testADeclarationEditedOrAFileAddedLowersWhole() throws {
        let one = Array("wallet Cash cash\nexpense Food\n2026-01-01 Cash Food -1\n".utf8)
        let previous = interpret(["m.tally": one], reusing: nil).lowered
        let renamed = Array("wallet Wallet cash\nexpense Food\n2026-01-01 Cash Food -1\n".utf8)
        XCTAssertFalse(try assertReusedAlike(["m.tally": renamed], previous: previous, "declaration").reused)
        let declaredLater = Array("wallet Cash cash\nexpense Food\n2026-01-01 Cash Food -1\nexpense Fun\n".utf8)
        XCTAssertFalse(try assertReusedAlike(["m.tally": declaredLater], previous: previous, "declaration after").reused)
        let including = Array("include \"b.tally\"\nwallet Cash cash\nexpense Food\n2026-01-01 Cash Food -1\n".utf8)
        XCTAssertFalse(
            try assertReusedAlike(
                ["m.tally": including, "b.tally": Array("2026-01-02 Cash Food -2\n".utf8)],
                previous: previous, "include"
            ).reused)
    }

    // MARK: Helpers

    /// One random edit of a declaration line (one that starts with neither a date, a
    /// space nor a comment): a digit changed, a word typed, a few bytes deleted, a flag
    /// added; nil when the text has no declaration.
    static func editDeclaration(_ bytes: [UInt8], using random: inout TestSupport.SeededGenerator) -> [UInt8]? {
        var bytes = bytes
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }.filter { $0 < bytes.count }
        let declarations = lineStarts.filter { at in
            let first = bytes[at]
            return !(0x30 ... 0x39).contains(first) && first != 0x20 && first != 0x09 && first != UInt8(ascii: ";")
                && first != 0x0A && first != 0x0D && first != UInt8(ascii: "i")  // not `include`: files are single here
        }
        guard let at = declarations.randomElement(using: &random) else { return nil }
        var end = at
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        let digits = (at ..< end).filter { (0x30 ... 0x39).contains(bytes[$0]) }
        switch Int.random(in: 0 ..< 8, using: &random) {
        case 0 ..< 4 where !digits.isEmpty:
            bytes[digits.randomElement(using: &random)!] = UInt8.random(in: 0x30 ... 0x39, using: &random)
        case 4:
            let words = [" hidden", " closed 2026-01-05", " limit 100", " opening 5.00", " rollover", " 9", "x", " "]
            bytes.insert(contentsOf: Array(words.randomElement(using: &random)!.utf8), at: end)
        case 5:
            let inside = at + Int.random(in: 0 ... max(0, end - at), using: &random)
            bytes.removeSubrange(inside ..< min(end, inside + Int.random(in: 1 ... 3, using: &random)))
        default:
            let inside = at + Int.random(in: 0 ... max(0, end - at), using: &random)
            bytes.insert(contentsOf: Array(["1", ".5", "0", " "].randomElement(using: &random)!.utf8), at: inside)
        }
        return bytes
    }

    private func load(_ files: [String: [UInt8]], reusing previous: Budget?) throws -> Budget {
        let root = files.keys.contains("main.tally") ? "main.tally" : "m.tally"
        let provider = InMemoryFileProvider(files.mapValues { String(decoding: $0, as: UTF8.self) })
        return try BudgetLoader(provider: provider, reusing: previous).load(root)
    }

    private func interpret(_ files: [String: [UInt8]], reusing previous: LoweredBudget?) -> (model: BudgetModel, diagnostics: [Diagnostic], lowered: LoweredBudget) {
        let budget = try! load(files, reusing: previous?.budget)
        return Interpreter.interpret(budget, today: CivilDate(year: 2026, month: 11, day: 22)!, reusing: previous)
    }

    /// Interprets `files` reusing `previous` and afresh, and compares everything; returns
    /// the new lowering and whether the previous one was reused.
    private func assertReusedAlike(
        _ files: [String: [UInt8]], previous: LoweredBudget, _ name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (lowered: LoweredBudget, reused: Bool) {
        let budget = try load(files, reusing: previous.budget)
        let reused = Lowering.reusing(previous, for: budget) != nil
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        let incremental = Interpreter.interpret(budget, today: today, reusing: previous)
        let fresh = Interpreter.interpret(try load(files, reusing: nil), today: today, reusing: nil)
        assertSame(incremental.lowered.fullResult, fresh.lowered.fullResult, name, file: file, line: line)
        XCTAssertEqual(incremental.lowered.declarations.diagnostics, fresh.lowered.declarations.diagnostics, name, file: file, line: line)
        XCTAssertEqual(incremental.lowered.declarations.syntaxErrors, fresh.lowered.declarations.syntaxErrors, name, file: file, line: line)
        XCTAssertEqual(incremental.diagnostics, fresh.diagnostics, name, file: file, line: line)
        XCTAssertEqual(incremental.model.entries.map(described), fresh.model.entries.map(described), name, file: file, line: line)
        // The rules the lowering resolved once for the import and the editor.
        XCTAssertEqual(incremental.model.payeeRules, fresh.model.payeeRules, name, file: file, line: line)
        XCTAssertEqual(incremental.model.importProfiles, fresh.model.importProfiles, name, file: file, line: line)
        XCTAssertEqual(incremental.model.matchRules, fresh.model.matchRules, name, file: file, line: line)
        return (incremental.lowered, reused)
    }

    private func described(_ e: Entry) -> String {
        "\(e.date) \(e.kind) \(String(reflecting: e.payee)) \(String(reflecting: e.note)) \(e.tags) "
            + "\(String(reflecting: e.bankID)) \(String(reflecting: e.goal)) \(String(reflecting: e.rule)) "
            + "\(String(reflecting: e.by)) \(e.location) \(e.order)"
    }

    private func assertSame(_ a: Lowering, _ b: Lowering, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.entries.map(described), b.entries.map(described), name, file: file, line: line)
        XCTAssertEqual(a.diagnostics, b.diagnostics, name, file: file, line: line)
        XCTAssertEqual(a.walletSeen, b.walletSeen, name, file: file, line: line)
        XCTAssertEqual(a.walletUsed, b.walletUsed, name, file: file, line: line)
    }

    /// One random edit as a person makes while keeping a budget: mostly to dated lines
    /// (an amount, a name, a date, a whole line typed or deleted, a split line), sometimes
    /// breaking a line or touching a declaration.
    static func edit(_ bytes: [UInt8], declarations: Bool = true, using random: inout TestSupport.SeededGenerator) -> [UInt8] {
        var bytes = bytes
        var lines = [
            "2026-02-03 Cash Food -1.00\n", "2026-02-03 \"Shop\" Cash\n    Food -2.00\n    Fod -1\n",
            "    Food -1\n", "2026-02-04 transfer Cash -> Bank 3\n", "2026-13-01 Cash Food 1\n", "; note\n",
            "2026-02-05 fill Food 10\n", "\n", "expense Fun\n", "2026-02-06 Cash Food -1 ; tally-ignore: W0501\n",
            "2026-01-03 \"Shop\" Cash Food -1.00\r\n", "2026-01-04 assert Cash -5\n"
        ]
        // A declaration typed among entries makes every later edit above it lower the
        // budget whole; tests of reuse itself leave them out.
        if !declarations { lines.removeAll { !$0.hasPrefix("2") && !$0.hasPrefix(" ") } }
        let words = ["1", "-", "Cash", "Bank", "Fod", " ", "\"", ".00", "9"]
        guard !bytes.isEmpty else { return Array(lines[0].utf8) }
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }.filter { $0 < bytes.count }
        let at = lineStarts.randomElement(using: &random)!
        var end = at
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        let inside = at + Int.random(in: 0 ... max(0, end - at), using: &random)
        switch Int.random(in: 0 ..< 5, using: &random) {
        case 0: bytes.insert(contentsOf: Array(lines.randomElement(using: &random)!.utf8), at: at)
        case 1: bytes.removeSubrange(at ..< min(bytes.count, end + 1))
        case 2: bytes.insert(contentsOf: Array(words.randomElement(using: &random)!.utf8), at: inside)
        case 3: bytes.removeSubrange(inside ..< min(end, inside + Int.random(in: 1 ... 4, using: &random)))
        default:
            // A digit of an amount or a date changed, as when correcting a figure.
            if let digit = (at ..< end).filter({ (0x30 ... 0x39).contains(bytes[$0]) }).randomElement(using: &random) {
                bytes[digit] = UInt8.random(in: 0x30 ... 0x39, using: &random)
            }
        }
        return bytes
    }
}

private extension LoweredBudget {
    /// The full lowering, entries included, in reading order: what a fresh lowering holds.
    var fullResult: Lowering {
        var full = result
        full.entries = readingOrderEntries ?? []
        return full
    }
}
