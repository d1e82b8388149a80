import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Dense ids for byte strings, looked up by the bytes themselves.
///
/// The interpreter meets the same few hundred names and payees a hundred thousand times.
/// Looking them up as `String`s would make (and hash) a string per use; this table hashes
/// the bytes in place and compares them with the stored copy, so a hit allocates nothing.
/// Open addressing with linear probing; the table stays at most half full.
struct ByteInterner {
    /// The keys' bytes, one after another.
    private var storage: [UInt8] = []
    /// Per id: where its bytes start in `storage`, and how many there are.
    private var spans: [(start: Int, count: Int)] = []
    /// Per id: its hash, so that probing compares bytes only on a likely match.
    private var hashes: [UInt64] = []
    /// Slot to id + 1; 0 marks an empty slot.
    private var slots: [Int32] = Array(repeating: 0, count: 64)

    /// Number of keys.
    var count: Int { spans.count }

    /// The keys' hash: ``FNV1a``, short and well mixed for the short keys met here
    /// (names, payees, bank ids).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { FNV1a.hash(bytes) }

    private func matches(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = spans[id]
        guard span.count == bytes.count else { return false }
        guard let other = bytes.baseAddress else { return true }
        return storage.withUnsafeBufferPointer { memcmp($0.baseAddress! + span.start, other, span.count) == 0 }
    }

    /// The id of `bytes`, if they were inserted.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        find(bytes, hash: ByteInterner.hash(bytes))
    }

    /// The id of `bytes`, whose hash is `h`, if they were inserted.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash h: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if hashes[entry - 1] == h && matches(entry - 1, bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The id of `bytes`, inserting them with the next id when they are new.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, inserted: Bool) {
        // Hashed once, for the look-up and the new key alike.
        let h = ByteInterner.hash(bytes)
        if let id = find(bytes, hash: h) { return (id, false) }
        let id = spans.count
        spans.append((storage.count, bytes.count))
        storage.append(contentsOf: bytes)
        hashes.append(h)
        if spans.count * 2 > slots.count { rehash(capacity: slots.count * 2) } else { place(id) }
        return (id, true)
    }

    /// The id of `key`'s UTF-8 bytes, inserting them when they are new.
    mutating func insert(_ key: String) -> (id: Int, inserted: Bool) {
        var key = key
        return key.withUTF8 { insert($0) }
    }

    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[id]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(id + 1)
    }

    private mutating func rehash(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        for id in spans.indices { place(id) }
    }
}
