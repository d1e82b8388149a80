import Foundation
import TallyCore
import TallyFormat
import TallyReports
import TallySyntax

/// What the forms write, each through the one edit pipeline: a purchase through `tally
/// add`, an occurrence through `tally record` (the command line's own commands, lent by
/// ``CommandBridge``), and `fill`/`move` lines through ``BudgetEditor`` with
/// ``SourceWriter``. Every write is first refused when the budget's files changed on disk
/// since the form's page was drawn (the form carries the version it was drawn from).
struct WriteForms {
    let store: BudgetStore
    let bridge: CommandBridge
    let today: CivilDate

    /// A refusal to show on the page the form came from.
    struct Refusal: Error {
        let status: HTTPStatus
        let message: String
    }

    /// The root file the forms write to (and `tally add` appends to).
    var root: String { store.arguments[0] }

    /// Why the forms cannot write to this budget, or nil when they can: a budget opened
    /// from several files with `-f` has no one file to write to (one file that includes
    /// the others has: each form writes where its command would, see docs/serve.md).
    static func readOnlyReason(_ store: BudgetStore) -> String? {
        store.arguments.count == 1
            ? nil
            : "This budget was opened from several files with -f, so there is no one file to write to and the forms are left out. "
                + "Serve one file that includes the others, or use the command line (`tally add`, `tally import`)."
    }

    /// Refuses when the budget was opened from several files.
    func requireOneFile() throws(Refusal) {
        if let reason = Self.readOnlyReason(store) { throw Refusal(status: .conflict, message: reason) }
    }

    /// Refuses when the files changed since the form's page was drawn.
    func requireCurrent(_ request: HTTPRequest) throws(Refusal) {
        try requireOneFile()
        guard let version = request.field("version"), version == store.currentVersion() else {
            throw Refusal(status: .conflict, message: "The budget changed on disk since this page was drawn, so nothing was written. Reload the page and try again.")
        }
    }

    /// `POST /add`: `tally add FILE DATE PAYEE WALLET CATEGORY AMOUNT [--note NOTE]`.
    func add(_ request: HTTPRequest) throws(Refusal) -> String {
        try requireCurrent(request)
        let date = try field(request, "date", "the date"), wallet = try field(request, "wallet", "the wallet")
        let amount = try field(request, "amount", "the amount")
        var arguments = ["add", root, date]
        // The payee stands before the wallet; "" says there is none.
        arguments.append(request.field("payee") ?? "")
        arguments.append(wallet)
        if let category = request.field("category"), !category.isEmpty { arguments.append(category) }
        arguments.append(amount)
        if let note = request.field("note"), !note.isEmpty { arguments += ["--note", note] }
        arguments += ["--today", today.description]
        return try run(arguments, done: "Added the purchase.")
    }

    /// `POST /record`: `tally record FILE RULE --date DAY`.
    func record(_ request: HTTPRequest) throws(Refusal) -> String {
        try requireCurrent(request)
        let rule = try field(request, "rule", "the rule"), date = try field(request, "date", "the date")
        return try run(["record", root, rule, "--date", date, "--today", today.description], done: "Recorded \(rule) on \(date).")
    }

    /// `POST /assign` (a `fill` line) and `POST /move` (a `move` line).
    func envelopeLine(_ request: HTTPRequest, move: Bool) throws(Refusal) -> String {
        try requireCurrent(request)
        let dateText = try field(request, "date", "the date"), amountText = try field(request, "amount", "the amount")
        guard let date = CivilDate(iso: dateText) else { throw Refusal(status: .unprocessable, message: "`\(dateText)` is not a date; write YYYY-MM-DD.") }
        guard let amount = Money(amountText), amount > .zero else {
            throw Refusal(status: .unprocessable, message: "`\(amountText)` is not an amount above zero; write it like 25.00.")
        }
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: root, today: today) } catch { throw Self.refusal(error) }
        let names = editor.model.envelopes.map(\.name)
        func envelope(_ key: String) throws(Refusal) -> String {
            let name = request.field(key) ?? ""
            guard names.contains(name) else { throw Refusal(status: .unprocessable, message: "No envelope named `\(name)`.") }
            return name
        }
        let line: String
        if move {
            let from = try envelope("from"), to = try envelope("to")
            guard from != to else { throw Refusal(status: .unprocessable, message: "Moving money needs two different envelopes.") }
            line = SourceWriter.move(date: date, from: from, to: to, amount: amountText)
        } else {
            line = SourceWriter.fill(date: date, envelope: try envelope("envelope"), amount: amountText)
        }
        var edit = editor.edit()
        let path = editor.budget.root.path
        let layout = FileLayout(recentIn: editor.budget.root.tree)
        edit.append([line], to: path, lineEnding: layout.lineEnding)
        // Laid out as `tally fmt` lays out its block (only that line changes).
        var bytes = edit.bytes(of: path)
        let start = bytes.count - line.utf8.count - layout.lineEnding.count
        if let formatted = Formatter.formattedLine(at: start, in: bytes, path: path) {
            bytes.replaceSubrange(start ..< start + line.utf8.count, with: formatted)
            edit.replace(path, with: bytes)
        }
        do {
            let edited = try editor.check(edit)
            try editor.write(edited)
        } catch { throw Self.refusal(error) }
        return move ? "Moved \(amountText)." : "Assigned \(amountText)."
    }

    private func field(_ request: HTTPRequest, _ name: String, _ what: String) throws(Refusal) -> String {
        guard let value = request.field(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw Refusal(status: .unprocessable, message: "Give \(what).")
        }
        return value
    }

    /// Runs a command line of the CLI; its message on standard error becomes the refusal.
    func run(_ arguments: [String], done: String) throws(Refusal) -> String {
        let output = bridge.command(arguments)
        guard output.code == 0 else {
            let message = output.err.split(separator: "\n").first.map(String.init) ?? "nothing was written"
            throw Refusal(status: output.code == 2 ? .unprocessable : .conflict, message: message)
        }
        return done
    }

    /// A refusal from the edit pipeline, worded for a page.
    static func refusal(_ error: BudgetEditError) -> Refusal {
        switch error {
        case .changedOnDisk:
            return Refusal(status: .conflict, message: "The budget changed on disk since it was read, so nothing was written. Reload the page and try again.")
        case .hasErrors(_, let count):
            return Refusal(status: .conflict, message: "The budget has \(count) error\(count == 1 ? "" : "s") (see Diagnostics); nothing was written.")
        case .wouldAddErrors(let edited):
            let message = edited.firstError.map { "\($0.code): \($0.message)" } ?? "an error"
            return Refusal(status: .unprocessable, message: "That would make the budget wrong (\(message)); nothing was written.")
        default:
            return Refusal(status: .internalError, message: "Nothing was written: \(error).")
        }
    }
}
