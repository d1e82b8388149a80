import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// The one budget-edit pipeline, in process: what it refuses, and that what it writes
/// is the edit and only the edit.
@Suite struct BudgetEditorTests {
    /// A budget of two files in a fresh folder: `main.tally` including `more.tally`.
    private struct Folder {
        let folder: TemporaryFolder
        var path: String { folder.path }
        var main: String { path + "/main.tally" }
        var more: String { path + "/more.tally" }
        static let mainText = "include \"more.tally\"\ncurrency EUR\nwallet Checking bank\n2026-01-02 \"Market\" Checking Food -12.00\n"
        static let moreText = "expense Food\r\n2026-01-03 \"Bakery\" Checking Food -3.00\r\n"

        init() throws {
            folder = try TemporaryFolder("edit")
            try Self.mainText.write(toFile: main, atomically: false, encoding: .utf8)
            try Self.moreText.write(toFile: more, atomically: false, encoding: .utf8)
        }

        func text(_ file: String) throws -> String { try String(contentsOfFile: file, encoding: .utf8) }
        func remove() { folder.remove() }
    }

    private let today = CivilDate(year: 2026, month: 2, day: 1)!

    /// An edit appending a transaction to each file of `folder`'s budget, checked.
    private func checkedEditOfBothFiles(in folder: Folder) throws -> (BudgetEditor, EditedBudget) {
        var editor = try BudgetEditor(path: folder.main, today: today)
        var edit = editor.edit()
        edit.append(["2026-01-04 \"Market\" Checking Food -5.00"], to: folder.main, lineEnding: [0x0A])
        edit.append(["2026-01-05 \"Bakery\" Checking Food -2.00"], to: folder.more, lineEnding: [0x0D, 0x0A])
        return (editor, try editor.check(edit))
    }

    @Test func writesTheEditAndLeavesUntouchedFilesByteIdentical() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let moreBefore = try Data(contentsOf: URL(fileURLWithPath: folder.more))
        var editor = try BudgetEditor(path: folder.main, today: today)
        var edit = editor.edit()
        edit.append(["2026-01-04 \"Market\" Checking Food -5.00"], to: folder.main, lineEnding: [0x0A])
        let edited = try editor.check(edit)
        #expect(edited.model.entries.count == editor.model.entries.count + 1)
        try editor.write(edited)
        #expect(try folder.text(folder.main) == Folder.mainText + "2026-01-04 \"Market\" Checking Food -5.00\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.more)) == moreBefore)
        // Atomic: replaced by a rename, no temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["main.tally", "more.tally"])
    }

    @Test func refusesWhenAFileChangedOnDiskSinceItWasRead() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let (editor, edited) = try checkedEditOfBothFiles(in: folder)
        // Someone else saves the included file meanwhile.
        let theirs = Folder.moreText + "2026-01-06 \"Bar\" Checking Food -9.00\r\n"
        try theirs.write(toFile: folder.more, atomically: false, encoding: .utf8)
        #expect {
            try editor.write(edited)
        } throws: { error in
            guard case .changedOnDisk(let path) = error as? BudgetEditError else { return false }
            return path == folder.more
        }
        // Nothing written: neither their change nor the other file is touched.
        #expect(try folder.text(folder.more) == theirs)
        #expect(try folder.text(folder.main) == Folder.mainText)
    }

    @Test func refusesAnEditThatWouldAddAnError() throws {
        let folder = try Folder()
        defer { folder.remove() }
        var editor = try BudgetEditor(path: folder.main, today: today)
        var edit = editor.edit()
        edit.append(["2026-01-04 \"Market\" Nowhere Food -5.00"], to: folder.main, lineEnding: [0x0A])
        #expect {
            _ = try editor.check(edit)
        } throws: { error in
            guard case .wouldAddErrors(let after) = error as? BudgetEditError, let first = after.firstError else { return false }
            return first.file == folder.main && first.severity == .error
        }
        #expect(try folder.text(folder.main) == Folder.mainText)
    }

    @Test func refusesABudgetThatHasErrorsBeforeAnyEdit() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try (Folder.mainText + "2026-01-04 \"Market\" Nowhere Food -5.00\n").write(toFile: folder.main, atomically: false, encoding: .utf8)
        #expect {
            _ = try BudgetEditor(path: folder.main, today: today)
        } throws: { error in
            guard case .hasErrors(let path, let count) = error as? BudgetEditError else { return false }
            return path == folder.main && count == 1
        }
    }

    @Test func writesAllFilesOrNone() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let (editor, edited) = try checkedEditOfBothFiles(in: folder)
        // The second file cannot be written (read-only): the first is not written either.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.more)
        #expect {
            try editor.write(edited)
        } throws: { error in
            guard case .notWritten = error as? BudgetEditError else { return false }
            return true
        }
        #expect(try folder.text(folder.main) == Folder.mainText)
        #expect(try folder.text(folder.more) == Folder.moreText)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["main.tally", "more.tally"])
    }

    @Test func insertsKeepEveryByteAroundThem() throws {
        let budget = try BudgetLoader(provider: OverlayFileProvider(buffers: ["b.tally": Array("ab\ncd\n".utf8)])).load("b.tally")
        var edit = BudgetEdit(of: budget)
        edit.insert([(offset: 3, text: "x\n"), (offset: 6, text: "y\n"), (offset: 3, text: "z\n")], into: "b.tally")
        edit.append(["end"], to: "b.tally", lineEnding: [0x0A])
        #expect(String(decoding: edit.bytes(of: "b.tally"), as: UTF8.self) == "ab\nx\nz\ncd\ny\nend\n")
        #expect(edit.paths == ["b.tally"])
    }
}
