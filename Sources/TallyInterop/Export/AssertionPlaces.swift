import TallyCore
import TallySyntax

/// Where the export writes each `assert` in hledger and ledger: on the wallet's last
/// posting of its day, as those journals write a balance assertion (`assets:checking
/// 1935.00 USD = 4870.00 USD`), or as a transaction of its own (a posting of zero that
/// only asserts) when the wallet has no posting that day or the assertion keeps the
/// description of the peer transaction it was (`entry: "check"`, from `tally convert`).
/// Both check the balance at the end of Tally's day: entries are written in date order,
/// an assertion after every entry of its day.
struct AssertionPlaces {
    /// Per entry index, the wallets whose posting in it carries an assertion, and the
    /// balance asserted.
    private(set) var onEntry: [Int: [(wallet: Int, balance: Money, zeroPosting: Bool)]] = [:]
    /// The assertions written on a posting (not on their own).
    private(set) var attached = Set<Int>()

    init(model: BudgetModel, format: PeerFormat, source: EntrySource) {
        guard format != .beancount else { return }
        // The last entry of the day that moves each wallet.
        // An opening is the wallet's first movement (its entry index is ``opening(_:)``).
        var last: [Int: (index: Int, date: CivilDate)] = [:]
        for (w, wallet) in model.wallets.enumerated() {
            if let date = wallet.openingDate { last[w] = (AssertionPlaces.opening(w), date) }
        }
        for (index, entry) in model.entries.enumerated() {
            switch entry.kind {
            case .transaction(let w, _, _): last[w] = (index, entry.date)
            case .transfer(let from, let to, _, _):
                last[from] = (index, entry.date)
                last[to] = (index, entry.date)
            case .assertion(let w, let balance):
                guard let (place, date) = last[w], date == entry.date, source.metadataValue(of: entry, AccountNames.assertionEntryKey) == nil else { continue }
                let zero = source.metadataValue(of: entry, AccountNames.zeroPostingKey) != nil
                onEntry[place, default: []].append((w, balance, zero))
                attached.insert(index)
            default: break
            }
        }
    }

    /// The place of wallet `w`'s opening among the entries' indices.
    static func opening(_ w: Int) -> Int { -1 - w }

    /// The balances asserted on the wallets' postings in entry `index`, by wallet.
    func balances(entry index: Int) -> [Int: Money] {
        guard !onEntry.isEmpty, let list = onEntry[index] else { return [:] }
        var result: [Int: Money] = [:]
        for a in list where !a.zeroPosting { result[a.wallet] = a.balance }
        return result
    }

    /// The assertions written as a posting of zero after the others of entry `index`.
    func zeroPostings(entry index: Int) -> [(wallet: Int, balance: Money)] {
        guard !onEntry.isEmpty else { return [] }
        return onEntry[index]?.filter(\.zeroPosting).map { ($0.wallet, $0.balance) } ?? []
    }
}

extension JournalExporter {
    /// ` = BALANCE` after wallet `w`'s amount when `asserted` has its balance.
    func assertion(_ asserted: [Int: Money], _ w: Int) -> String {
        asserted.isEmpty ? "" : asserted[w].map { " = " + amount($0, model.wallets[w].currency) } ?? ""
    }
}
