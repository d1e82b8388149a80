import TallyCore
import TallySyntax

/// What importing statements into one wallet of a budget would do with each row, decided
/// before anything is written. Every row gets exactly one outcome.
///
/// Rows are taken statement by statement, oldest first. A row whose id (see
/// `MovementIdentity`) the budget already holds, or an earlier statement of this import
/// gave, is already present; so is one the budget or an earlier statement holds under
/// another kind of id (``IdentityFallback``). A row that a hand-entered transaction records (same wallet
/// and amount, no id, dated at most `matchDays` days apart; the closest date first, then
/// the earlier entry) is matched, and that transaction is taken: it matches no second
/// row. A row that fits an open side of a transfer between this wallet and another (same
/// amount, money going the side's way, at most `matchDays` apart; ``TransferSides``) is
/// that side, before any hand-entered transaction is tried. A row whose first matching
/// `match` rule is a transfer rule is added as a transfer. Every other row is added,
/// with a category when the `Categorizer` finds one.
///
/// Before all of that, a row's amount is written with the wallet's currency's decimals
/// (Grammar.md §7.3): zeros beyond them are dropped (`-30.000` → `-30.00`); a row with any
/// other digit beyond them (`0.4167` in EUR) is rounded half away from zero when its
/// statement states a closing balance in the currency's decimals, whose `assert` then
/// checks the rounding against the bank's own figure (``Decision/rounded``), and else
/// refused.
public struct ImportPlan: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// To be written; `category` nil when none was found.
        case add(category: Categorizer.Choice?)
        /// The budget (or an earlier statement of this import) has it.
        case present(reason: String)
        /// A hand-entered transaction records it: the model's entry index.
        case matched(entry: Int)
        /// Not written, for the reason given (an amount finer than the currency).
        case refused(reason: String)
        /// One side of a transfer the budget has, whose side was open: the model's entry
        /// index and the key (``TransferSides/fromKey`` or `toKey`) its id goes under.
        case transferSide(entry: Int, key: String)
        /// To be written as a transfer with `wallet`, as the transfer rule `rules[rule]`
        /// says (an index, so that each decision stays small to copy).
        case addTransfer(wallet: Int, rule: Int)
    }

    public struct Decision: Sendable {
        public let statement: String
        public let row: StatementRow
        /// The id the entry carries (`id:`): the bank's, or a fingerprint.
        public let id: String
        public let outcome: Outcome
        /// Why the id is not the bank's own as it stands: another movement has that one
        /// (see ``SharedBankID``).
        public var note: String?
        /// The amount as the statement writes it, when it had more decimals than the
        /// currency and `row.amount` is it rounded (for the closing balance to confirm).
        public var rounded: Money?
    }

    /// How far apart (in days) a hand-entered transaction and a statement row may be dated.
    public static let matchDays = 3

    public let wallet: Int
    public let decisions: [Decision]
    /// The `match` rules the plan applied (a transfer outcome names one by its index).
    public let rules: [MatchRule]
    /// The categorizer the plan used, for suggestions.
    public let categorizer: Categorizer

    public init(model: BudgetModel, wallet: Int, statements: [Statement], rules: [MatchRule] = [], transfers: TransferSides = TransferSides()) {
        self.wallet = wallet
        self.rules = rules
        let walletName = model.wallets[wallet].name
        let currency = model.wallets[wallet].currency, decimals = model.decimals(of: currency)
        var known: [String: SharedBankID.Holder] = [:]
        // Hand-entered transactions of this wallet without an id, by amount.
        var open: [Money: [Int]] = [:]
        // Entries read in place (a copy of each would cost more than the look-up); the
        // tables are sized once rather than grown step by step.
        known.reserveCapacity(model.entries.count / 2)
        open.reserveCapacity(model.entries.count / 4)
        for i in model.entries.indices {
            if let id = model.entries[i].bankID {
                if known[id] == nil { known[id] = SharedBankID.Holder(model.entries[i]) }
            } else if let t = model.entries[i].transaction, t.wallet == wallet {
                open[t.amount, default: []].append(i)
            }
        }
        let (openSides, sideIDs) = Self.openTransferSides(model: model, wallet: wallet, transfers: transfers)
        for (id, date, file) in sideIDs where known[id] == nil { known[id] = SharedBankID.Holder(date: date, file: file) }
        let transferRules = rules.contains { $0.transfer != nil }
        var otherKinds = IdentityFallback(model: model, wallet: wallet, transfers: transfers, days: Set(statements.flatMap { $0.rows.map(\.date) }))
        let categorizer = Categorizer(model: model, rules: rules)
        self.categorizer = categorizer
        var decisions: [Decision] = []
        var taken: Set<Int> = []
        var memo = Categorizer.TextMemo()
        var thisImport: [String: (path: String, row: StatementRow)] = [:]
        thisImport.reserveCapacity(statements.reduce(0) { $0 + $1.rows.count })
        for statement in statements {
            var rows = statement.rows
            var finer: Set<Int> = []
            var rounded: [Int: Money] = [:]
            // A rounding is taken only where the bank's closing balance will check it.
            let checked = statement.closingBalance?.exactly(places: decimals) != nil
            for i in rows.indices {
                if let exact = rows[i].amount.exactly(places: decimals) {
                    rows[i].amount = exact
                } else if checked, let near = rows[i].amount.multiplied(by: Money(units: 1, scale: 0), roundedTo: decimals) {
                    rounded[i] = rows[i].amount
                    rows[i].amount = near
                } else {
                    finer.insert(i)
                }
            }
            let ids = MovementIdentity.ids(of: rows, wallet: walletName)
            let named = Set(ids)
            for (i, (row, bankID)) in zip(rows, ids).enumerated() {
                let outcome: Outcome
                if finer.contains(i) {
                    outcome = .refused(
                        reason: "the amount \(row.amount) has more decimals than \(currency) has (\(decimals)), and they are not zeros; the statement states no closing balance to check a rounding")
                    decisions.append(Decision(statement: statement.path, row: row, id: bankID, outcome: outcome))
                    continue
                }
                let (id, shared) = SharedBankID.resolve(bankID, of: row, in: statement.path, known: known, thisImport: thisImport)
                if let there = known[id] {
                    outcome = .present(reason: "id \(id) is in the budget already (\(there.date), \(there.file))")
                } else if let earlier = thisImport[id] {
                    outcome = .present(reason: "id \(id) came already in \(earlier.path) line \(earlier.row.position.line)")
                } else if let other = otherKinds.take(row, id: id, named: named) {
                    outcome = .present(reason: "the movement of id \(other.id) (\(other.place)): the same day and amount, known by another kind of id")
                } else if let side = Self.closest((openSides[row.amount] ?? []).map(\.entry), to: row.date, in: model, excluding: taken) {
                    taken.insert(side)
                    outcome = .transferSide(entry: side, key: openSides[row.amount]!.first { $0.entry == side }!.key)
                } else if let entry = Self.closest(open[row.amount] ?? [], to: row.date, in: model, excluding: taken) {
                    taken.insert(entry)
                    outcome = .matched(entry: entry)
                } else if transferRules, let rule = rules.firstIndex(where: { $0.matches(row) }), let other = rules[rule].transfer {
                    outcome = .addTransfer(wallet: other, rule: rule)
                } else {
                    outcome = .add(category: categorizer.choose(row, memo: &memo))
                }
                if thisImport[id] == nil { thisImport[id] = (statement.path, row) }
                if case .present = outcome {} else { otherKinds.add(id: id, date: row.date, amount: row.amount, place: statement.path) }
                decisions.append(Decision(statement: statement.path, row: row, id: id, outcome: outcome, note: shared, rounded: rounded[i]))
            }
        }
        self.decisions = decisions
    }

    /// The open sides of transfers between `wallet` and another, by the amount a movement
    /// of `wallet` shows for them (the sent amount negated on the sending side), and the
    /// ids the transfers' closed sides carry.
    private static func openTransferSides(
        model: BudgetModel, wallet: Int, transfers: TransferSides
    ) -> (open: [Money: [(entry: Int, key: String)]], ids: [(String, CivilDate, String)]) {
        var open: [Money: [(entry: Int, key: String)]] = [:]
        var ids: [(String, CivilDate, String)] = []
        for (i, sides) in transfers.sides {
            for id in [sides.from, sides.to].compactMap({ $0 }) { ids.append((id, model.entries[i].date, model.entries[i].location.file)) }
        }
        for i in model.entries.indices {
            guard let (from, to, sent, received) = model.entries[i].transfer, from == wallet || to == wallet else { continue }
            let sides = transfers.sides[i]
            if from == wallet && sides?.from == nil { open[sent.negated, default: []].append((i, TransferSides.fromKey)) }
            if to == wallet && sides?.to == nil { open[received, default: []].append((i, TransferSides.toKey)) }
        }
        return (open, ids)
    }

    private static func closest(_ candidates: [Int], to date: CivilDate, in model: BudgetModel, excluding taken: Set<Int>) -> Int? {
        var best: (entry: Int, distance: Int)?
        for i in candidates where !taken.contains(i) {
            let distance = abs(model.entries[i].date.days(until: date))
            guard distance <= matchDays else { continue }
            if best == nil || distance < best!.distance { best = (i, distance) }
        }
        return best?.entry
    }
}
