import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// What an entry's row offers and what a write's answer offers: a small "Edit" link per
/// row (its file by place in the budget's list, its line, and a fingerprint of its text,
/// so that an edit of an entry changed since is refused) — a register row of a purchase
/// or a transfer, an Envelopes page row of a `fill` or a `move` — the edit page it opens,
/// and the "Undo" button under the answer of a write made from a page.
enum EntryActions {
    /// The fields that name an entry: `file` (its place in the budget's list), `line`, `fp`.
    static func fields(_ location: SourceLocation, _ snapshot: BudgetStore.Snapshot) -> [(String, String)]? {
        guard let index = snapshot.files.firstIndex(of: location.file), let lines = snapshot.lines[location.file],
            let file = snapshot.opened?.budget.file(location.file),
            let reference = EntryReference.of(location, bytes: file.tree.source.bytes, lines: lines)
        else { return nil }
        return [("file", "\(index)"), ("line", "\(reference.line)"), ("fp", reference.fingerprint)]
    }

    /// The row's "Edit" link, opening its edit form; nothing for an entry no form edits
    /// (an assertion, a rate). The edit page says so when the forms cannot write.
    static func editLink(_ entry: Entry, _ snapshot: BudgetStore.Snapshot) -> HTML {
        // Cheap tests first: nine rows in ten are plain transactions (``Entry/kind`` would
        // build their posting).
        let edited: Bool
        if entry.transaction != nil || entry.transfer != nil {
            edited = true
        } else if case .fill = entry.kind {
            edited = true
        } else if case .move = entry.kind {
            edited = true
        } else {
            edited = false
        }
        guard edited, let fields = fields(entry.location, snapshot) else { return HTML() }
        return " <a class=\"row-action\" href=\"/edit\(FormData.query(fields))\" aria-label=\"Edit this entry\">Edit</a>"
    }

    /// The Envelopes page's rows of money assigned (`fill`) and moved (`move`) on the days
    /// `days`, in the budget's order, each with its Edit link: the only rows these entries
    /// have (the register lists what wallets hold).
    static func envelopeMoneyRows(_ budget: ReportBudget, _ snapshot: BudgetStore.Snapshot, days: ClosedRange<CivilDate>) -> HTML {
        let model = budget.model
        var rows = HTML()
        for entry in model.entries where days.contains(entry.date) && entry.transaction == nil && entry.transfer == nil {
            let what: String
            switch entry.kind {
            case .fill(let envelope, let amount): what = "Assigned \(budget.inDefault(amount)) to \(model.envelopes[envelope].name)"
            case .move(let from, let to, let amount): what = "Moved \(budget.inDefault(amount)) from \(model.envelopes[from].name) to \(model.envelopes[to].name)"
            default: continue
            }
            rows += "<li><span class=\"date\">\(entry.date)</span> \(what)\(editLink(entry, snapshot))</li>\n"
        }
        guard !rows.isEmpty else { return HTML() }
        return "<section class=\"section\" id=\"money-moves\"><h2>Assigned and moved</h2><ul class=\"entry-rows\">\n\(rows)</ul></section>\n"
    }

    /// The entry an edit page or form names, in `snapshot`, if it is still as shown.
    static func entry(_ fields: (String) -> String?, _ snapshot: BudgetStore.Snapshot) -> (reference: EntryReference, index: Int)? {
        guard let opened = snapshot.opened, let index = fields("file").flatMap({ Int($0) }), index >= 0, index < snapshot.files.count,
            let line = fields("line").flatMap({ Int($0) }), let fingerprint = fields("fp")
        else { return nil }
        let path = snapshot.files[index]
        guard let lines = snapshot.lines[path], line >= 1, line <= lines.lineStarts.count, let file = opened.budget.file(path) else { return nil }
        let start = lines.lineStarts[line - 1]
        let model = opened.report.model
        guard let e = model.entries.firstIndex(where: { $0.location.file == path && $0.location.range.start == start }),
            let reference = EntryReference.of(model.entries[e].location, bytes: file.tree.source.bytes, lines: lines), reference.fingerprint == fingerprint
        else { return nil }
        return (reference, e)
    }

    /// `GET /edit?file=&line=&fp=`: the entry's lines and its form, prefilled, with a
    /// Delete button; or why it cannot be edited.
    static func editPage(_ request: HTTPRequest, _ snapshot: BudgetStore.Snapshot, token: String, readOnly: String?) -> HTML {
        if let readOnly { return PageLayout.message(readOnly) }
        guard let opened = snapshot.opened, let found = entry(request.parameter, snapshot) else {
            return PageLayout.message("This entry changed or moved since its page was drawn; open it again from its row.", kind: "error")
                + "<p>\(PageLayout.link("/register", "Back to the register"))</p>\n"
        }
        let (reference, model) = (found.reference, opened.report.model)
        let hidden = [("file", request.parameter("file") ?? ""), ("line", "\(reference.line)"), ("fp", reference.fingerprint)]
        var out: HTML = "<p>Line \(reference.line) of <code>\(reference.file.split(separator: "/").last.map(String.init) ?? reference.file)</code>:</p>\n<pre class=\"source entry-lines\">"
        out += "\(entryText(reference, opened.budget))</pre>\n<div class=\"cards\">\n"
        let movement = EditEntry.movementFields(of: found.index, budget: opened.budget, model: model)
        let kind = movement.map { [("kind", $0.kind.rawValue)] } ?? []
        if let reason = EditEntry.noForm(for: found.index, model: model) {
            // No form would write this entry as it is: say why, lead to its line, and
            // still offer to delete it.
            let line = SourceLinks.href(model.entries[found.index].location, snapshot).map { PageLayout.link($0, "Open its line") } ?? HTML()
            out += PageLayout.message("This entry is edited in the file: \(reason).", kind: "note") + "<p>\(line)</p>\n"
        } else if let fields = EditEntry.fields(of: found.index, budget: opened.budget, model: model) {
            out += EntryForm.render(.init(fields), model, action: "/edit", submit: "Save", hidden: hidden, token: token, version: snapshot.version)
        } else if let movement {
            out += MovementForm.render(movement, model, submit: "Save", hidden: hidden, token: token, version: snapshot.version)
        }
        return out + deleteForm(hidden + kind, token: token, version: snapshot.version) + "</div>\n"
    }

    /// The Delete button's form: the entry's hidden fields (and its `kind`, for the page
    /// to lead back to).
    static func deleteForm(_ hidden: [(String, String)], token: String, version: String, submit: String = "Delete this entry") -> HTML {
        var out: HTML = "<form class=\"card\" method=\"post\" action=\"/delete\">" + PageLayout.formGuard(token: token, version: version)
        for (name, value) in hidden { out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>" }
        return out + "<button type=\"submit\" class=\"danger\">\(submit)</button></form>\n"
    }

    /// The page an edit or a delete leads back to: the one the entry's row is on (a
    /// `fill`'s or a `move`'s is Envelopes).
    static func back(_ request: HTTPRequest) -> String {
        ["fill", "move"].contains(request.field("kind") ?? "") ? "/envelopes" : "/register"
    }

    /// The entry's lines as the file holds them.
    private static func entryText(_ reference: EntryReference, _ budget: Budget) -> String {
        guard let bytes = budget.file(reference.file)?.tree.source.bytes else { return "" }
        var start = 0, line = 1
        while line < reference.line, start < bytes.count {
            if bytes[start] == 0x0A { line += 1 }
            start += 1
        }
        var end = start
        // The header, then the indented lines below it.
        repeat {
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            end = min(end + 1, bytes.count)
        } while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09)
        return String(decoding: bytes[start ..< end], as: UTF8.self)
    }

    /// The add form's button that draws it again with split rows (``EntryForm``); after
    /// the Add button, so that Enter still adds.
    static let splitButton: HTML =
        "<button type=\"submit\" name=\"more\" value=\"split\" formnovalidate=\"formnovalidate\" class=\"secondary\">Split across categories</button>"

    /// The "Undo" button under a write's answer: it posts the key the write's undo is kept
    /// under (``ServeApp``), never the lines themselves.
    static func undoButton(key: String, token: String, version: String) -> HTML {
        "<form class=\"undo\" method=\"post\" action=\"/undo\">" + PageLayout.formGuard(token: token, version: version)
            + "<input type=\"hidden\" name=\"undo\" value=\"\(key)\"/><button type=\"submit\">Undo</button></form>\n"
    }
}
