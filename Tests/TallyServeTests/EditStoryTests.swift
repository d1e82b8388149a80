import Foundation
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// Running the budget from the pages, as a person does on the phone: a purchase added,
/// split, edited, deleted and undone, each through its route, the file compared with
/// the one before after each step (exactly the intended lines change, and `tally fmt
/// --check` stays clean); a stale form re-checked and applied; an undo refused after a
/// change made elsewhere; a read-only file answered with words and a status.
@Suite struct EditStoryTests {
    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00

        income  Salary
        expense Food:Groceries, Fun
        envelope Fun  20.00  monthly  for Fun

        2026-11-01 "Tesco"  Checking  Food:Groceries  -20.00
        2026-11-02 "Tesco"  Checking  Food:Groceries  -31.50

        """
    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-edit-story")
        file = try folder.write(Self.text, to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    private func contents() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    private func isFormatted() throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: file, bytes: Array(try contents().utf8)))) == .unchanged
    }

    /// The page a write's redirect leads to, and the key of its Undo button.
    private func follow(_ answer: HTTPResponse) -> (page: String, undo: String?) {
        guard let location = answer.header("Location") else { return ("", nil) }
        let page = serve.get(location).text
        let undo = location.components(separatedBy: "undo=").dropFirst().first.map { String($0.prefix { $0 != "&" }) }
        return (page, undo.flatMap { page.contains("name=\"undo\" value=\"\($0)\"") ? $0 : nil })
    }

    /// The query of the register row's Edit link for the entry on `line`.
    private func editLink(line: Int) throws -> String {
        let page = serve.get("/register").text
        let marker = "&amp;line=\(line)&amp;fp="
        let range = try #require(page.range(of: marker), "no Edit link for line \(line)")
        let fingerprint = page[range.upperBound...].prefix { $0 != "\"" }
        return "/edit?file=0&line=\(line)&fp=\(fingerprint)"
    }

    @Test func addSplitEditDeleteUndo() throws {
        defer { folder.remove() }
        #expect(try isFormatted())

        // The add form's split button draws split rows, writing nothing.
        let more = serve.post("/add", [("date", "2026-11-05"), ("payee", "Tesco"), ("wallet", "Checking"), ("category", "Food:Groceries"), ("amount", "42"), ("more", "split")])
        #expect(more.status == .ok)
        #expect(more.text.contains("name=\"split-category\"") && more.text.contains("value=\"Tesco\""), "\(more.text)")
        #expect(try contents() == Self.text)

        // Add, split: 30.00 groceries and the rest (42.00 − 30.00 = 12.00) fun.
        var before = try contents()
        let added = serve.post(
            "/add",
            [
                ("date", "2026-11-05"), ("payee", "Tesco"), ("wallet", "Checking"), ("amount", "42"), ("split-category", "Food:Groceries"), ("split-amount", "30"),
                ("split-category", "Fun"), ("split-amount", ""), ("split-category", ""), ("split-amount", "")
            ])
        #expect(added.status == .seeOther, "\(added.text)")
        let addedLines = ["2026-11-05 \"Tesco\"  Checking                  -42.00", "    Food:Groceries  -30.00", "    Fun"]
        #expect(changedLines(before, try contents()) == ([], addedLines))
        #expect(try isFormatted())
        var answer = follow(added)
        #expect(answer.page.contains("Added the purchase. Wrote `2026-11-05 &quot;Tesco&quot;"), "\(answer.page)")
        // Fun's 20.00 less the 12.00 of the part that takes the rest.
        #expect(answer.page.contains("`    Fun`. Fun: 8.00 left for 2026-11."), "\(answer.page)")
        #expect(answer.undo != nil, "the answer offers Undo")

        // Edit, from its row: the form is prefilled with its parts; saved as 25.00 of
        // fun, over Fun's 20.00 by 5.00, which the answer says.
        let form = serve.get(try editLink(line: 11))
        #expect(form.status == .ok)
        #expect(form.text.contains("<option selected=\"selected\">Fun</option>") && form.text.contains("value=\"-30.00\""), "\(form.text)")
        before = try contents()
        let link = try editLink(line: 11)
        let fingerprint = String(link.split(separator: "=").last!)
        let edited = serve.post(
            "/edit", [("file", "0"), ("line", "11"), ("fp", fingerprint), ("date", "2026-11-05"), ("payee", "Tesco"), ("wallet", "Checking"), ("category", "Fun"), ("amount", "25")])
        #expect(edited.status == .seeOther, "\(edited.text)")
        let editedLine = "2026-11-05 \"Tesco\"  Checking  Fun             -25.00"
        #expect(changedLines(before, try contents()) == (addedLines, [editedLine]))
        #expect(try isFormatted())
        answer = follow(edited)
        #expect(answer.page.contains("Warning: Fun is over for 2026-11: -5.00 left."), "\(answer.page)")

        // Delete it: only its line goes.
        before = try contents()
        let deleteFingerprint = String(try editLink(line: 11).split(separator: "=").last!)
        let deleted = serve.post("/delete", [("file", "0"), ("line", "11"), ("fp", deleteFingerprint)])
        #expect(deleted.status == .seeOther, "\(deleted.text)")
        #expect(changedLines(before, try contents()) == ([editedLine], []))
        #expect(try isFormatted())
        answer = follow(deleted)
        #expect(answer.page.contains("Deleted `2026-11-05 &quot;Tesco&quot;"), "\(answer.page)")
        #expect(answer.page.contains("Fun: 20.00 left for 2026-11."), "\(answer.page)")

        // Undo the delete: the file is as the edit left it, byte for byte.
        let undone = serve.post("/undo", [("undo", try #require(answer.undo))])
        #expect(undone.status == .seeOther, "\(undone.text)")
        #expect(try contents() == before)
        // Fun's 20.00 less the 25.00 put back: 5.00 over.
        let undonePage = follow(undone).page
        #expect(undonePage.contains("Undid the last write. Put back `\(editedLine.replacingOccurrences(of: "\"", with: "&quot;"))`."), "\(undonePage)")
        #expect(undonePage.contains("Warning: Fun is over for 2026-11: -5.00 left."), "\(undonePage)")
    }

    /// A purchase form drawn before the file changed: 409, what was typed kept and checked
    /// against the file as it is now, and applied with the button it offers.
    @Test func aStaleFormIsReappliedWithOnePress() throws {
        defer { folder.remove() }
        let drawn = serve.app.store.currentVersion()
        try (try contents() + "2026-11-03 \"Tesco\"  Checking  Food:Groceries   -1.00\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changedElsewhere = try contents()
        let fields = [("date", "2026-11-06"), ("payee", "Bakery"), ("wallet", "Checking"), ("category", "Fun"), ("amount", "4.5"), ("note", "rolls")]
        let stale = serve.post("/add", fields, version: drawn)
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("Applied now, it would write `2026-11-06 &quot;Bakery&quot;"), "\(stale.text)")
        #expect(stale.text.contains("value=\"Bakery\"") && stale.text.contains("value=\"rolls\"") && stale.text.contains(">Apply it</button>"))
        #expect(try contents() == changedElsewhere)
        // The form drawn again carries the version it was checked against.
        let version = try #require(stale.text.components(separatedBy: "name=\"version\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
        let applied = serve.post("/add", fields, version: String(version))
        #expect(applied.status == .seeOther, "\(applied.text)")
        let added = changedLines(changedElsewhere, try contents()).added
        // Too wide for the block's columns (payee and note): a block of its own, after a
        // blank line (the comparison sees the blank line after it, the same text).
        #expect(added == ["2026-11-06 \"Bakery\" \"rolls\"  Checking  Fun  -4.50", ""], "\(added)")
        #expect(try isFormatted())
    }

    /// An edit form drawn before a change elsewhere in the file: re-checked and offered
    /// again for the same entry, its fields as typed; applied, only its line changes.
    @Test func aStaleEditIsReappliedForTheSameEntry() throws {
        defer { folder.remove() }
        let drawn = serve.app.store.currentVersion()
        let fingerprint = String(try editLink(line: 10).split(separator: "=").last!)
        try (try contents() + "; edited elsewhere\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changedElsewhere = try contents()
        let fields = [
            ("file", "0"), ("line", "10"), ("fp", fingerprint), ("date", "2026-11-02"), ("payee", "Tesco"), ("wallet", "Checking"),
            ("category", "Food:Groceries"), ("amount", "-32.50")
        ]
        let stale = serve.post("/edit", fields, version: drawn)
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("Applied now, it would write `2026-11-02 &quot;Tesco&quot;  Checking  Food:Groceries  -32.50`."), "\(stale.text)")
        #expect(stale.text.contains("action=\"/edit\"") && stale.text.contains("name=\"fp\" value=\"\(fingerprint)\""))
        #expect(try contents() == changedElsewhere)
        let version = try #require(stale.text.components(separatedBy: "name=\"version\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(serve.post("/edit", fields, version: String(version)).status == .seeOther)
        #expect(
            changedLines(changedElsewhere, try contents())
                == (["2026-11-02 \"Tesco\"  Checking  Food:Groceries  -31.50"], ["2026-11-02 \"Tesco\"  Checking  Food:Groceries  -32.50"]))
    }

    /// An undo after the file changed elsewhere is refused in words, and the change stays.
    @Test func undoIsRefusedAfterAnOutsideChange() throws {
        defer { folder.remove() }
        let added = serve.post("/add", [("date", "2026-11-05"), ("payee", "Tesco"), ("wallet", "Checking"), ("category", "Fun"), ("amount", "2")])
        let key = try #require(follow(added).undo)
        let text = try contents() + "; edited elsewhere\n"
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let undo = serve.post("/undo", [("undo", key)])
        #expect(undo.status == .conflict)
        #expect(undo.text.contains("changed since that write, so undoing it could lose the change. Nothing was undone."), "\(undo.text)")
        #expect(try contents() == text)
    }

    /// A read-only file: 403 and a sentence, never the error's description.
    @Test func aReadOnlyBudgetAnswersForbiddenInWords() throws {
        defer { folder.remove() }
        #expect(chmod(file, 0o444) == 0)
        defer { chmod(file, 0o644) }
        let answer = serve.post("/add", [("date", "2026-11-05"), ("payee", "Tesco"), ("wallet", "Checking"), ("category", "Fun"), ("amount", "2")])
        #expect(answer.status == .forbidden)
        #expect(answer.text.contains("The budget&#39;s file could not be written: the file is read-only") || answer.text.contains("could not be written: the file is read-only"), "\(answer.text)")
        #expect(!answer.text.contains("notWritten"))
        #expect(try contents() == Self.text)
    }
}
