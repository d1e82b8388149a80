import TallySyntax

/// The first pass over the entries in date order: entries that are reported and then left
/// out of every figure (an entry booked on a wallet outside its open dates, E0405; a
/// transaction repeating an earlier one's bank id, E0411, the later one being the copy),
/// and the bound that keeps every total exact (``TotalsBound``), summed on the way.
extension Walk {
    /// Reports the entries left out and takes them out of `entries`, the array every later
    /// check and the model read (the array with them stays in `allEntries`, for the next
    /// lowering, unless ``keepsAllEntries`` is false), sets `totalsAreExact`, and gathers the
    /// exchange rates of the entries kept, in date order, for the checks that convert.
    mutating func screenEntries() {
        if keepsAllEntries { allEntries = entries }
        let entries = self.entries
        var leftOut: [Int] = []
        var bound = TotalsBound(l)
        var crossedAt: SourceLocation?
        for (w, wallet) in l.wallets.enumerated() where crossedAt == nil && !bound.add(wallet.opening, bound.walletCurrency[w]) {
            crossedAt = wallet.location
        }
        var firstMoney: CivilDate?
        let walletCurrency = bound.walletCurrency
        var bankIDs = FirstBankIDUses()
        // Only the dates are read per entry: most wallets have neither date.
        let opens = l.wallets.map(\.openingDate)
        let closes = l.wallets.map(\.closed)
        for index in entries.indices {
            let date = entries[index].date
            guard bookedOnOpenWallets(index, entries, opens: opens, closes: closes) else {
                leftOut.append(index)
                continue
            }
            // An entry left out for its dates does not claim its bank id.
            if let key = entries[index].bankIDKey, let first = bankIDs.firstUse(key, of: index, in: entries) {
                reportDuplicateID(index, first: first, entries)
                leftOut.append(index)
                continue
            }
            // Rates are gathered here, before the checks, which read them from both lanes.
            if case .other(.rate(let base, let rate, let quote)) = entries[index].stored {
                rates[base + "/" + quote, default: []].append((date, rate))
            }
            if firstMoney == nil && entries[index].movesMoney { firstMoney = date }
            if crossedAt == nil && !Walk.add(index, entries, to: &bound, walletCurrency: walletCurrency) {
                crossedAt = entries[index].location
            }
        }
        if crossedAt == nil { crossedAt = addPlannedEnvelopes(to: &bound, firstMoney: firstMoney, lastEntry: entries.last?.date) }
        if let crossedAt {
            reportTotalsTooLarge(at: crossedAt)
        } else if let rate = bound.addConversions() {
            reportTotalsTooLarge(at: rate, rate: true)
        }
        totalsAreExact = !bound.crossed
        guard !leftOut.isEmpty else { return }
        if keepsAllEntries {
            self.entries = Walk.entries(entries, without: leftOut)
        } else {
            // The local copy goes first, so that the array is not shared when changed.
            _ = consume entries
            Walk.remove(leftOut, from: &self.entries)
        }
    }

    /// Takes the entries at `leftOut` (ascending) out of `entries` in place, the others
    /// keeping their order.
    static func remove(_ leftOut: [Int], from entries: inout [Entry]) {
        var next = 0
        var kept = 0
        for index in entries.indices {
            if next < leftOut.count && leftOut[next] == index {
                next += 1
                continue
            }
            if kept != index { entries.swapAt(kept, index) }
            kept += 1
        }
        entries.removeLast(entries.count - kept)
    }

    /// True when every wallet entry `index` is booked on is open on its date; E0405 for
    /// each that is not.
    @inline(__always)
    mutating func bookedOnOpenWallets(_ index: Int, _ entries: [Entry], opens: [CivilDate?], closes: [CivilDate?]) -> Bool {
        let date = entries[index].date
        func isOpen(_ wallet: Int) -> Bool {
            !(opens[wallet].map { date < $0 } ?? false) && !(closes[wallet].map { date > $0 } ?? false)
        }
        var open = true
        if let (wallet, _) = entries[index].transaction {
            if !isOpen(wallet) { reportNotOpen(wallet, entry: index); open = false }
        } else {
            switch entries[index].stored {
            case .other(.transfer(let from, let to, _, _)):
                if !isOpen(from) { reportNotOpen(from, entry: index); open = false }
                if !isOpen(to) { reportNotOpen(to, entry: index); open = false }
            case .other(.assertion(let wallet, _)):
                if !isOpen(wallet) { reportNotOpen(wallet, entry: index); open = false }
            default:
                break
            }
        }
        return open
    }

    /// Adds what entry `index` moves to `bound`; false when a total would no longer be exact.
    @inline(__always)
    static func add(_ index: Int, _ entries: [Entry], to bound: inout TotalsBound, walletCurrency: [Int]) -> Bool {
        guard let (wallet, amount) = entries[index].transaction else { return bound.add(other: entries[index].stored, location: entries[index].location) }
        let currency = walletCurrency[wallet]
        let count = entries[index].postingCount
        // A transaction with no category yet (I0601) moves its wallet only.
        var fits = true
        if count == 0 { fits = bound.add(amount, currency) }
        for p in 0 ..< count where fits { fits = bound.add(entries[index].posting(p).amount, currency) }
        return fits
    }

    /// Adds to `bound` what every period of each planned envelope takes from ready to
    /// assign; the envelope whose plan a total could not hold exactly, nil when none.
    mutating func addPlannedEnvelopes(to bound: inout TotalsBound, firstMoney: CivilDate?, lastEntry: CivilDate?) -> SourceLocation? {
        let first = firstMoney ?? today
        let horizon = today.adding(years: 5) ?? today
        let last = max(today, min(lastEntry ?? today, horizon))
        for envelope in l.envelopes {
            guard let planned = envelope.planned else { continue }
            let periods = Int64(periodStarts(envelope, from: first, through: last).count)
            if !bound.add(planned, bound.target, times: max(periods, 1)) { return envelope.location }
        }
        return nil
    }

    /// E0411 on entry `index`, whose bank id entry `first` used first.
    mutating func reportDuplicateID(_ index: Int, first: Int, _ entries: [Entry]) {
        let id = entries[index].bankID!
        let firstLocation = entries[first].location
        report(
            .duplicateID, "the bank id `\(id)` is already used by another transaction; this one is left out",
            entries[index].location,
            help: "the same bank movement was entered twice, perhaps by importing a statement again",
            notes: [DiagnosticNote(file: firstLocation.file, range: firstLocation.range, message: "first used here")])
    }

    /// `entries` without those at the indices `leftOut` lists, in increasing order.
    static func entries(_ entries: [Entry], without leftOut: [Int]) -> [Entry] {
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count - leftOut.count)
        var next = 0
        for index in entries.indices {
            if next < leftOut.count && leftOut[next] == index {
                next += 1
                continue
            }
            kept.append(entries[index])
        }
        return kept
    }

    /// E0405 on entry `entry` for `wallet`.
    mutating func reportNotOpen(_ wallet: Int, entry: Int) {
        let w = l.wallets[wallet]
        let e = entries[entry]
        if let opening = w.openingDate, e.date < opening {
            report(
                .walletNotOpen, "\(w.name) opens on \(opening); this entry is dated \(e.date), before it, and is left out", e.location,
                notes: [DiagnosticNote(file: w.location.file, range: w.location.range, message: "\(w.name) is declared here")])
        } else if let closed = w.closed, e.date > closed {
            report(
                .walletNotOpen, "\(w.name) was closed on \(closed); nothing may be booked on it after that, so this entry is left out", e.location,
                notes: [DiagnosticNote(file: w.location.file, range: w.location.range, message: "\(w.name) is declared here")])
        }
    }
}

/// The first use of each bank id met so far, in date order: by its bytes while every id
/// met is ASCII (as bank ids are), where equal bytes and equal strings agree; from the
/// first that is not, as strings, which compare canonically equivalent spellings as equal
/// (the ids met before it move over to the strings' table). Ids are found by the hash each
/// entry keeps (`Entry.bankIDTag`): an id itself, out of line and a cache miss to reach,
/// is read only when two hashes agree.
private struct FirstBankIDUses {
    var asciiIDs = true
    var ids: [String: Int] = [:]
    var idTable = BankIDTable()

    /// The earlier entry that used the bank id of entry `index` (whose key is `key`); nil when
    /// none did, and `index` is then recorded as its first use.
    @inline(__always)
    mutating func firstUse(_ key: (hash: UInt32, isASCII: Bool), of index: Int, in entries: [Entry]) -> Int? {
        var first: Int?
        if asciiIDs {
            if key.isASCII {
                // Two ASCII ids are equal strings exactly when their bytes are equal.
                first = idTable.firstOrInsert(hash: key.hash, entry: index) { entries[$0].bankID == entries[index].bankID }
            } else {
                asciiIDs = false
                for entry in idTable.firstEntries { ids[entries[entry].bankID!] = entry }
            }
        }
        if !asciiIDs {
            let id = entries[index].bankID!
            first = ids[id]
            if first == nil { ids[id] = index }
        }
        return first
    }
}
