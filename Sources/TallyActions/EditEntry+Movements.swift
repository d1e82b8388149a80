import TallyCore
import TallySyntax

extension EditEntry {
    /// A transfer's, a fill's or a move's fields as its edit form shows them, so that
    /// saving the form unchanged writes nothing (``Result/changed``).
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
        /// a move's as written (``EnvelopeMoney`` writes it as typed). Negative when the
        /// file has it so (Grammar.md §3.11, §3.12): an edit keeps the sign it is given.
        public var amount: String
        /// A transfer's note; empty for none, and for a fill or a move (their form has none).
        public var note: String
        /// A transfer between currencies written with `= AMOUNT`: what arrived, in the
        /// receiving wallet's decimals and without its code; empty otherwise.
        public var received: String
        /// A transfer between currencies written with `@ RATE`: the rate as written;
        /// empty otherwise.
        public var rate: String

        /// The change saving these fields asks for.
        public var change: Change {
            switch kind {
            case .transfer: .transfer(date: date, from: from, to: to, amount: amount, note: note, received: received, rate: rate)
            case .fill: .fill(date: date, envelope: to, amount: amount)
            case .move: .move(date: date, from: from, to: to, amount: amount)
            }
        }

        /// Creates the fields.
        public init(kind: Kind, date: String, from: String = "", to: String, amount: String, note: String = "", received: String = "", rate: String = "") {
            (self.kind, self.date, self.from, self.to, self.amount, self.note) = (kind, date, from, to, amount, note)
            (self.received, self.rate) = (received, rate)
        }

        /// The fields `change` holds, with the spaces a form may add around a date or an
        /// amount taken off; nil for a purchase.
        init?(_ change: Change) {
            func trimmed(_ text: String) -> String { text.trimmingSpaces() }
            switch change {
            case .purchase: return nil
            case .transfer(let date, let from, let to, let amount, let note, let received, let rate):
                self.init(
                    kind: .transfer, date: trimmed(date), from: from, to: to, amount: trimmed(amount), note: note, received: trimmed(received), rate: trimmed(rate))
            case .fill(let date, let envelope, let amount): self.init(kind: .fill, date: trimmed(date), to: envelope, amount: trimmed(amount))
            case .move(let date, let from, let to, let amount): self.init(kind: .move, date: trimmed(date), from: from, to: to, amount: trimmed(amount))
            }
        }
    }

    /// The fields of `model.entries[index]`, its conversion read from the file `budget`
    /// holds it in; nil for an entry that is not a transfer, a fill or a move.
    public static func movementFields(of index: Int, budget: Budget, model: BudgetModel) -> MovementFields? {
        let entry = model.entries[index]
        guard entry.transaction == nil else { return nil }
        let date = entry.date.description
        switch entry.kind {
        case .transfer(let from, let to, let sent, let received):
            let decimals = model.decimals(of: model.wallets[from].currency)
            var fields = MovementFields(
                kind: .transfer, date: date, from: model.wallets[from].name, to: model.wallets[to].name, amount: sent.text(.atLeast(decimals), currency: ""),
                note: entry.note ?? "")
            if let node = entryNode(at: entry.location, kind: .transfer, in: budget).flatMap(TransferSyntax.init) {
                if let rate = node.rate {
                    fields.rate = rate.number
                } else if node.received != nil {
                    fields.received = received.text(.atLeast(model.decimals(of: model.wallets[to].currency)), currency: "")
                }
            }
            return fields
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
        case (.transfer(let day, let from, let to, let amount, let typedNote, let received, let rate), .transfer):
            date = try EnvelopeMoney.date(day)
            let (sender, receiver) = (try wallet(from, model), try wallet(to, model))
            guard sender != receiver else { throw .request("a transfer needs two different wallets") }
            let sent = try signedAmount(amount)
            let value = sent.text(.atLeast(model.decimals(of: model.wallets[sender].currency)), currency: "")
            let conversion = try self.conversion(sent: sent, received: received, rate: rate, from: model.wallets[sender], to: model.wallets[receiver], model)
            body = SourceWriter.transfer(date: date, from: model.wallets[sender].name, to: model.wallets[receiver].name, amount: value + conversion)
            note = typedNote.isEmpty ? nil : typedNote
        case (.fill(let day, let envelope, let amount), .fill):
            date = try EnvelopeMoney.date(day)
            body = try EnvelopeMoney.line(.fill(envelope: envelope), date: date, amount: try signedAmount(amount), names: model.envelopes.map(\.name))
        case (.move(let day, let from, let to, let amount), .move):
            date = try EnvelopeMoney.date(day)
            body = try EnvelopeMoney.line(.move(from: from, to: to), date: date, amount: try signedAmount(amount), names: model.envelopes.map(\.name))
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

    /// An edited transfer's, fill's or move's amount (``TypedAmount``): any but zero. The
    /// add forms ask for one above zero, the direction being what they choose; a file
    /// may hold a negative one (Grammar.md §3.11, §3.12), and its edit form shows and
    /// keeps it.
    static func signedAmount(_ text: String) throws(ActionRefusal) -> Money {
        let typed: String
        do { typed = try TypedAmount.read(text) } catch { throw .request(error.message(example: "write it like 25.00 or -25.00")) }
        guard let amount = Money(typed), amount != .zero else { throw .request("`\(text)` is not an amount other than zero; write it like 25.00") }
        return amount
    }

    /// What follows the amount sent of a transfer from `from` to `to`: nothing between
    /// wallets of one currency; between two, ` = AMOUNT CODE` (what arrived, with the
    /// sign of what was sent) or ` @ RATE CODE` (above zero), exactly one of the two, as
    /// Grammar.md §3.11 requires.
    private static func conversion(sent: Money, received: String, rate: String, from: Wallet, to: Wallet, _ model: BudgetModel) throws(ActionRefusal) -> String {
        let (received, rate) = (received.trimmingSpaces(), rate.trimmingSpaces())
        guard from.currency != to.currency else {
            guard received.isEmpty, rate.isEmpty else {
                throw .request("\(from.name) and \(to.name) both hold \(from.currency): leave the amount received and the rate empty")
            }
            return ""
        }
        switch (received.isEmpty, rate.isEmpty) {
        case (true, true):
            throw .request("\(from.name) holds \(from.currency) and \(to.name) \(to.currency): give the amount received (in \(to.currency)) or the rate")
        case (false, false):
            throw .request("give the amount received or the rate, not both")
        case (false, true):
            let amount = try signedAmount(received)
            guard amount.isNegative == sent.isNegative else { throw .request("the amounts sent and received have one sign") }
            return " = " + amount.text(.atLeast(model.decimals(of: to.currency)), currency: "") + " " + to.currency
        case (true, false):
            let typed: String
            do { typed = try TypedAmount.read(rate) } catch { throw .request(error.message(example: "write it like 1.08")) }
            guard let value = Money(typed), value > .zero else { throw .request("`\(rate)` is not a rate above zero; write it like 1.08") }
            return " @ " + value.description + " " + to.currency
        }
    }

    /// The wallet named `name`, as written or in another case when only one matches.
    private static func wallet(_ name: String, _ model: BudgetModel) throws(ActionRefusal) -> Int {
        let names = model.wallets.map(\.name)
        guard let index = EntryDraft.named(name, in: names) else { throw .request(EntryDraft.unknownName("wallet", name, names).message) }
        return index
    }
}
