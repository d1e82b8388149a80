/// FNV-1a over bytes, 64 bits: the one hash Tally writes by hand. It is short, well
/// mixed for the short keys met everywhere (names, payees, bank ids, keywords), cheap
/// enough to run on every name of a large budget, and stable across runs and machines,
/// which Swift's seeded `Hasher` is not (movement ids, page versions).
public enum FNV1a {
    /// The hash before any byte.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `bytes` hashed on from `hash` (``offsetBasis`` for a fresh hash). Inlinable, so
    /// that a caller hashing a buffer in a hot loop gets a loop over that buffer.
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes, from hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var h = hash
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    /// `hash` as 16 lowercase hexadecimal digits, for text that names a hash.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
