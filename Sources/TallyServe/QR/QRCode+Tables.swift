/// The numbers of ISO/IEC 18004 a QR code of versions 1 to 10 at levels L and M needs.
extension QRCode {
    /// How much damage a code survives: L about 7 % of its codewords, M about 15 %.
    public enum Correction: Sendable, Equatable {
        case low, medium

        /// The level's two bits in the format information (Table 12: L 01, M 00).
        var formatBits: Int { self == .low ? 0b01 : 0b00 }
    }

    /// The largest version made here: 57 × 57 modules, 213 bytes at M, more than any
    /// address `tally serve` prints.
    public static let largestVersion = 10

    /// How a version's codewords divide into blocks (Table 9): each block has
    /// `correctionPerBlock` error correction codewords; `groups` lists (blocks, data
    /// codewords in each).
    struct Blocks: Equatable {
        let correctionPerBlock: Int
        let groups: [(count: Int, data: Int)]

        static func == (a: Blocks, b: Blocks) -> Bool {
            a.correctionPerBlock == b.correctionPerBlock && a.groups.map(\.count) == b.groups.map(\.count)
                && a.groups.map(\.data) == b.groups.map(\.data)
        }

        /// The data codewords in all.
        var dataCodewords: Int { groups.reduce(0) { $0 + $1.count * $1.data } }
        /// Every codeword, data and correction.
        var totalCodewords: Int { dataCodewords + groups.reduce(0) { $0 + $1.count } * correctionPerBlock }
    }

    /// Table 9's rows for versions 1 to 10.
    static func blocks(version: Int, correction: Correction) -> Blocks {
        let index = version - 1
        switch correction {
        case .low:
            let perBlock = [7, 10, 15, 20, 26, 18, 20, 24, 30, 18]
            let groups: [[(count: Int, data: Int)]] = [
                [(1, 19)], [(1, 34)], [(1, 55)], [(1, 80)], [(1, 108)], [(2, 68)], [(2, 78)], [(2, 97)], [(2, 116)], [(2, 68), (2, 69)]
            ]
            return Blocks(correctionPerBlock: perBlock[index], groups: groups[index])
        case .medium:
            let perBlock = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
            let groups: [[(count: Int, data: Int)]] = [
                [(1, 16)], [(1, 28)], [(1, 44)], [(2, 32)], [(2, 43)], [(4, 27)], [(4, 31)], [(2, 38), (2, 39)], [(3, 36), (2, 37)],
                [(4, 43), (1, 44)]
            ]
            return Blocks(correctionPerBlock: perBlock[index], groups: groups[index])
        }
    }

    /// The rows and columns of the alignment patterns' centres (Annex E), versions 2 to 10.
    static func alignmentCentres(version: Int) -> [Int] {
        switch version {
        case 1: []
        case 2 ... 6: [6, 10 + 4 * version]
        default: [6, [22, 24, 26, 28][version - 7], [38, 42, 46, 50][version - 7]]
        }
    }

    /// The bits of the character count in byte mode (Table 3): 8 up to version 9, then 16.
    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The bytes that fit in byte mode: the data bits less the mode (4) and the count.
    static func byteCapacity(version: Int, correction: Correction) -> Int {
        (blocks(version: version, correction: correction).dataCodewords * 8 - 4 - countBits(version: version)) / 8
    }

    /// The 15 bits of the format information for `correction` and `mask` (§7.9.1): five
    /// bits, a BCH(15, 5) remainder by x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (0x537), masked
    /// with 101010000010010 (0x5412) so that they are never all light.
    static func formatBits(correction: Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0 ..< 10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 bits of the version information (§7.10, versions 7 and up): six bits, a
    /// BCH(18, 6) remainder by x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1 (0x1F25).
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0 ..< 12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
