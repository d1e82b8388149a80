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

/// What the forms write, each through the library's action: a purchase through
/// ``AddEntry``, an occurrence through ``RecordOccurrences``, `fill`/`move` lines through
/// ``EnvelopeMoney``, a statement through ``ImportStatements``; a form's value is never read
/// as anything but that value. Every write is first refused when the budget's files changed on disk
/// since the form's page was drawn (the form carries the version it was drawn from).
struct WriteForms {
    let store: BudgetStore
    let today: CivilDate
    /// The session's token, for a form drawn again (``recheck(_:_:)``).
    var token = ""

    /// A refusal to show on the page the form came from.
    struct Refusal: Error {
        let status: HTTPStatus
        let message: String
        /// What the page shows below the message: a stale form re-checked, to apply.
        var form: HTML? = nil
    }

    /// What a write answers: its words, and what takes it back (``UndoWrite``).
    struct Done {
        let text: String
        var undo: WriteUndo? = nil
    }

    /// The budget's root file: the forms write into the file of its budget that holds the date's entries.
    var root: String { store.arguments[0] }

    /// Why the forms cannot write to this budget, or nil when they can: a budget opened
    /// from several files with `-f` has no one file to write to (one file that includes
    /// the others has: each form writes where its command would, see docs/serve.md).
    static func readOnlyReason(_ store: BudgetStore) -> String? {
        store.arguments.count == 1
            ? nil
            : "This budget was opened from several separate files, so there is no one file to write to and the forms are left out. "
                + "To write from these pages, serve one file that includes the others."
    }

    /// Refuses when the budget was opened from several files.
    func requireOneFile() throws(Refusal) {
        if let reason = Self.readOnlyReason(store) { throw Refusal(status: .conflict, message: reason) }
    }

    /// The refusal of a form drawn before the files last changed.
    static let staleMessage = "The budget changed on disk since this page was drawn, so nothing was written. Reload the page and try again."

    /// Whether the form was drawn from the budget's files as they are now.
    func isCurrent(_ request: HTTPRequest) -> Bool {
        request.field("version").map { $0 == store.currentVersion() } ?? false
    }

    /// Refuses when the files changed since the form's page was drawn.
    func requireCurrent(_ request: HTTPRequest) throws(Refusal) {
        try requireOneFile()
        guard isCurrent(request) else { throw Refusal(status: .conflict, message: Self.staleMessage) }
    }

    /// `POST /add`: ``AddEntry``, the form's fields taken as typed, split rows included.
    /// A form gone stale is re-checked rather than refused outright (``recheck(_:_:)``).
    func add(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireOneFile()
        let values = EntryForm.Values(request)
        guard isCurrent(request) else { throw recheck(values, nil) }
        _ = try field(request, "date", "the date")
        _ = try field(request, "wallet", "the wallet")
        if values.splits.isEmpty { _ = try field(request, "amount", "the amount") }
        let result: AddEntry.Result
        do { result = try AddEntry.perform(values.request(root: root, today: today)) } catch { throw Self.refusal(error) }
        return Done(text: Self.answer("Added the purchase.", result.effects), undo: result.effects.undo)
    }

    /// `POST /record`: ``RecordOccurrences`` for the rule and date the Due page shows.
    func record(_ request: HTTPRequest) throws(Refusal) -> Done {
        try requireCurrent(request)
        let rule = try field(request, "rule", "the rule"), dateText = try field(request, "date", "the date")
        guard let date = CivilDate(iso: dateText) else { throw Refusal(status: .unprocessable, message: "`\(dateText)` is not a date; write YYYY-MM-DD.") }
        let result: RecordOccurrences.Result
        do { result = try RecordOccurrences.perform(.init(file: root, selection: .rule(rule, date: date), today: today, root: root)) } catch { throw Self.refusal(error) }
        guard result.written else { throw Refusal(status: .conflict, message: "Nothing was due for \(rule) on \(date); nothing was written.") }
        return Done(text: Self.answer("Recorded \(rule) on \(date).", result.effects), undo: result.effects.undo)
    }

    /// `POST /assign` (a `fill` line) and `POST /move` (a `move` line): ``EnvelopeMoney``.
    func envelopeLine(_ request: HTTPRequest, move: Bool) throws(Refusal) -> Done {
        try requireCurrent(request)
        let date = try field(request, "date", "the date"), amount = try field(request, "amount", "the amount")
        let kind: EnvelopeMoney.Kind =
            move ? .move(from: request.field("from") ?? "", to: request.field("to") ?? "") : .fill(envelope: request.field("envelope") ?? "")
        let result: EnvelopeMoney.Result
        do { result = try EnvelopeMoney.perform(.init(file: root, date: date, kind: kind, amount: amount, today: today, root: root)) } catch { throw Self.refusal(error) }
        let typed = (try? TypedAmount.read(amount)).flatMap(Money.init)?.description ?? amount
        return Done(text: Self.answer((move ? "Moved " : "Assigned ") + typed + ".", result.effects), undo: result.effects.undo)
    }

    /// A write's answer: what was done, the lines written, what they changed and the
    /// warnings they raised (``WriteEffects``), so that a purchase that overspends never
    /// answers just "Added".
    static func answer(_ done: String, _ effects: WriteEffects) -> String {
        ([done] + effects.lines.map { "Wrote `\($0)`." } + effects.changes.map { "\($0)." } + effects.warnings.map { "Warning: \($0)." }).joined(separator: " ")
    }

    private func field(_ request: HTTPRequest, _ name: String, _ what: String) throws(Refusal) -> String {
        guard let value = request.field(name)?.trimmingSpaces(), !value.isEmpty else {
            throw Refusal(status: .unprocessable, message: "Give \(what).")
        }
        return value
    }

    /// A refusal from an action, worded for a page: the library's words, capitalised, and
    /// what to do next.
    static func refusal(_ error: ActionRefusal) -> Refusal {
        var message = error.message(entries: "the entry")
        message = message.prefix(1).uppercased() + message.dropFirst()
        switch error {
        case .edit(.hasErrors): message += " (see Diagnostics)."
        case .edit(.changedOnDisk): message += ". Reload the page and try again."
        default: message += message.hasSuffix(".") ? "" : "."
        }
        let status: HTTPStatus
        switch error.kind {
        case .request: status = .unprocessable
        case .conflict: status = .conflict
        case .failure: status = .internalError
        }
        // A file the server may not write (read-only, a folder it cannot write in): the
        // person can do something about it, so it is no server error.
        if case .edit(.notWritten) = error {
            let reason = error.message().replacingText("; nothing was written", with: "")
            return Refusal(status: .forbidden, message: "The budget's file could not be written: \(reason). Nothing was written.")
        }
        return Refusal(status: status, message: message)
    }
}
