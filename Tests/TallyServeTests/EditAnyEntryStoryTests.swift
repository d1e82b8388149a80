import Foundation
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// Every kind of entry edited and deleted from its row, through the routes: a transfer
/// from its register rows, a `fill` and a `move` from their rows on Envelopes; each step's
/// file compared with the one before (exactly the intended lines change, `tally fmt
/// --check` clean), each answer saying what it wrote and changed; stale forms re-checked
/// and applied with one press.
@Suite struct EditAnyEntryStoryTests {
    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00
        wallet Savings   bank

        expense Food, Fun
        envelope Food  200.00  monthly  for Food
        envelope Fun    50.00  monthly  for Fun

        2026-11-01 transfer Checking -> Savings  300.00
        2026-11-03 fill Fun  20.00
        2026-11-04 move Food -> Fun  15.00
        2026-11-05 "Tesco"  Checking  Food  -31.50

        """
    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-edit-any")
        file = try folder.write(Self.text, to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    private func contents() throws -> String { try EditedFile(path: file).contents() }

    private func isFormatted() throws -> Bool { try EditedFile(path: file).isFormatted() }

    private func editLink(_ page: String, line: Int) throws -> String { try EditedFile.editLink(page, line: line) }

    private func fingerprint(_ link: String) -> String { String(link.split(separator: "=").last!) }

    /// The page a write's redirect leads to, and the key of its Undo button.
    private func follow(_ answer: HTTPResponse) -> (location: String, page: String, undo: String?) {
        guard let location = answer.header("Location") else { return ("", "", nil) }
        let page = serve.get(location).text
        let undo = location.components(separatedBy: "undo=").dropFirst().first.map { String($0.prefix { $0 != "&" }) }
        return (location, page, undo)
    }

    /// A transfer: both its register rows lead to its form (from, to, amount, date, note);
    /// saved as 250.00 with a note, only its line changes, and the answer says so.
    @Test func aTransferEditedFromItsRow() throws {
        defer { folder.remove() }
        let register = serve.get("/register").text
        let link = try editLink(register, line: 10)
        #expect(register.components(separatedBy: "&amp;line=10&amp;").count == 3, "both the transfer's rows have the link")
        let form = serve.get(link).text
        #expect(form.contains("<h2>Edit a transfer</h2>") && form.contains("name=\"kind\" value=\"transfer\""), "\(form)")
        #expect(form.contains("<select id=\"edit-from\" name=\"from\" required=\"required\"><option selected=\"selected\">Checking</option>"), "\(form)")
        #expect(form.contains("<option selected=\"selected\">Savings</option>") && form.contains("id=\"edit-amount\" name=\"amount\" value=\"300.00\""))
        #expect(form.contains("id=\"edit-date\" name=\"date\" type=\"date\" value=\"2026-11-01\"") && form.contains("id=\"edit-note\" name=\"note\" value=\"\""))

        let before = try contents()
        let fields = [("kind", "transfer"), ("file", "0"), ("line", "10"), ("fp", fingerprint(link)), ("from", "Checking"), ("to", "Savings"), ("amount", "250"), ("date", "2026-11-01"), ("note", "trip")]
        let saved = serve.post("/edit", fields)
        #expect(saved.status == .seeOther, "\(saved.text)")
        let newLine = "2026-11-01 \"\" \"trip\"  transfer Checking -> Savings  250.00"
        #expect(changedLines(before, try contents()) == (["2026-11-01 transfer Checking -> Savings  300.00"], [newLine]))
        #expect(try isFormatted())
        let answer = follow(saved)
        #expect(answer.location.hasPrefix("/register?"))
        #expect(answer.page.contains("Changed `2026-11-01 transfer Checking -&gt; Savings  300.00`. Wrote `2026-11-01 &quot;&quot; &quot;trip&quot;"), "\(answer.page)")
    }

    /// A fill and a move: rows on Envelopes with Edit links; the fill edited, the move
    /// deleted and the delete undone, each answer leading back to Envelopes.
    @Test func aFillEditedAndAMoveDeletedFromTheirRows() throws {
        defer { folder.remove() }
        var envelopes = serve.get("/envelopes").text
        #expect(envelopes.contains("id=\"money-moves\""), "\(envelopes)")
        #expect(envelopes.contains("<span class=\"date\">2026-11-03</span> Assigned 20.00 to Fun <a class=\"row-action\""), "\(envelopes)")
        #expect(envelopes.contains("<span class=\"date\">2026-11-04</span> Moved 15.00 from Food to Fun <a class=\"row-action\""), "\(envelopes)")
        let fillLink = try editLink(envelopes, line: 11)
        let fillForm = serve.get(fillLink).text
        #expect(fillForm.contains("<h2>Edit money assigned</h2>") && fillForm.contains("id=\"edit-envelope\" name=\"envelope\""), "\(fillForm)")
        #expect(!fillForm.contains("id=\"edit-note\""), "a fill's form has no note")

        var before = try contents()
        let filled = serve.post(
            "/edit", [("kind", "fill"), ("file", "0"), ("line", "11"), ("fp", fingerprint(fillLink)), ("envelope", "Fun"), ("amount", "35.00"), ("date", "2026-11-03")])
        #expect(filled.status == .seeOther, "\(filled.text)")
        #expect(changedLines(before, try contents()) == (["2026-11-03 fill Fun  20.00"], ["2026-11-03 fill Fun  35.00"]))
        #expect(try isFormatted())
        var answer = follow(filled)
        #expect(answer.location.hasPrefix("/envelopes?"))
        // Fun: 50.00 planned + 35.00 filled + 15.00 moved in = 100.00.
        #expect(answer.page.contains("Wrote `2026-11-03 fill Fun  35.00`. Fun: 100.00 left for 2026-11."), "\(answer.page)")

        envelopes = serve.get("/envelopes").text
        let moveLink = try editLink(envelopes, line: 12)
        let moveForm = serve.get(moveLink).text
        #expect(moveForm.contains("<h2>Edit money moved</h2>") && moveForm.contains("name=\"kind\" value=\"move\""), "\(moveForm)")
        before = try contents()
        let deleted = serve.post("/delete", [("kind", "move"), ("file", "0"), ("line", "12"), ("fp", fingerprint(moveLink))])
        #expect(deleted.status == .seeOther, "\(deleted.text)")
        #expect(changedLines(before, try contents()) == (["2026-11-04 move Food -> Fun  15.00"], []))
        #expect(try isFormatted())
        answer = follow(deleted)
        #expect(answer.location.hasPrefix("/envelopes?"))
        // Food: 200.00 − 31.50 = 168.50; Fun: 50.00 + 35.00 = 85.00.
        #expect(answer.page.contains("Deleted `2026-11-04 move Food -&gt; Fun  15.00`."), "\(answer.page)")
        #expect(answer.page.contains("Food: 168.50 left for 2026-11.") && answer.page.contains("Fun: 85.00 left for 2026-11."), "\(answer.page)")

        let undone = serve.post("/undo", [("undo", try #require(answer.undo))])
        #expect(undone.status == .seeOther, "\(undone.text)")
        #expect(try contents() == before)
    }

    /// A transfer's edit form drawn before a change elsewhere: 409, re-checked, drawn
    /// again (kind and entry kept) and applied; a delete drawn before a change, the same.
    @Test func staleFormsAreReapplied() throws {
        defer { folder.remove() }
        let drawn = serve.app.store.currentVersion()
        let transfer = fingerprint(try editLink(serve.get("/register").text, line: 10))
        let move = fingerprint(try editLink(serve.get("/envelopes").text, line: 12))
        try (try contents() + "; edited elsewhere\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changedElsewhere = try contents()

        let fields = [("kind", "transfer"), ("file", "0"), ("line", "10"), ("fp", transfer), ("from", "Checking"), ("to", "Savings"), ("amount", "310"), ("date", "2026-11-01"), ("note", "")]
        let stale = serve.post("/edit", fields, version: drawn)
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("Applied now, it would write `2026-11-01 transfer Checking -&gt; Savings  310.00`."), "\(stale.text)")
        #expect(stale.text.contains("name=\"kind\" value=\"transfer\"") && stale.text.contains("value=\"310\"") && stale.text.contains(">Apply it</button>"))
        #expect(try contents() == changedElsewhere)
        var version = try #require(stale.text.components(separatedBy: "name=\"version\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(serve.post("/edit", fields, version: String(version)).status == .seeOther)
        #expect(changedLines(changedElsewhere, try contents()) == (["2026-11-01 transfer Checking -> Savings  300.00"], ["2026-11-01 transfer Checking -> Savings  310.00"]))

        let afterEdit = try contents()
        let deleteFields = [("kind", "move"), ("file", "0"), ("line", "12"), ("fp", move)]
        let staleDelete = serve.post("/delete", deleteFields, version: drawn)
        #expect(staleDelete.status == .conflict)
        #expect(staleDelete.text.contains("Applied now, it would take out `2026-11-04 move Food -&gt; Fun  15.00`."), "\(staleDelete.text)")
        #expect(staleDelete.text.contains(">Delete it</button>"))
        #expect(try contents() == afterEdit)
        version = try #require(staleDelete.text.components(separatedBy: "name=\"version\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(serve.post("/delete", deleteFields, version: String(version)).status == .seeOther)
        #expect(changedLines(afterEdit, try contents()) == (["2026-11-04 move Food -> Fun  15.00"], []))
        #expect(try isFormatted())
    }

    /// A form naming the wrong kind for its entry is refused in words (422), writing nothing.
    @Test func aFormOfAnotherKindIsRefused() throws {
        defer { folder.remove() }
        let link = try editLink(serve.get("/envelopes").text, line: 11)
        let answer = serve.post("/edit", [("kind", "move"), ("file", "0"), ("line", "11"), ("fp", fingerprint(link)), ("from", "Food"), ("to", "Fun"), ("amount", "1"), ("date", "2026-11-03")])
        #expect(answer.status == .unprocessable)
        #expect(answer.text.contains("The entry on line 11 is a fill; edit it with its own form"), "\(answer.text)")
        #expect(try contents() == Self.text)
    }

    /// A recurring transfer recorded from Due: its register row has the Edit link, and
    /// saved with another amount it keeps its `rule`, so it still records that occurrence
    /// (Due does not list it again).
    @Test func aRecordedRecurringTransferIsEditedFromItsRow() throws {
        defer { folder.remove() }
        let text = Self.text + "every month on 20 from 2026-11-20 as saving  transfer Checking -> Savings  100.00\n"
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(serve.get("/due").text.contains("Record saving on 2026-11-20"))
        #expect(serve.post("/record", [("rule", "saving"), ("date", "2026-11-20")]).status == .seeOther)
        let recorded = try contents()
        let added = changedLines(text, recorded).added.filter { !$0.isEmpty }
        #expect(added.count == 1 && added[0].hasSuffix("rule saving"), "\(added)")
        let line = try #require(recorded.components(separatedBy: "\n").firstIndex { $0.hasSuffix("rule saving") }) + 1
        let link = try editLink(serve.get("/register").text, line: line)
        #expect(serve.get(link).text.contains("value=\"100.00\""))
        let saved = serve.post(
            "/edit",
            [("kind", "transfer"), ("file", "0"), ("line", "\(line)"), ("fp", fingerprint(link)), ("from", "Checking"), ("to", "Savings"), ("amount", "120"), ("date", "2026-11-20"), ("note", "")])
        #expect(saved.status == .seeOther, "\(saved.text)")
        let diff = changedLines(recorded, try contents())
        #expect(diff.removed == [added[0]] && diff.added.count == 1 && diff.added[0].hasSuffix("120.00  rule saving"), "\(diff)")
        #expect(try isFormatted())
        #expect(!serve.get("/due").text.contains("Record saving on 2026-11-20"), "the occurrence is still recorded")
    }
}
