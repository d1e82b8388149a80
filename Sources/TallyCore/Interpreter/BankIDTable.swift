/// The first entry to use each bank id, for the duplicate id check (E0411).
///
/// Keyed by 30 bits of the id's hash, kept in the entry since it was lowered
/// (``Entry/bankIDTag``): after an edit, the check reads each entry's hash and compares two
/// ids only when their hashes agree, without reaching the ids themselves. Open addressing with linear probing;
/// the table stays at most half full.
struct BankIDTable {
    /// Per slot: a hash and the entry that first used an id with it; -1 marks an empty slot.
    private var slots: [(hash: UInt32, entry: Int32)] = Array(repeating: (0, -1), count: 1024)
    /// The first entries recorded, in the order they were met.
    private(set) var firstEntries: [Int] = []

    /// The entry recorded earlier whose id has hash `hash` and for which `sameID` is true;
    /// when there is none, records `entry` as the first to use its id and returns nil.
    mutating func firstOrInsert(hash: UInt32, entry: Int, sameID: (_ earlier: Int) -> Bool) -> Int? {
        if (firstEntries.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].entry >= 0 {
            if slots[slot].hash == hash && sameID(Int(slots[slot].entry)) { return Int(slots[slot].entry) }
            slot = (slot + 1) & mask
        }
        slots[slot] = (hash, Int32(truncatingIfNeeded: entry))
        firstEntries.append(entry)
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, -1), count: old.count * 2)
        let mask = slots.count - 1
        for item in old where item.entry >= 0 {
            var slot = Int(truncatingIfNeeded: item.hash) & mask
            while slots[slot].entry >= 0 { slot = (slot + 1) & mask }
            slots[slot] = item
        }
    }
}
