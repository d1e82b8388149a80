import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// ``EditEntry`` and ``DeleteEntry`` on the entries that are not purchases — a transfer
/// between wallets, a `fill`, a `move`, a transfer recorded by a recurring rule — in
/// process, as the web app runs them: after each step the file is compared with the one
/// before, line by line (exactly the intended lines change), and is as `tally fmt
/// --check` wants it.
@Suite struct MovementEditingTests {
    static let text = """
        currency EUR
        currency USD

        wallet Checking  bank  opening 1000.00
        wallet Savings   bank
        wallet Cash      cash
        wallet Dollars   bank  currency USD

        income  Salary
        expense Food, Fun
        envelope Food  200.00  monthly  for Food
        envelope Fun    50.00  monthly  for Fun

        every month on 25 from 2026-11-25 as saving  transfer Checking -> Savings  100.00

        2026-11-01         transfer Checking -> Savings  300.00
        2026-11-02 "ATM"   transfer Checking -> Cash      60.00  #cash
        2026-11-03 fill Fun  20.00
        2026-11-04 move Food -> Fun  15.00
        2026-11-05 "Tesco"  Checking  Food  -31.50
        2026-11-06 "Bank"  transfer Checking -> Dollars  100.00 = 108.00 USD
        2026-11-25         transfer Checking -> Savings  100.00  rule saving

        """
    static let today = CivilDate(iso: "2026-11-22")!

    private func read(_ path: String) throws -> [UInt8] { try DiskFileProvider().read(path) }

    private func isFormatted(_ path: String) throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: try read(path)))) == .unchanged
    }

    /// The model and the reference a page would show for the entry on `line` (from 1).
    private func shown(_ path: String, line: Int) throws -> (reference: EntryReference, index: Int, model: BudgetModel, budget: Budget) {
        let budget = try BudgetLoader().load(path)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let file = try #require(budget.file(path))
        let lines = LineIndex(file.tree.source)
        let index = try #require(model.entries.firstIndex { $0.location.file == path && lines.line(containing: $0.location.range.start) == line - 1 })
        return (try #require(EntryReference.of(model.entries[index].location, bytes: file.tree.source.bytes, lines: lines)), index, model, budget)
    }

    private func line(_ number: Int, of path: String) throws -> String {
        String(String(decoding: try read(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[number - 1])
    }

    private func edit(_ path: String, line: Int, _ change: EditEntry.Change, dryRun: Bool = false) throws -> EditEntry.Result {
        try EditEntry.perform(.init(root: path, entry: try shown(path, line: line).reference, change: change, today: Self.today, dryRun: dryRun))
    }

    private func setUp(_ folder: TemporaryFolder) throws -> String {
        let path = try folder.write(Self.text, to: "b.tally")
        #expect(try isFormatted(path), "the budget is formatted to begin with")
        return path
    }

    /// Each kind's form saved as it was drawn writes nothing, and says so: the file is as
    /// it was, byte for byte (the converting transfer on line 21 included).
    @Test(arguments: [16, 17, 18, 19, 21, 22])
    func savingTheFormUnchangedChangesNothing(line: Int) throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let entry = try shown(path, line: line)
        let fields = try #require(EditEntry.movementFields(of: entry.index, budget: entry.budget, model: entry.model))
        let result = try edit(path, line: line, fields.change)
        #expect(result.replaced == result.lines && !result.changed && result.effects.lines.isEmpty && result.effects.undo == nil)
        #expect(try read(path) == Array(Self.text.utf8))
    }

    /// The form shows what the entry holds: wallets or envelopes by name, the amount, the
    /// date, a transfer's note (here none: `"ATM"` is its payee).
    @Test func theFormsFields() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        func fields(_ line: Int) throws -> EditEntry.MovementFields? {
            let entry = try shown(path, line: line)
            return EditEntry.movementFields(of: entry.index, budget: entry.budget, model: entry.model)
        }
        #expect(try fields(17) == .init(kind: .transfer, date: "2026-11-02", from: "Checking", to: "Cash", amount: "60.00"))
        #expect(try fields(18) == .init(kind: .fill, date: "2026-11-03", to: "Fun", amount: "20.00"))
        #expect(try fields(19) == .init(kind: .move, date: "2026-11-04", from: "Food", to: "Fun", amount: "15.00"))
        #expect(try fields(20) == nil, "a purchase has the purchase form")
    }

    /// A transfer edited: 60.00 → 80.00 to Savings. Only its line changes; its payee and
    /// tag stay (the form does not show them); the amount takes the block's column.
    @Test func aTransferEdited() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let before = try read(path)
        let result = try edit(path, line: 17, .transfer(date: "2026-11-02", from: "Checking", to: "Savings", amount: "80", note: ""))
        #expect(result.replaced == ["2026-11-02 \"ATM\"   transfer Checking -> Cash      60.00  #cash"])
        #expect(result.lines == ["2026-11-02 \"ATM\"   transfer Checking -> Savings   80.00  #cash"], "\(result.lines)")
        let diff = changedLines(before, try read(path))
        #expect(diff == (result.replaced, result.lines), "\(diff)")
        #expect(try isFormatted(path))
        // A transfer is in no envelope: nothing to say about the figures.
        #expect(result.effects.warnings.isEmpty && result.effects.changes.isEmpty)
        #expect(result.effects.undo?.lines.written == result.lines && result.effects.undo?.lines.replaced == result.replaced)
    }

    /// A note makes the line wider than the block's columns: the block is laid out again
    /// as `tally fmt` lays it out, so its other lines change in their spaces only.
    @Test func aNoteWidensTheBlock() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let before = try read(path)
        let result = try edit(path, line: 17, .transfer(date: "2026-11-02", from: "Checking", to: "Cash", amount: "60.00", note: "for the trip"))
        #expect(result.lines == ["2026-11-02 \"ATM\" \"for the trip\"  transfer Checking -> Cash      60.00  #cash"], "\(result.lines)")
        let diff = changedLines(before, try read(path))
        func words(_ lines: [String]) -> [[Substring]] { lines.map { $0.split(separator: " ") } }
        var expected = words(diff.removed)
        expected[1] = words(result.lines)[0]
        #expect(words(diff.added) == expected, "\(diff)")
        #expect(try isFormatted(path))
    }

    /// A transfer recorded by a rule keeps its `rule` clause: it still records that
    /// occurrence.
    @Test func aRecordedTransferKeepsItsRule() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let before = try read(path)
        let old = try line(22, of: path)
        let result = try edit(path, line: 22, .transfer(date: "2026-11-25", from: "Checking", to: "Savings", amount: "120.00", note: ""))
        #expect(result.lines == ["2026-11-25         transfer Checking -> Savings  120.00  rule saving"], "\(result.lines)")
        #expect(changedLines(before, try read(path)) == ([old], result.lines))
        #expect(try isFormatted(path))
    }

    /// A fill edited (20.00 → 35.00 to Fun: Fun's 50.00 planned + 35.00 + 15.00 moved in
    /// = 100.00 left), a move edited the other way round (Fun → Food), then deleted and
    /// the delete undone: each step changes exactly its line.
    @Test func aFillAndAMoveEditedDeletedAndUndone() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        var before = try read(path)
        let fill = try edit(path, line: 18, .fill(date: "2026-11-03", envelope: "Fun", amount: "35,00"))
        #expect(fill.lines == ["2026-11-03 fill Fun  35.00"], "\(fill.lines)")
        #expect(changedLines(before, try read(path)) == (["2026-11-03 fill Fun  20.00"], fill.lines))
        #expect(fill.effects.changes == ["Fun: 100.00 left for 2026-11"], "\(fill.effects.changes)")
        #expect(try isFormatted(path))

        before = try read(path)
        let move = try edit(path, line: 19, .move(date: "2026-11-04", from: "Fun", to: "Food", amount: "15.00"))
        #expect(move.lines == ["2026-11-04 move Fun -> Food  15.00"], "\(move.lines)")
        #expect(changedLines(before, try read(path)) == (["2026-11-04 move Food -> Fun  15.00"], move.lines))
        // Food: 200.00 planned − 31.50 spent + 15.00 moved in = 183.50; Fun: 50.00 + 35.00 − 15.00 = 70.00.
        #expect(Set(move.effects.changes) == ["Food: 183.50 left for 2026-11", "Fun: 70.00 left for 2026-11"], "\(move.effects.changes)")
        #expect(try isFormatted(path))

        let afterEdit = try read(path)
        let deleted = try DeleteEntry.perform(.init(root: path, entry: try shown(path, line: 19).reference, today: Self.today))
        #expect(deleted.removed == move.lines)
        #expect(changedLines(afterEdit, try read(path)) == (move.lines, []))
        #expect(try isFormatted(path))

        let undone = try UndoWrite.perform(.init(root: path, undo: try #require(deleted.effects.undo), today: Self.today))
        #expect(undone.restored == move.lines)
        #expect(try read(path) == afterEdit)
    }

    /// What is refused, writing nothing: a form of another kind than the entry's, two
    /// wallets of different currencies without what arrived, an envelope or a wallet the
    /// budget lacks, the same envelope twice, an amount of zero, and an entry changed
    /// since it was shown.
    @Test func refusals() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let refused: [(Int, EditEntry.Change, String)] = [
            (17, .fill(date: "2026-11-02", envelope: "Fun", amount: "1"), "is a transfer; edit it with its own form"),
            (18, .transfer(date: "2026-11-03", from: "Checking", to: "Cash", amount: "1", note: ""), "is a fill"),
            (20, .move(date: "2026-11-05", from: "Food", to: "Fun", amount: "1"), "is a purchase"),
            (16, .transfer(date: "2026-11-01", from: "Checking", to: "Dollars", amount: "1", note: ""), "Checking holds EUR and Dollars USD: give the amount received (in USD) or the rate"),
            (16, .transfer(date: "2026-11-01", from: "Checking", to: "Savngs", amount: "1", note: ""), "no wallet named `Savngs`; did you mean `Savings`?"),
            (16, .transfer(date: "2026-11-01", from: "Checking", to: "Checking", amount: "1", note: ""), "two different wallets"),
            (18, .fill(date: "2026-11-03", envelope: "Nope", amount: "1"), "no envelope named `Nope`"),
            (19, .move(date: "2026-11-04", from: "Fun", to: "Fun", amount: "1"), "two different envelopes"),
            (19, .move(date: "2026-11-04", from: "Food", to: "Fun", amount: "0"), "not an amount other than zero"),
            (19, .move(date: "2026-11-31", from: "Food", to: "Fun", amount: "1"), "is not a date"),
            (21, .transfer(date: "2026-11-06", from: "Checking", to: "Dollars", amount: "1", note: ""), "give the amount received (in USD) or the rate")
        ]
        for (line, change, words) in refused {
            #expect {
                try edit(path, line: line, change)
            } throws: { error in
                (error as? ActionRefusal)?.message().contains(words) ?? false
            }
        }
        #expect(try read(path) == Array(Self.text.utf8))

        // Shown, then changed in an editor: the edit is refused.
        let old = try shown(path, line: 19).reference
        let text = Self.text.replacingOccurrences(of: "move Food -> Fun  15.00", with: "move Food -> Fun  16.00")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try EditEntry.perform(.init(root: path, entry: old, change: .move(date: "2026-11-04", from: "Food", to: "Fun", amount: "1"), today: Self.today))
        } throws: { error in
            (error as? ActionRefusal)?.message().contains("changed since it was shown") ?? false
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// A dry run (a stale form re-checked) says what it would write and writes nothing.
    @Test func aDryRunWritesNothing() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let path = try setUp(folder)
        let result = try edit(path, line: 18, .fill(date: "2026-11-03", envelope: "Food", amount: "5"), dryRun: true)
        #expect(result.lines == ["2026-11-03 fill Food  5"], "\(result.lines)")
        #expect(result.effects.undo == nil)
        let deleted = try DeleteEntry.perform(.init(root: path, entry: try shown(path, line: 18).reference, today: Self.today, dryRun: true))
        #expect(deleted.removed == ["2026-11-03 fill Fun  20.00"] && deleted.effects.undo == nil)
        #expect(try read(path) == Array(Self.text.utf8))
    }

    /// The first line of a file deleted, the delete undone, and the undo undone: each
    /// undo takes back whole lines (here at the very start of the file, where the lines
    /// before and after share the rest of the file).
    @Test func theFirstLineOfAFileDeletedAndUndoneTwice() throws {
        let folder = try TemporaryFolder("movement-editing")
        defer { folder.remove() }
        let entries = "2026-11-01 fill Fun  20.00\n2026-11-02 fill Fun  25.00\n"
        let included = try folder.write(entries, to: "entries.tally")
        let root = try folder.write("currency EUR\n\nexpense Fun\nenvelope Fun  50.00  monthly  for Fun\n\ninclude \"entries.tally\"\n", to: "b.tally")
        let budget = try BudgetLoader().load(root)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let file = try #require(budget.file(included))
        let first = try #require(model.entries.first { $0.location.file == included })
        let reference = try #require(EntryReference.of(first.location, bytes: file.tree.source.bytes, lines: LineIndex(file.tree.source)))
        let deleted = try DeleteEntry.perform(.init(root: root, entry: reference, today: Self.today))
        #expect(try String(contentsOfFile: included, encoding: .utf8) == "2026-11-02 fill Fun  25.00\n")
        let undone = try UndoWrite.perform(.init(root: root, undo: try #require(deleted.effects.undo), today: Self.today))
        #expect(undone.restored == ["2026-11-01 fill Fun  20.00"] && undone.removed.isEmpty, "\(undone.restored) \(undone.removed)")
        #expect(try String(contentsOfFile: included, encoding: .utf8) == entries)
        let again = try UndoWrite.perform(.init(root: root, undo: try #require(undone.effects.undo), today: Self.today))
        #expect(again.removed == ["2026-11-01 fill Fun  20.00"] && again.restored.isEmpty, "\(again.removed) \(again.restored)")
        #expect(try String(contentsOfFile: included, encoding: .utf8) == "2026-11-02 fill Fun  25.00\n")
    }
}
