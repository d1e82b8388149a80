/// The transactions of one day by wallet, amount and payee, for the likely-duplicate
/// check.
///
/// A day may hold hundreds of transactions, so they are hashed rather than compared
/// pairwise; and since the check runs once per transaction, the table is a small open
/// addressing one that hashes two integers, is emptied by clearing only the slots the day
/// used, and compares payees only when wallet and amount already match.
struct SameDayIndex {
    /// No payee is kept: the caller compares payees through the entries, so that filling
    /// the table retains no string (payees are shared between entries, and the walk may
    /// run beside other checks on another core, where every shared count costs).
    private struct Item {
        let wallet: Int
        let amount: Money
        let entry: Int
    }

    private var items: [Item] = []
    /// Slot to item + 1; 0 marks an empty slot.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private var used: [Int] = []

    /// Forgets the day's transactions.
    mutating func removeAll() {
        for slot in used { slots[slot] = 0 }
        used.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
    }

    /// The entry recorded earlier today with the same wallet and amount for which
    /// `samePayee` is true; when there is none, records `entry` and returns nil.
    mutating func firstOrInsert(wallet: Int, amount: Money, entry: Int, samePayee: (_ earlier: Int) -> Bool) -> Int? {
        if (items.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = SameDayIndex.hash(wallet, amount) & mask
        while slots[slot] != 0 {
            let item = items[Int(slots[slot]) - 1]
            if item.wallet == wallet && item.amount == amount && samePayee(item.entry) { return item.entry }
            slot = (slot + 1) & mask
        }
        items.append(Item(wallet: wallet, amount: amount, entry: entry))
        slots[slot] = Int32(items.count)
        used.append(slot)
        return nil
    }

    /// Equal amounts hash alike whatever their scale (5 and 5.00), as they compare equal.
    private static func hash(_ wallet: Int, _ amount: Money) -> Int {
        var units = amount.units
        var scale = amount.scale
        while scale > 0 && units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        var h = UInt64(bitPattern: Int64(wallet)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bitPattern: units)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ UInt64(scale)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        used.removeAll(keepingCapacity: true)
        let mask = slots.count - 1
        for (i, item) in items.enumerated() {
            var slot = SameDayIndex.hash(item.wallet, item.amount) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i + 1)
            used.append(slot)
        }
    }
}
