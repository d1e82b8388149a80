import TallyCore
import TallySyntax

extension EditEntry {
    /// A transfer's, a fill's or a move's fields as its edit form shows them, so that
    /// saving the form unchanged writes the entry as it is.
    public struct MovementFields: Sendable, Equatable {
        /// Which form: `transfer`, `fill` or `move`.
        public enum Kind: String, Sendable {
            case transfer, fill, move
        }

        public var kind: Kind
        public var date: String
        /// The wallet (a transfer) or envelope (a move) the money leaves; empty for a fill.
        public var from: String
        /// The wallet (a transfer) or envelope (a fill, a move) the money reaches.
        public var to: String
        /// A transfer's as the model has it, in the sending wallet's decimals; a fill's or
        /// a move's as written (``EnvelopeMoney`` writes it as typed).
        public var amount: String
        /// A transfer's note; empty for none, and for a fill or a move (their form has none).
        public var note: String

        /// The change saving these fields asks for.
        public var change: Change {
            switch kind {
            case .transfer: .transfer(date: date, from: from, to: to, amount: amount, note: note)
            case .fill: .fill(date: date, envelope: to, amount: amount)
            case .move: .move(date: date, from: from, to: to, amount: amount)
            }
        }

        /// Creates the fields.
        public init(kind: Kind, date: String, from: String = "", to: String, amount: String, note: String = "") {
            (self.kind, self.date, self.from, self.to, self.amount, self.note) = (kind, date, from, to, amount, note)
        }
    }

    /// The fields of `model.entries[index]`; nil for an entry that is not a transfer, a
    /// fill or a move.
    public static func movementFields(of index: Int, model: BudgetModel) -> MovementFields? {
        let entry = model.entries[index]
        guard entry.transaction == nil else { return nil }
        let date = entry.date.description
        switch entry.kind {
        case .transfer(let from, let to, let sent, _):
            let decimals = model.decimals(of: model.wallets[from].currency)
            return MovementFields(
                kind: .transfer, date: date, from: model.wallets[from].name, to: model.wallets[to].name, amount: sent.text(.atLeast(decimals), currency: ""),
                note: entry.note ?? "")
        case .fill(let envelope, let amount):
            return MovementFields(kind: .fill, date: date, to: model.envelopes[envelope].name, amount: amount.description)
        case .move(let from, let to, let amount):
            return MovementFields(kind: .move, date: date, from: model.envelopes[from].name, to: model.envelopes[to].name, amount: amount.description)
        default:
            return nil
        }
    }

    /// A transfer's, a fill's or a move's new first line, from its form's fields; the
    /// entry's payee and tags kept as written (its form does not show them), and a fill's
    /// or a move's note.
    static func movement(_ change: Change, _ located: LocatedEntry, model: BudgetModel) throws(ActionRefusal) -> Written {
        let entry = model.entries[located.index]
        let tags = located.tags.map(SourceWriter.tag)
        var note = entry.note
        let body: String, date: CivilDate
        switch (change, entry.kind) {
        case (.transfer(let day, let from, let to, let amount, let typedNote), .transfer):
            date = try EnvelopeMoney.date(day)
            let (sender, receiver) = (try wallet(from, model), try wallet(to, model))
            guard sender != receiver else { throw .request("a transfer needs two different wallets") }
            let (sent, received) = (model.wallets[sender].currency, model.wallets[receiver].currency)
            guard sent == received else {
                throw .request("\(model.wallets[sender].name) holds \(sent) and \(model.wallets[receiver].name) \(received): say what arrived in the file (`= AMOUNT \(received)`)")
            }
            let value = try EnvelopeMoney.amount(amount).text(.atLeast(model.decimals(of: sent)), currency: "")
            body = SourceWriter.transfer(date: date, from: model.wallets[sender].name, to: model.wallets[receiver].name, amount: value)
            note = typedNote.isEmpty ? nil : typedNote
        case (.fill(let day, let envelope, let amount), .fill):
            date = try EnvelopeMoney.date(day)
            body = try EnvelopeMoney.line(.fill(envelope: envelope), date: date, amount: try EnvelopeMoney.amount(amount), names: model.envelopes.map(\.name))
        case (.move(let day, let from, let to, let amount), .move):
            date = try EnvelopeMoney.date(day)
            body = try EnvelopeMoney.line(.move(from: from, to: to), date: date, amount: try EnvelopeMoney.amount(amount), names: model.envelopes.map(\.name))
        default:
            throw mismatch(located, model)
        }
        // The writers begin with the date; a payee and a note go right after it.
        var texts: [String] = []
        if entry.payee != nil || note != nil { texts.append(SourceWriter.text(entry.payee ?? "")) }
        if let note { texts.append(SourceWriter.text(note)) }
        let dateText = SourceWriter.date(date)
        let line = ([dateText] + texts).joined(separator: " ") + body.dropFirst(dateText.count) + tags.map { " " + $0 }.joined()
        return Written(lines: [line], date: date)
    }

    /// The wallet named `name`, as written or in another case when only one matches.
    private static func wallet(_ name: String, _ model: BudgetModel) throws(ActionRefusal) -> Int {
        let names = model.wallets.map(\.name)
        guard let index = EntryDraft.named(name, in: names) else { throw .request(EntryDraft.unknownName("wallet", name, names).message) }
        return index
    }
}
