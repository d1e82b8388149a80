import TallyActions
import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Editing, deleting and undoing from the pages, each through its library action
/// (``EditEntry``, ``DeleteEntry``, ``UndoWrite``), and the second chance a stale purchase
/// form gets: what was typed, checked against the files as they are now, offered to apply.
extension WriteForms {
    /// The entry the form names (`file` by its place in the budget's list, `line`, `fp`):
    /// no path is ever taken from a form.
    private func reference(_ request: HTTPRequest) throws(Refusal) -> EntryReference {
        let files = store.snapshot(today: today).files
        guard let index = request.field("file").flatMap({ Int($0) }), index >= 0, index < files.count,
            let line = request.field("line").flatMap({ Int($0) }), let fingerprint = request.field("fp")
        else { throw Refusal(status: .unprocessable, message: "The form names no entry; open it again from the register.") }
        return EntryReference(file: files[index], line: line, fingerprint: fingerprint)
    }

    /// The hidden fields naming the form's entry, as sent.
    private static func entryFields(_ request: HTTPRequest) -> [(String, String)] {
        ["file", "line", "fp"].map { ($0, request.field($0) ?? "") }
    }

    /// `POST /edit`: ``EditEntry``; a purchase's fields taken as the add form's are, a
    /// transfer's, a fill's or a move's (`kind`) as their forms' (``MovementForm``). A
    /// form saved as drawn writes nothing, and says so.
    func edit(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireOneFile()
        let entry = try reference(request)
        let change: EditEntry.Change
        if let fields = MovementForm.fields(request) {
            guard isCurrent(request) else { throw recheck(fields, request) }
            change = fields.change
        } else {
            let values = EntryForm.Values(request)
            guard isCurrent(request) else { throw recheck(values, request) }
            change = .purchase(values.request(root: root, today: today))
        }
        let result: EditEntry.Result
        do { result = try EditEntry.perform(.init(root: root, entry: entry, change: change, today: today)) } catch { throw Self.refusal(error) }
        guard result.changed else { return Done(text: "Nothing changed: the entry is as it was, so nothing was written.") }
        let done = "Changed " + result.replaced.map { "`\($0)`" }.joined(separator: " ") + "."
        return Done(text: Self.answer(done, result.effects), undo: result.effects.undo)
    }

    /// `POST /delete`: ``DeleteEntry``. A form drawn before the files changed is re-checked
    /// and offered again, as an edit's is.
    func delete(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireOneFile()
        let entry = try reference(request)
        guard isCurrent(request) else {
            let fields = Self.entryFields(request) + (request.field("kind").map { [("kind", $0)] } ?? [])
            let lead = "The budget changed on disk since this page was drawn, so nothing was deleted. The entry is checked against the budget as it is now. "
            throw stale(lead: lead) { () throws(ActionRefusal) in
                let removed = try DeleteEntry.perform(.init(root: root, entry: entry, today: today, dryRun: true)).removed
                return "Applied now, it would take out " + removed.map { "`\($0)`" }.joined(separator: " ") + "."
            } form: { _, version in
                EntryActions.deleteForm(fields, token: token, version: version, submit: "Delete it")
            }
        }
        let result: DeleteEntry.Result
        do { result = try DeleteEntry.perform(.init(root: root, entry: entry, today: today)) } catch { throw Self.refusal(error) }
        let done = "Deleted " + result.removed.map { "`\($0)`" }.joined(separator: " ") + "."
        return Done(text: Self.answer(done, result.effects), undo: result.effects.undo)
    }

    /// `POST /undo`: ``UndoWrite`` of the write kept under the form's `undo` key. Not
    /// refused for a page drawn before the write (the answer's page is drawn after it):
    /// the action itself refuses when a file changed since the write.
    func undo(_ request: HTTPRequest, kept: KeptByKey<WriteUndo>) throws(Refusal) -> Done {
        try requireOneFile()
        guard let key = request.field("undo"), let undo = kept.take(key) else {
            throw Refusal(status: .conflict, message: "There is no write of this page left to undo (each can be undone once, and only the latest ones are kept).")
        }
        let result: UndoWrite.Result
        do { result = try UndoWrite.perform(.init(root: root, undo: undo, today: today)) } catch {
            var refusal = Self.refusal(error)
            if case .budget = error { refusal = Refusal(status: .conflict, message: refusal.message.replacingText("; nothing undone", with: ". Nothing was undone.")) }
            throw refusal
        }
        var done = "Undid the last write."
        done += result.removed.map { " Took out `\($0)`." }.joined() + result.restored.map { " Put back `\($0)`." }.joined()
        done += result.effects.changes.map { " \($0)." }.joined() + result.effects.warnings.map { " Warning: \($0)." }.joined()
        return Done(text: done, undo: result.effects.undo)
    }

    /// A purchase form drawn before the files changed: refused (409), with what was typed
    /// checked against the files as they are now (a dry run: what it would write, or why
    /// it would be refused) and drawn again with the current version, to apply with one
    /// press. `edit` is the edit form's request, nil for the add form.
    func recheck(_ values: EntryForm.Values, _ edit: HTTPRequest?) -> Refusal {
        let draft = values.request(root: root, today: today, dryRun: true)
        return stale { () throws(ActionRefusal) in
            let effects: WriteEffects
            if let edit {
                guard let entry = try? reference(edit) else { throw .request("the form names no entry") }
                effects = try EditEntry.perform(.init(root: root, entry: entry, draft: draft)).effects
            } else {
                effects = try AddEntry.perform(draft).effects
            }
            return Self.wouldWrite(effects)
        } form: { model, version in
            EntryForm.render(
                values, model, action: edit == nil ? "/add" : "/edit", submit: "Apply it", hidden: edit.map(Self.entryFields) ?? [], token: token, version: version)
        }
    }

    /// A transfer's, a fill's or a move's edit form drawn before the files changed: the
    /// same second chance.
    func recheck(_ fields: EditEntry.MovementFields, _ edit: HTTPRequest) -> Refusal {
        stale { () throws(ActionRefusal) in
            guard let entry = try? reference(edit) else { throw .request("the form names no entry") }
            return Self.wouldWrite(try EditEntry.perform(.init(root: root, entry: entry, change: fields.change, today: today, dryRun: true)).effects)
        } form: { model, version in
            MovementForm.render(fields, model, submit: "Apply it", hidden: Self.entryFields(edit), token: token, version: version)
        }
    }

    /// What a dry run would write, and the warnings it would raise.
    private static func wouldWrite(_ effects: WriteEffects) -> String {
        // An edit form as it was drawn changes nothing (``EditEntry/Result/changed``).
        if effects.lines.isEmpty { return "Applied now, it would change nothing: the entry is as the form has it." }
        return "Applied now, it would write " + effects.lines.map { "`\($0)`" }.joined(separator: " ") + "." + effects.warnings.map { " Warning: \($0)." }.joined()
    }

    /// The refusal (409) of a form drawn before the files changed: `lead` says so, `check`
    /// what it would do now (a dry run) or why it would be refused; `form` draws it again
    /// from the budget as it is now, with its version.
    private func stale(
        lead: String = "The budget changed on disk since this form was drawn, so nothing was written. What you typed is below, checked against the budget as it is now. ",
        check: () throws(ActionRefusal) -> String, form: (BudgetModel, String) -> HTML
    ) -> Refusal {
        let snapshot = store.snapshot(today: today)
        guard let model = snapshot.opened?.report.model else { return Refusal(status: .conflict, message: Self.staleMessage) }
        var checked: String
        do { checked = try check() } catch { checked = "As the budget is now, it would be refused: " + Self.refusal(error).message }
        return Refusal(status: .conflict, message: lead + checked, form: form(model, snapshot.version))
    }
}
