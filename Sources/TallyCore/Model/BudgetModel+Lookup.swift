import TallySyntax

/// Indexed look-ups for tools that ask many small questions (the language server's hover
/// and inlay hints): each answers by binary search over the histories the walk recorded,
/// never by scanning every entry.
extension BudgetModel {
    /// The wallet's balance right after entry `entry` (an index into ``entries``), or nil
    /// when the entry does not touch the wallet. Binary search over the wallet's history.
    public func balance(of wallet: Int, rightAfter entry: Int) -> Money? {
        guard walletHistory.indices.contains(wallet) else { return nil }
        let history = walletHistory[wallet]
        var low = 0
        var high = history.count
        while low < high {
            let mid = (low + high) / 2
            if history[mid].entry < entry { low = mid + 1 } else { high = mid }
        }
        // An entry may touch a wallet twice (a transfer to itself); the last figure counts.
        var found: Money?
        while low < history.count && history[low].entry == entry {
            found = history[low].balance
            low += 1
        }
        return found
    }

    /// The envelope's figures for the period containing `date`, by binary search over its
    /// periods (which are in date order), or ahead of them as ``envelopeStatus(_:at:)``.
    public func envelopePeriod(_ envelope: Int, containing date: CivilDate) -> EnvelopeStatus? {
        guard envelopePeriods.indices.contains(envelope) else { return nil }
        let periods = envelopePeriods[envelope]
        var low = 0
        var high = periods.count
        while low < high {
            let mid = (low + high) / 2
            if periods[mid].end < date { low = mid + 1 } else { high = mid }
        }
        guard low < periods.count, periods[low].start <= date, date <= periods[low].end else {
            return periodsAhead(envelope, through: date).last { $0.start <= date && date <= $0.end }
        }
        return periods[low]
    }

    /// The envelopes whose spending a posting in `category` from `wallet` counts in:
    /// expense categories only, children included, `for *` covering all, and only from the
    /// wallets an envelope is limited to. Linear in the number of envelopes.
    public func envelopes(covering category: Int, from wallet: Int?) -> [Int] {
        guard categories.indices.contains(category) else { return [] }
        let c = categories[category]
        return envelopes.indices.filter { e in
            let envelope = envelopes[e]
            guard envelope.covers(c) else { return false }
            guard let wallet else { return true }
            return envelope.wallets.isEmpty || envelope.wallets.contains(wallet)
        }
    }
}
