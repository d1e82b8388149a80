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

    /// `POST /edit`: ``EditEntry``, the form's fields taken as the add form's are.
    func edit(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireOneFile()
        let values = EntryForm.Values(request)
        let entry = try reference(request)
        guard isCurrent(request) else { throw recheck(values, request) }
        let result: EditEntry.Result
        do { result = try EditEntry.perform(.init(root: root, entry: entry, draft: values.request(root: root, today: today))) } catch { throw Self.refusal(error) }
        let done = "Changed " + result.replaced.map { "`\($0)`" }.joined(separator: " ") + "."
        return Done(text: Self.answer(done, result.effects), undo: result.effects.undo)
    }

    /// `POST /delete`: ``DeleteEntry``.
    func delete(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireCurrent(request)
        let entry = try reference(request)
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
        let snapshot = store.snapshot(today: today)
        guard let model = snapshot.opened?.report.model else { return Refusal(status: .conflict, message: Self.staleMessage) }
        let draft = values.request(root: root, today: today, dryRun: true)
        var check: String
        do throws(ActionRefusal) {
            let effects: WriteEffects
            if let edit {
                guard let entry = try? reference(edit) else { throw .request("the form names no entry") }
                effects = try EditEntry.perform(.init(root: root, entry: entry, draft: draft)).effects
            } else {
                effects = try AddEntry.perform(draft).effects
            }
            check = "Applied now, it would write " + effects.lines.map { "`\($0)`" }.joined(separator: " ") + "."
            check += effects.warnings.map { " Warning: \($0)." }.joined()
        } catch {
            check = "As the budget is now, it would be refused: " + Self.refusal(error).message
        }
        let message =
            "The budget changed on disk since this form was drawn, so nothing was written. What you typed is below, checked against the budget as it is now. "
            + check
        let form = EntryForm.render(
            values, model, action: edit == nil ? "/add" : "/edit", submit: "Apply it", hidden: edit.map(Self.entryFields) ?? [], token: token,
            version: snapshot.version)
        return Refusal(status: .conflict, message: message, form: form)
    }
}
