import TallyCore
import TallySyntax

/// Editing one dated entry from the page its row is on: a purchase, a transfer between
/// wallets (between currencies too: both sides), a `fill` or a `move` (a recorded
/// recurring entry is one of these, its `rule` kept). A form saved as it was drawn
/// writes nothing and says so (``Result/changed``). Its lines are replaced, in place, by what the form that adds such an entry
/// would write — a purchase's by ``AddEntry``'s draft (names found, signs by the one
/// rule, split parts), a `fill` or `move` line by ``EnvelopeMoney``'s — laid out by the
/// formatter and checked with the whole budget. The entry is named by an
/// ``EntryReference``: an edit of an entry that changed since it was shown is refused.
/// What the form does not show stays: the first line's `by`, `rule` and `goal` clauses
/// after the new first line (a transfer's, a fill's and a move's tags and payee too), the
/// metadata lines (a bank's `id:`) below the new lines; its comments go with the lines
/// they were on.
public enum EditEntry {
    /// What to change, and to what.
    public struct Request: Sendable {
        /// The budget's root file.
        public var root: String
        /// The entry, as it was shown.
        public var entry: EntryReference
        /// The new entry; of the kind the entry is (a purchase stays a purchase).
        public var change: Change
        /// The day the budget is checked as of (and `today` in a purchase's date means).
        public var today: CivilDate
        /// Work out the new lines and check them; write nothing.
        public var dryRun: Bool

        /// Creates the request.
        public init(root: String, entry: EntryReference, change: Change, today: CivilDate, dryRun: Bool = false) {
            self.root = root
            self.entry = entry
            self.change = change
            self.today = today
            self.dryRun = dryRun
        }

        /// A purchase's edit: the day and the dry run are the draft's.
        public init(root: String, entry: EntryReference, draft: AddEntry.Request) {
            self.init(root: root, entry: entry, change: .purchase(draft), today: draft.today, dryRun: draft.dryRun)
        }
    }

    /// The new entry, with the fields of the form that adds one of its kind, as typed.
    public enum Change: Sendable {
        /// A purchase or income: the add form's fields. Its `file` is not read: the entry
        /// stays in its file, on its line.
        case purchase(AddEntry.Request)
        /// `DATE ["payee"] ["note"] transfer FROM -> TO AMOUNT [= RECEIVED CODE | @ RATE
        /// CODE]`: wallets' names, an amount (``TypedAmount``, not zero) in the sending
        /// wallet's currency, a note (empty for none); between currencies what arrived or
        /// the rate (one of them; both empty between wallets of one currency).
        case transfer(date: String, from: String, to: String, amount: String, note: String, received: String = "", rate: String = "")
        /// `DATE fill ENVELOPE AMOUNT`, as ``EnvelopeMoney`` writes it.
        case fill(date: String, envelope: String, amount: String)
        /// `DATE move FROM -> TO AMOUNT`, as ``EnvelopeMoney`` writes it.
        case move(date: String, from: String, to: String, amount: String)
    }

    /// What was changed.
    public struct Result: Sendable {
        /// The file.
        public let file: String
        /// The entry's lines before, and as written.
        public let replaced: [String], lines: [String]
        /// What was filled in, in words (``AddEntry/Result/completed``).
        public let completed: [String]
        /// The lines written, the warnings they raise and what takes the edit back.
        public let effects: WriteEffects
        /// False when the change asked for the entry as its form shows it: nothing was
        /// written (`lines` are the entry's as they are), and there is nothing to undo.
        public var changed = true
    }

    /// Edits the entry, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        try BudgetWriteLock.holding(request.root) { () throws(ActionRefusal) in try edit(request) }
    }

    /// The new lines, the date they are for and what was filled in.
    struct Written {
        var lines: [String]
        var date: CivilDate
        var completed: [String] = []
    }

    private static func edit(_ request: Request) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: request.root, today: request.today) } catch { throw .edit(error) }
        let model = editor.model
        let located = try LocatedEntry(request.entry, in: editor)
        if isUnchanged(request.change, located, budget: editor.budget, model: model) {
            return Result(
                file: located.path, replaced: located.lines, lines: located.lines, completed: [], effects: WriteEffects(lines: [], warnings: []), changed: false)
        }
        var written: Written
        if case .purchase(let purchase) = request.change {
            if located.converts, model.entries[located.index].transaction != nil {
                throw .request("the entry on line \(request.entry.line) converts a currency (`=` or `@`), and the form has the wallet's amount only; edit it in the file, or delete it here")
            }
            written = try self.purchase(purchase, located, model: model)
        } else {
            written = try movement(request.change, located, model: model)
        }
        written.lines[0] += located.clauses.map { " " + $0 }.joined()
        written.lines += located.metadataLines
        var edit = editor.edit()
        let bytes = located.replacing(with: written.lines)
        edit.replace(located.path, with: bytes)
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { throw .edit(error) }
        guard edited.model.entries.count == model.entries.count else {
            throw .budget("the edited entry would not read back as one entry; nothing written")
        }
        if !request.dryRun {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        // The formatter never joins or splits lines: the new lines start on the entry's line.
        let (span, lines) = LocatedEntry.lines(of: bytes, from: request.entry.line - 1, count: written.lines.count)
        let warnings = edited.diagnostics.filter { $0.severity == .warning && $0.file == located.path && span.contains($0.range.start) }
        let effects = WriteEffects(
            lines: lines, before: model, after: edited.model, dates: [model.entries[located.index].date, written.date], today: request.today,
            diagnostics: warnings, undo: request.dryRun ? nil : WriteUndo(edited))
        return Result(file: located.path, replaced: located.lines, lines: lines, completed: written.completed, effects: effects)
    }

    /// Whether `change` asks for the entry as its form shows it (``fields(of:budget:model:)``,
    /// ``movementFields(of:budget:model:)``): then nothing is written, whatever the
    /// entry's spelling (`+50.00`, `50`, a negative amount, a category left out).
    private static func isUnchanged(_ change: Change, _ located: LocatedEntry, budget: Budget, model: BudgetModel) -> Bool {
        if case .purchase(let request) = change {
            return fields(of: located.index, budget: budget, model: model)?.areAsked(by: request) ?? false
        }
        return MovementFields(change) == movementFields(of: located.index, budget: budget, model: model)
    }

    /// A purchase's new lines, from the add form's fields.
    private static func purchase(_ request: AddEntry.Request, _ located: LocatedEntry, model: BudgetModel) throws(ActionRefusal) -> Written {
        guard case .transaction = model.entries[located.index].kind else { throw mismatch(located, model) }
        let draft: EntryDraft
        do { draft = try EntryDraft(request, model: model) } catch { throw .request(error.message) }
        let lines = draft.lines(note: request.note, tags: draft.tags(request.tags), model: model)
        return Written(lines: lines, date: draft.date, completed: draft.completed + [draft.markerNote(request.tags)].compactMap { $0 })
    }

    /// Why no form edits `model.entries[index]`, in words for its edit page; nil when one
    /// does. A purchase paid in another currency has the wallet's amount only in the
    /// form, which would lose what was paid; an assertion, a rate, a skip or a goal
    /// contribution has no form.
    public static func noForm(for index: Int, model: BudgetModel) -> String? {
        let entry = model.entries[index]
        if entry.transaction != nil {
            return entry.paid == nil ? nil : "it was paid in another currency, and the form has the wallet's amount only"
        }
        switch entry.kind {
        case .transfer, .fill, .move: return nil
        default: return "only purchases, transfers, fills and moves have a form"
        }
    }

    /// The refusal of a form of another kind than the entry's.
    static func mismatch(_ located: LocatedEntry, _ model: BudgetModel) -> ActionRefusal {
        let what: String
        switch model.entries[located.index].kind {
        case .transaction: what = "a purchase"
        case .transfer: what = "a transfer"
        case .fill: what = "a fill"
        case .move: what = "a move"
        default: what = "not a purchase, transfer, fill or move"
        }
        return .request("the entry on line \(located.reference.line) is \(what); edit it with its own form, or in the file")
    }
}
