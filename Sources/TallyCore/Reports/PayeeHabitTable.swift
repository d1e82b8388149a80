import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Every payee's habits (``BudgetModel/payeeHabits()``) with what each entry counted
/// in them, so that the model after an edit is answered by counting again only the payees
/// whose entries changed.
///
/// An edit changes a few entries; the habits of every payee take a pass over all of them
/// (on 100,000 entries, about 60 M instructions by callgrind on 2026-11-29: the first
/// payee completion after each edit waited for it). ``updated(for:)`` compares the new model's entries with what the
/// table kept of the old ones, from both ends, to find the stretch that differs; the
/// payees met in that stretch, before and after, are counted again over the new model and
/// every other payee is kept. A kept payee has no entry in the stretch, so its entries
/// keep their order and its habit is the one a full count gives. What an entry counted is
/// kept exactly (its payee's bytes, date, wallet, amount, single category), so a
/// difference is never missed; a stretch of more than half the entries, or changed
/// wallet currencies, count everything again.
public struct PayeeHabitTable: Sendable {
    /// Every payee's habits by the payee as its first entry writes it: what
    /// ``BudgetModel/payeeHabits()`` gives for the model the table was made or updated for.
    public private(set) var habits: [String: PayeeHabit] = [:]

    /// What one entry counted: its payee's spelling (-1 for none), and the rest of what
    /// ``PayeeHabit`` reads from it.
    struct Record: Equatable, Sendable {
        var spelling: Int32 = -1
        var wallet: Int32 = -1
        /// The category of a transaction with one posting, else -1.
        var category: Int32 = -1
        var date: Int32 = 0
        var units: Int64 = 0
        var scale: Int = 0
    }

    /// Per model entry.
    private var records: [Record] = []
    /// Each distinct spelling (by bytes) and the payee it spells: equal strings share one
    /// payee, canonically equivalent spellings too.
    private var spellingIDs = ByteInterner()
    private var spellings: [String] = []
    /// The spellings' bytes one after another, and where each lies: what an entry's payee
    /// is compared with.
    private var spellingBytes: [UInt8] = []
    private var spellingSpans: [(start: Int, count: Int)] = []
    private var payeeOfSpelling: [Int32] = []
    /// Each payee's id by its name, and its name (the first spelling met) by id.
    private var payeeIDs: [String: Int32] = [:]
    private var names: [String] = []
    /// The wallets' currencies the totals were summed in.
    private var currencies: [String] = []

    /// Counts every entry of `model`.
    public init(model: BudgetModel) {
        currencies = model.wallets.map(\.currency)
        records.reserveCapacity(model.entries.count)
        for index in model.entries.indices { records.append(record(of: index, in: model.entries)) }
        count(payees: nil, in: model)
    }

    /// The table for `model`, a later version of the budget this table was made for: the
    /// payees of the entries that differ counted again, the others kept.
    public func updated(for model: BudgetModel) -> PayeeHabitTable {
        let entries = model.entries
        guard model.wallets.map(\.currency) == currencies else { return PayeeHabitTable(model: model) }
        let common = min(entries.count, records.count)
        var prefix = 0
        while prefix < common && matches(entries, prefix, records[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix && matches(entries, entries.count - 1 - suffix, records[records.count - 1 - suffix]) {
            suffix += 1
        }
        let oldStretch = prefix ..< records.count - suffix
        let newStretch = prefix ..< entries.count - suffix
        if oldStretch.isEmpty && newStretch.isEmpty { return self }
        if 2 * max(oldStretch.count, newStretch.count) > entries.count { return PayeeHabitTable(model: model) }
        var table = self
        var touched = Set<Int32>()
        for i in oldStretch where records[i].spelling >= 0 { touched.insert(payeeOfSpelling[Int(records[i].spelling)]) }
        var fresh: [Record] = []
        fresh.reserveCapacity(newStretch.count)
        for i in newStretch {
            let record = table.record(of: i, in: entries)
            if record.spelling >= 0 { touched.insert(table.payeeOfSpelling[Int(record.spelling)]) }
            fresh.append(record)
        }
        table.records.replaceSubrange(oldStretch, with: fresh)
        table.count(payees: touched, in: model)
        return table
    }

    /// Whether entry `index` counts as `record` says. Read in place: a copy of each
    /// entry (its strings retained and released) cost more than the rest of the pass.
    private func matches(_ entries: [Entry], _ index: Int, _ record: Record) -> Bool {
        var fields = Record(spelling: record.spelling)
        Self.read(entries, index, into: &fields)
        guard fields == record else { return false }
        guard let payee = entries[index].payee else { return record.spelling < 0 }
        guard record.spelling >= 0 else { return false }
        let span = spellingSpans[Int(record.spelling)]
        return payee.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count == span.count
                && spellingBytes.withUnsafeBufferPointer { all in
                    bytes.count == 0 || memcmp(all.baseAddress! + span.start, bytes.baseAddress!, bytes.count) == 0
                }
        } ?? Self.sameBytes(payee, spellings[Int(record.spelling)])
    }

    /// The fields of entry `index` besides its payee, into `record`.
    private static func read(_ entries: [Entry], _ index: Int, into record: inout Record) {
        let date = entries[index].date
        record.date = Int32(date.year << 9 | date.month << 5 | date.day)
        if let (wallet, amount) = entries[index].transaction {
            record.wallet = Int32(wallet)
            record.units = amount.units
            record.scale = amount.scale
            if entries[index].postingCount == 1 { record.category = Int32(entries[index].posting(0).category) }
        }
    }

    /// What entry `index` counts, its payee's spelling found or added.
    private mutating func record(of index: Int, in entries: [Entry]) -> Record {
        var record = Record()
        Self.read(entries, index, into: &record)
        guard var payee = entries[index].payee else { return record }
        // Each spelling's bytes are hashed in place and looked up as a string once, the
        // first time they are met, as ``BudgetModel/payeeHabits()`` does.
        let (spelling, isNew) = payee.withUTF8 { spellingIDs.insert($0) }
        if isNew {
            let id: Int32
            if let known = payeeIDs[payee] {
                id = known
            } else {
                id = Int32(names.count)
                payeeIDs[payee] = id
                names.append(payee)
            }
            spellings.append(payee)
            payeeOfSpelling.append(id)
            spellingSpans.append((spellingBytes.count, payee.utf8.count))
            spellingBytes.append(contentsOf: payee.utf8)
        }
        record.spelling = Int32(spelling)
        return record
    }

    /// Counts the habits of `payees` (every payee when nil) over `model`'s entries, in
    /// order, as ``BudgetModel/payeeHabits()`` does; a payee no entry names any more goes.
    private mutating func count(payees: Set<Int32>?, in model: BudgetModel) {
        let entries = model.entries
        var wanted = [Bool](repeating: payees == nil, count: names.count)
        for p in payees ?? [] { wanted[Int(p)] = true }
        var counted = [PayeeHabit?](repeating: nil, count: names.count)
        var firstSpelling = [Int32](repeating: -1, count: names.count)
        for index in records.indices {
            let spelling = records[index].spelling
            guard spelling >= 0 else { continue }
            let p = Int(payeeOfSpelling[Int(spelling)])
            guard wanted[p] else { continue }
            if counted[p] == nil {
                counted[p] = PayeeHabit(date: entries[index].date)
                firstSpelling[p] = spelling
            }
            counted[p]!.count(index, of: entries)
        }
        if payees == nil { habits.removeAll(keepingCapacity: true) }
        for p in names.indices where wanted[p] {
            if payees != nil { habits[names[p]] = nil }
            guard var habit = counted[p] else { continue }
            habit.finish(model)
            // Keyed, as a full count keys it, by the spelling of the payee's first entry.
            names[p] = spellings[Int(firstSpelling[p])]
            habits[names[p]] = habit
        }
    }

    /// Whether two strings have the same bytes (not merely canonical equivalence).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
        }
    }
}
