import TallyCore
import TallySyntax

/// Giving money to an envelope (`fill`) or moving it between two (`move`) — the web app's
/// Envelopes page: one line appended to the file of its budget that holds the date's
/// entries (``EntryTarget``), laid out by the formatter, checked in memory with the
/// whole budget, written through ``BudgetEditor``.
public enum EnvelopeMoney {
    /// Which line.
    public enum Kind: Sendable {
        /// `DATE fill ENVELOPE AMOUNT`.
        case fill(envelope: String)
        /// `DATE move FROM -> TO AMOUNT`.
        case move(from: String, to: String)
    }

    /// What to write.
    public struct Request: Sendable {
        /// A file of the budget: its root or any file it includes (the whole budget is read).
        public var file: String
        /// The budget's root file, when the front end knows it (the web app serves one):
        /// then no folder is searched for the file that includes `file`.
        public var root: String?
        /// `YYYY-MM-DD`.
        public var date: String
        public var kind: Kind
        /// An amount above zero as typed (`25.00`, `25,00`: ``TypedAmount``).
        public var amount: String
        /// The day the budget is checked as of.
        public var today: CivilDate

        /// Creates the request.
        public init(file: String, date: String, kind: Kind, amount: String, today: CivilDate, root: String? = nil) {
            self.file = file
            self.root = root
            self.date = date
            self.kind = kind
            self.amount = amount
            self.today = today
        }
    }

    /// What was written.
    public struct Result: Sendable {
        public let file: String
        /// The line, exactly as written.
        public let line: String
        /// Warnings the new line raises (an envelope now overspent, money not there to give).
        public let warnings: [Diagnostic]
        /// The line written and the warnings to answer with (``WriteEffects``).
        public let effects: WriteEffects
    }

    /// Writes the line, or says why nothing was written.
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        let date = try self.date(request.date), amount = try self.amount(request.amount)
        let root = request.root ?? EntryTarget.root(of: request.file)
        return try BudgetWriteLock.holding(root) { () throws(ActionRefusal) in try write(request, root: root, date: date, amount: amount) }
    }

    /// The day a form gave, read as `YYYY-MM-DD`.
    static func date(_ text: String) throws(ActionRefusal) -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw .request("`\(text)` is not a date; write YYYY-MM-DD") }
        return date
    }

    /// The amount a form gave (``TypedAmount``), above zero.
    static func amount(_ text: String) throws(ActionRefusal) -> Money {
        let typed: String
        do { typed = try TypedAmount.read(text) } catch { throw .request(error.message(example: "write it like 25.00")) }
        guard let amount = Money(typed), amount > .zero else { throw .request("`\(text)` is not an amount above zero; write it like 25.00") }
        return amount
    }

    /// The line for `kind`, its envelopes named as `names` has them: what this action
    /// appends and what ``EditEntry`` writes in a `fill` or `move` line's place.
    static func line(_ kind: Kind, date: CivilDate, amount: Money, names: [String]) throws(ActionRefusal) -> String {
        func envelope(_ name: String) throws(ActionRefusal) -> String {
            guard names.contains(name) else { throw .request("no envelope named `\(name)`") }
            return name
        }
        switch kind {
        case .fill(let name):
            return SourceWriter.fill(date: date, envelope: try envelope(name), amount: amount.description)
        case .move(let from, let to):
            guard from != to else { throw .request("moving money needs two different envelopes") }
            return SourceWriter.move(date: date, from: try envelope(from), to: try envelope(to), amount: amount.description)
        }
    }

    private static func write(_ request: Request, root: String, date: CivilDate, amount: Money) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: root, today: request.today) } catch { throw .edit(error) }
        let line = try self.line(request.kind, date: date, amount: amount, names: editor.model.envelopes.map(\.name))
        var edit = editor.edit()
        let path = try EntryTarget.file(for: date, in: editor.budget, model: editor.model)
        let start = edit.bytes(of: path).count
        let bytes = editor.budget.file(path)?.tree.source.bytes ?? []
        let written = EntryLayout.append([line], to: path, lineEnding: LineEnding.of(bytes), in: &edit)[0]
        let edited: EditedBudget
        do throws(BudgetEditError) {
            edited = try editor.check(edit)
            try editor.write(edited)
        } catch { throw .edit(error) }
        let warnings = edited.diagnostics.filter { $0.severity == .warning && $0.file == path && $0.range.start >= start }
        let effects = WriteEffects(
            lines: [written], before: editor.model, after: edited.model, dates: [date], today: request.today, diagnostics: warnings, undo: WriteUndo(edited))
        return Result(file: path, line: written, warnings: warnings, effects: effects)
    }
}
