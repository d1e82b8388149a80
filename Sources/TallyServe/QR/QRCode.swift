/// A QR code (ISO/IEC 18004) of some bytes, for the phone to read the address `tally serve`
/// prints: byte mode, error correction level L or M, versions 1 to 10, the mask whose
/// penalty (§7.8.3) is lowest. Made here: the package has no dependency.
public struct QRCode: Sendable {
    /// The version: the code is 17 + 4 × version modules wide.
    public let version: Int
    /// The error correction level.
    public let correction: Correction
    /// The mask pattern chosen (0 to 7).
    public let mask: Int
    /// The modules, row by row, left to right: true is dark.
    public let modules: [[Bool]]

    /// The width (and height) in modules, the quiet zone aside.
    public var size: Int { modules.count }

    /// The smallest code of `bytes` at `correction`, with the mask given (for tests) or
    /// the best one; nil when the bytes do not fit in version 10.
    public init?(bytes: [UInt8], correction: Correction = .medium, mask chosenMask: Int? = nil) {
        guard let version = (1 ... Self.largestVersion).first(where: { Self.byteCapacity(version: $0, correction: correction) >= bytes.count })
        else { return nil }
        let codewords = Self.codewords(bytes, version: version, correction: correction)
        var grid = Grid(version: version)
        grid.place(codewords)
        let masks = chosenMask.map { [$0] } ?? Array(0 ..< 8)
        var best: (penalty: Int, grid: Grid, mask: Int)?
        for mask in masks {
            var candidate = grid
            candidate.apply(mask: mask, format: Self.formatBits(correction: correction, mask: mask))
            let penalty = candidate.penalty()
            if penalty < best?.penalty ?? .max { best = (penalty, candidate, mask) }
        }
        guard let best else { return nil }
        self.version = version
        self.correction = correction
        self.mask = best.mask
        modules = best.grid.rows
    }

    /// The code of `text`'s UTF-8 bytes.
    public init?(text: String, correction: Correction = .medium) {
        self.init(bytes: Array(text.utf8), correction: correction)
    }

    /// The data codewords of `bytes` in byte mode (§7.4): mode 0100, the count, the bytes,
    /// a terminator of up to four zero bits, zeros to the byte, then 0xEC and 0x11 in turn.
    static func dataCodewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let capacity = blocks(version: version, correction: correction).dataCodewords
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, 4)
        append(bytes.count, countBits(version: version))
        for byte in bytes { append(Int(byte), 8) }
        append(0, min(4, capacity * 8 - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start ..< start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Every codeword in the order placed (§7.6): the data split into blocks, each block's
    /// error correction made, then the blocks' data interleaved, then their corrections.
    static func codewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let layout = blocks(version: version, correction: correction)
        let data = dataCodewords(bytes, version: version, correction: correction)
        var blocks: [[UInt8]] = []
        var start = 0
        for group in layout.groups {
            for _ in 0 ..< group.count {
                blocks.append(Array(data[start ..< start + group.data]))
                start += group.data
            }
        }
        let corrections = blocks.map { ReedSolomon.correction(for: $0, count: layout.correctionPerBlock) }
        var placed: [UInt8] = []
        for index in 0 ..< (blocks.map(\.count).max() ?? 0) {
            for block in blocks where index < block.count { placed.append(block[index]) }
        }
        for index in 0 ..< layout.correctionPerBlock {
            for block in corrections { placed.append(block[index]) }
        }
        return placed
    }
}
