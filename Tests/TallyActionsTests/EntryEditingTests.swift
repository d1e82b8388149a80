import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// ``AddEntry`` with split parts, ``EditEntry``, ``DeleteEntry`` and ``UndoWrite`` in
/// process, as the web app runs them one after another: after each step the file is
/// compared with the one before, line by line (exactly the intended lines change), and is
/// as `tally fmt --check` wants it.
@Suite struct EntryEditingTests {
    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00

        income  Salary
        expense Food:Groceries, Fun
        envelope Fun  20.00  monthly  for Fun

        2026-11-01 "Tesco"  Checking  Food:Groceries  -20.00
        2026-11-02 "Tesco"  Checking  Food:Groceries  -31.50

        """
    static let today = CivilDate(iso: "2026-11-22")!

    private func budget(_ folder: TemporaryFolder) throws -> String {
        try folder.write(Self.text, to: "b.tally")
    }

    private func read(_ path: String) throws -> [UInt8] { try DiskFileProvider().read(path) }

    private func isFormatted(_ path: String) throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: try read(path)))) == .unchanged
    }

    /// The reference a page would show for the entry on `line` (from 1) of `path`.
    private func reference(_ path: String, line: Int) throws -> EntryReference {
        let budget = try BudgetLoader().load(path)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let file = try #require(budget.file(path))
        let lines = LineIndex(file.tree.source)
        let entry = try #require(model.entries.first { $0.location.file == path && lines.line(containing: $0.location.range.start) == line - 1 })
        return try #require(EntryReference.of(entry.location, bytes: file.tree.source.bytes, lines: lines))
    }

    private func split(_ path: String) -> AddEntry.Request {
        var request = AddEntry.Request(file: path, date: "2026-11-05", parties: .named(payee: "Tesco", wallet: "Checking", category: nil), amount: "42", today: Self.today)
        request.splits = [.init(category: "Food:Groceries", amount: "30"), .init(category: "Fun", amount: "")]
        return request
    }

    /// Add a split purchase, edit it to one category, delete it, undo the delete: each
    /// step changes exactly its lines, and the file stays formatted.
    @Test func addSplitEditDeleteUndo() throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let path = try budget(folder)
        #expect(try isFormatted(path), "the budget is formatted to begin with")

        // Add: 42.00 in all, 30.00 groceries and the rest (12.00) fun; Fun's envelope has
        // 20.00 and keeps 8.00, so no warning.
        var before = try read(path)
        let added = try AddEntry.perform(split(path))
        #expect(added.lines == ["2026-11-05 \"Tesco\"  Checking                  -42.00", "    Food:Groceries  -30.00", "    Fun"])
        #expect(added.effects.warnings.isEmpty)
        #expect(added.effects.changes == ["Fun: 8.00 left for 2026-11"])
        #expect(changedLines(before, try read(path)) == ([], added.lines), "the purchase joins the block, in its columns")
        #expect(try isFormatted(path))

        // Edit it (line 11) to one category: 25.00 of fun, over Fun's 20.00 by 5.00.
        before = try read(path)
        let edit = AddEntry.Request(file: path, date: "2026-11-05", parties: .named(payee: "Tesco", wallet: "Checking", category: "Fun"), amount: "25", today: Self.today)
        let edited = try EditEntry.perform(.init(root: path, entry: try reference(path, line: 11), draft: edit))
        #expect(edited.replaced == added.lines)
        #expect(edited.lines == ["2026-11-05 \"Tesco\"  Checking  Fun             -25.00"])
        #expect(edited.effects.warnings == ["Fun is over for 2026-11: -5.00 left"])
        #expect(changedLines(before, try read(path)) == (added.lines, edited.lines))
        #expect(try isFormatted(path))

        // Delete it: the lines of the first two purchases stay as they are.
        let afterEdit = try read(path)
        let deleted = try DeleteEntry.perform(.init(root: path, entry: try reference(path, line: 11), today: Self.today))
        #expect(deleted.removed == edited.lines)
        #expect(changedLines(afterEdit, try read(path)) == (edited.lines, []))
        #expect(try isFormatted(path))

        // Undo the delete: the file is as the edit left it, byte for byte.
        let undone = try UndoWrite.perform(.init(root: path, undo: try #require(deleted.effects.undo), today: Self.today))
        #expect(undone.restored == edited.lines)
        #expect(try read(path) == afterEdit)
        #expect(try isFormatted(path))
    }

    /// An edit made from a row shown before the file changed is refused, and writes
    /// nothing: the entry's text is not what was shown.
    @Test func aStaleEditIsRefused() throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let path = try budget(folder)
        let shown = try reference(path, line: 10)
        try Self.text.replacingOccurrences(of: "-31.50", with: "-31.60").write(toFile: path, atomically: true, encoding: .utf8)
        let before = try read(path)
        let draft = AddEntry.Request(file: path, date: "2026-11-02", parties: .named(payee: "Tesco", wallet: "Checking", category: "Fun"), amount: "1", today: Self.today)
        #expect {
            try EditEntry.perform(.init(root: path, entry: shown, draft: draft))
        } throws: { error in
            (error as? ActionRefusal)?.message().contains("changed since it was shown") ?? false
        }
        #expect(try read(path) == before)
    }

    /// An undo after the file changed elsewhere is refused with the reason, and the
    /// change made since stays.
    @Test func undoIsRefusedAfterAnOutsideChange() throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let path = try budget(folder)
        let added = try AddEntry.perform(split(path))
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text += "2026-11-06 \"Tesco\"  Checking  Fun  -1.00\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try UndoWrite.perform(.init(root: path, undo: try #require(added.effects.undo), today: Self.today))
        } throws: { error in
            (error as? ActionRefusal)?.message().contains("changed since that write") ?? false
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// A split's total without a sign takes the sign its parts share; parts of spending
    /// and money in together need a signed total; two parts without an amount are refused.
    @Test func splitSignsAndBlanks() throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let path = try budget(folder)
        var mixed = split(path)
        mixed.splits = [.init(category: "Food:Groceries", amount: "30"), .init(category: "Salary", amount: "")]
        #expect(throws: ActionRefusal.self) { try AddEntry.perform(mixed) }
        var blanks = split(path)
        blanks.splits = [.init(category: "Food:Groceries", amount: ""), .init(category: "Fun", amount: "")]
        #expect(throws: ActionRefusal.self) { try AddEntry.perform(blanks) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)
    }

    /// What the form does not show stays: the `by` clause on the first line, the bank's
    /// `id:` below it. An entry that converts a currency is not edited from a form.
    @Test func anEditKeepsClausesAndMetadata() throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let text = Self.text.replacingOccurrences(
            of: "2026-11-01 \"Tesco\"  Checking  Food:Groceries  -20.00\n", with: "2026-11-01 \"Tesco\"  Checking  Food:Groceries  -20.00  by Ben\n    id: \"T-1\"\n")
        let path = try folder.write(text, to: "b.tally")
        #expect(try isFormatted(path))
        let draft = AddEntry.Request(file: path, date: "2026-11-01", parties: .named(payee: "Tesco", wallet: "Checking", category: "Fun"), amount: "2", today: Self.today)
        let edited = try EditEntry.perform(.init(root: path, entry: try reference(path, line: 9), draft: draft))
        #expect(edited.replaced == ["2026-11-01 \"Tesco\"  Checking  Food:Groceries  -20.00  by Ben", "    id: \"T-1\""])
        #expect(edited.lines == ["2026-11-01 \"Tesco\"  Checking  Fun              -2.00  by Ben", "    id: \"T-1\""])
        #expect(try isFormatted(path))

        let converted = try folder.write(
            "currency EUR\ncurrency USD\nwallet Card bank\nexpense Fun\n2026-11-01 \"Diner\" Card Fun -10.00 USD = -9.20 EUR\n", to: "c.tally")
        let before = try read(converted)
        let other = AddEntry.Request(file: converted, date: "2026-11-01", parties: .named(payee: "Diner", wallet: "Card", category: "Fun"), amount: "9.20", today: Self.today)
        let shown = try reference(converted, line: 5)
        #expect {
            try EditEntry.perform(.init(root: converted, entry: shown, draft: other))
        } throws: { error in
            (error as? ActionRefusal)?.message().contains("converts a currency") ?? false
        }
        #expect(try read(converted) == before)
    }

    /// Deleting an entry that is a block of its own leaves one blank line where two would
    /// meet, in the middle of the file and at its end, so the file stays formatted.
    @Test(arguments: [11, 13])
    func deletingABlockOfItsOwn(line: Int) throws {
        let folder = try TemporaryFolder("entry-editing")
        defer { folder.remove() }
        let text =
            Self.text.replacingOccurrences(of: "-20.00\n2026-11-02", with: "-20.00\n\n2026-11-02")
            + "\n2026-11-09 \"Kiosk\"  Checking  Fun  -2.00\n"
        let path = try folder.write(text, to: "b.tally")
        #expect(try isFormatted(path))
        let shown = try reference(path, line: line)
        let removed = String(text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1])
        _ = try DeleteEntry.perform(.init(root: path, entry: shown, today: Self.today))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text.replacingOccurrences(of: "\n" + removed + "\n", with: ""))
        #expect(try isFormatted(path))
    }
}
