import TallyCore
import TallySyntax

/// A movement the budget holds under another kind of id than a statement gives it
/// (``MovementIdentity/Kind``): the same month downloaded as CSV and then as CAMT (the
/// CSV's rows got fingerprints, the CAMT's entries carry the bank's references), or a
/// CSV imported before its rows were fingerprinted by their cells (`fp:` ids, made of
/// the payee and description the profile of the day chose). Grammar.md §7.3, "Identity".
///
/// A row whose id nothing holds is the movement of an entry of its wallet dated the same
/// day, with the same amount, whose id is of another kind and is not one the row's own
/// statement gives (that statement names that movement itself). One entry is one row:
/// two equal coffees of a day in the budget are two rows of the statement, and a third
/// is new. Ids of one kind are never bridged: a bank id the budget lacks is a new
/// movement, whatever its day and amount, so two notices (CAMT.054) of equal amounts on
/// one day stay two movements.
struct IdentityFallback {
    /// A movement held: its id and where it is.
    struct Held {
        let id: String
        let kind: MovementIdentity.Kind
        /// The file, or the statement, holding it.
        let place: String
    }

    private struct Key: Hashable {
        let date: CivilDate
        let amount: Money
    }

    private var held: [Key: [Held]] = [:]

    /// The movements of `wallet` the budget holds with an id on one of `days` (the days
    /// the statements list; no other can be a row's): its transactions and the sides of
    /// its transfers that have one (by the amount the wallet shows for them).
    init(model: BudgetModel, wallet: Int, transfers: TransferSides, days: Set<CivilDate>) {
        // Entries read in place: a copy of each of 100k would cost more than the look-ups.
        for i in model.entries.indices where days.contains(model.entries[i].date) {
            guard let t = model.entries[i].transaction, t.wallet == wallet, let id = model.entries[i].bankID else { continue }
            add(id: id, date: model.entries[i].date, amount: t.amount, place: model.entries[i].location.file)
        }
        for (i, sides) in transfers.sides {
            let entry = model.entries[i]
            guard days.contains(entry.date), let (from, to, sent, received) = entry.transfer else { continue }
            if from == wallet, let id = sides.from { add(id: id, date: entry.date, amount: sent.negated, place: entry.location.file) }
            if to == wallet, let id = sides.to { add(id: id, date: entry.date, amount: received, place: entry.location.file) }
        }
    }

    /// Records a movement this import gives the wallet, for the statements after its own.
    mutating func add(id: String, date: CivilDate, amount: Money, place: String) {
        held[Key(date: date, amount: amount), default: []].append(Held(id: id, kind: MovementIdentity.kind(of: id), place: place))
    }

    /// The held movement `row` (whose id is `id`) is, taken so that it is no other row's;
    /// nil when there is none. `named` holds every id the row's statement gives.
    mutating func take(_ row: StatementRow, id: String, named: Set<String>) -> Held? {
        let key = Key(date: row.date, amount: row.amount)
        let kind = MovementIdentity.kind(of: id)
        guard let candidates = held[key], let i = candidates.firstIndex(where: { $0.kind != kind && !named.contains($0.id) }) else { return nil }
        held[key]!.remove(at: i)
        return candidates[i]
    }
}
