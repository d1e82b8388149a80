import Testing

@testable import TallyServe

/// The QR encoder against the published numbers of ISO/IEC 18004 and against a reading of
/// its own codes done here module by module.
struct QRCodeTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ") }

    /// The standard's worked example (Annex I): "01234567" in numeric mode at 1-M has
    /// the data codewords 10 20 0C 56 61 80 then EC 11 padding, and these ten error
    /// correction codewords.
    @Test func reedSolomonOfTheStandardsExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(Self.hex(ReedSolomon.correction(for: data, count: 10)) == "A5 24 D4 C1 ED 36 C7 87 2C 55")
        // "HELLO WORLD" in alphanumeric mode at 1-M, the example most tutorials work by hand.
        let hello: [UInt8] = [0x20, 0x5B, 0x0B, 0x78, 0xD1, 0x72, 0xDC, 0x4D, 0x43, 0x40, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(Self.hex(ReedSolomon.correction(for: hello, count: 10)) == "C4 23 27 77 EB D7 E7 E2 5D 17")
    }

    /// The field: α⁸ = α⁴ + α³ + α² + 1 = 0x1D; the generator of degree 2 is
    /// (x − 1)(x − α) = x² + 3x + 2 (1 + α = 3, 1 · α = 2).
    @Test func theFieldAndTheGenerator() {
        #expect(ReedSolomon.power(8) == 0x1D)
        #expect(ReedSolomon.multiply(0x80, 0x02) == 0x1D)
        #expect(ReedSolomon.generator(degree: 2) == [1, 3, 2])
        // Table A.1's generator of degree 7: α⁰ α⁸⁷ α²²⁹ α¹⁴⁶ α¹⁴⁹ α²³⁸ α¹⁰² α²¹.
        #expect(ReedSolomon.generator(degree: 7) == [0, 87, 229, 146, 149, 238, 102, 21].map(ReedSolomon.power))
    }

    /// Table C.1's format information strings (M and L, every mask) and Table D.1's
    /// version information for version 7.
    @Test func formatAndVersionInformation() {
        let medium = ["101010000010010", "101000100100101", "101111001111100", "101101101001011", "100010111111001", "100000011001110", "100111110010111", "100101010100000"]
        let low = ["111011111000100", "111001011110011", "111110110101010", "111100010011101", "110011000101111", "110001100011000", "110110001000001", "110100101110110"]
        for mask in 0 ..< 8 {
            #expect(QRCode.formatBits(correction: .medium, mask: mask) == Int(medium[mask], radix: 2), "M\(mask)")
            #expect(QRCode.formatBits(correction: .low, mask: mask) == Int(low[mask], radix: 2), "L\(mask)")
        }
        #expect(QRCode.versionBits(version: 7) == Int("000111110010010100", radix: 2))
        #expect(QRCode.versionBits(version: 10) == Int("001010010011010011", radix: 2))
    }

    /// Byte mode at 1-M: mode 0100, count 00000010, "AB" = 01000001 01000010, terminator
    /// 0000, then the padding: 40 24 14 20 EC 11 ….
    @Test func byteModeDataCodewords() {
        let data = QRCode.dataCodewords(Array("AB".utf8), version: 1, correction: .medium)
        #expect(Self.hex(data) == "40 24 14 20 EC 11 EC 11 EC 11 EC 11 EC 11 EC 11")
        // Capacities of Table 7 in byte mode: 1-M 14, 4-M 62, 10-M 213, 1-L 17, 10-L 271.
        #expect(QRCode.byteCapacity(version: 1, correction: .medium) == 14)
        #expect(QRCode.byteCapacity(version: 4, correction: .medium) == 62)
        #expect(QRCode.byteCapacity(version: 10, correction: .medium) == 213)
        #expect(QRCode.byteCapacity(version: 1, correction: .low) == 17)
        #expect(QRCode.byteCapacity(version: 10, correction: .low) == 271)
        for version in 1 ... 10 {
            // Table 1's codewords per version, whichever the level.
            let total = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346][version - 1]
            #expect(QRCode.blocks(version: version, correction: .medium).totalCodewords == total, "\(version)-M")
            #expect(QRCode.blocks(version: version, correction: .low).totalCodewords == total, "\(version)-L")
        }
    }

    /// Codes of addresses like the printed ones, read back here: the finder patterns
    /// are where a reader looks, the format information says the level and mask, and
    /// the unmasked modules in the zigzag give back the bytes, with every block's
    /// correction codewords a codeword of the Reed–Solomon code (its syndromes are 0).
    @Test(arguments: [
        "http://192.168.1.20:8080/?token=0123456789abcdef0123456789abcdef",
        "http://[fd12:3456:789a:1::20]:8080/?token=0123456789abcdef0123456789abcdef",
        "A", String(repeating: "x", count: 200)
    ])
    func aCodeReadsBackAsItsText(text: String) throws {
        let code = try #require(QRCode(text: text))
        let decoded = try #require(QRReader.read(code.modules))
        #expect(decoded.text == text)
        #expect(decoded.correction == .medium && decoded.mask == code.mask)
        #expect(code.size == 17 + 4 * code.version)
        #expect(QRCode.byteCapacity(version: code.version, correction: .medium) >= text.utf8.count)
        if code.version > 1 { #expect(QRCode.byteCapacity(version: code.version - 1, correction: .medium) < text.utf8.count, "the smallest version") }
        // Every mask reads back too, not only the one with the lowest penalty.
        for mask in 0 ..< 8 {
            let masked = try #require(QRCode(bytes: Array(text.utf8), mask: mask))
            #expect(QRReader.read(masked.modules)?.text == text, "mask \(mask)")
        }
    }

    @Test func tooLongForVersionTenIsNoCode() {
        #expect(QRCode(text: String(repeating: "x", count: 213)) != nil)
        #expect(QRCode(text: String(repeating: "x", count: 214)) == nil)
    }

    /// In the terminal: two module rows a line, a quiet zone of four modules (two light
    /// lines above), white on black with colour.
    @Test func theTerminalDrawing() throws {
        let code = try #require(QRCode(text: "A"))
        let plain = code.terminalText(colour: false).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(plain.count == (21 + 8 + 1) / 2)
        #expect(plain.allSatisfy { $0.count == 21 + 8 })
        #expect(plain[0] == Substring(String(repeating: "█", count: 29)) && plain[1] == plain[0])
        // Module rows 0 and 1 after the quiet zone: the finder's dark edge (blank), its
        // light ring below (lower half), the light separator.
        #expect(plain[2].hasPrefix("████ ▄▄▄▄▄ █"), "\(plain[2])")
        let coloured = code.terminalText(colour: true)
        #expect(coloured.hasPrefix("\u{1B}[97;40m█") && coloured.hasSuffix("\u{1B}[0m\n"))
    }
}

/// A reader of the codes made here, written from the standard apart from the encoder (its
/// one borrowing: which modules are function patterns).
enum QRReader {
    struct Decoded {
        let text: String
        let correction: QRCode.Correction
        let mask: Int
    }

    static func read(_ modules: [[Bool]]) -> Decoded? {
        let size = modules.count
        let version = (size - 17) / 4
        // A finder in three corners: the 7 × 7 ring and the 3 × 3 centre.
        for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
            for r in 0 ..< 7 {
                for c in 0 ..< 7 where modules[top + r][left + c] != (max(abs(r - 3), abs(c - 3)) != 2) { return nil }
            }
        }
        // The format information around the upper-left finder, most significant bit at
        // row 8, column 0.
        let positions = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        let format = positions.reduce(0) { $0 << 1 | (modules[$1.0][$1.1] ? 1 : 0) } ^ 0x5412
        let level = format >> 13, mask = (format >> 10) & 7
        guard level == 0 || level == 1 else { return nil }
        let correction: QRCode.Correction = level == 1 ? .low : .medium
        let reserved = QRCode.Grid(version: version).reserved
        var bits: [Bool] = []
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0 ..< size {
                let row = (right + 1) & 2 == 0 ? size - 1 - step : step
                for column in [right, right - 1] where !reserved[row][column] {
                    bits.append(modules[row][column] != QRCode.Grid.masks(mask, row: row, column: column))
                }
            }
            right -= 2
        }
        let codewords = stride(from: 0, to: bits.count - 7, by: 8).map { start in bits[start ..< start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) } }
        return decode(codewords, version: version, correction: correction, mask: mask)
    }

    /// De-interleaves the blocks, checks each block's syndromes, reads byte mode.
    static func decode(_ codewords: [UInt8], version: Int, correction: QRCode.Correction, mask: Int) -> Decoded? {
        let layout = QRCode.blocks(version: version, correction: correction)
        let sizes = layout.groups.flatMap { Array(repeating: $0.data, count: $0.count) }
        var blocks = sizes.map { _ in [UInt8]() }
        var next = 0
        for index in 0 ..< (sizes.max() ?? 0) {
            for block in blocks.indices where index < sizes[block] {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        let data = blocks.flatMap { $0 }
        for _ in 0 ..< layout.correctionPerBlock {
            for block in blocks.indices {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        // c(αⁱ) = 0 for i < n: Horner's rule, highest coefficient first.
        for block in blocks {
            for root in 0 ..< layout.correctionPerBlock {
                let value = block.reduce(UInt8(0)) { ReedSolomon.multiply($0, ReedSolomon.power(root)) ^ $1 }
                if value != 0 { return nil }
            }
        }
        var bits: [Bool] = []
        for byte in data {
            for shift in stride(from: 7, through: 0, by: -1) { bits.append((byte >> UInt8(shift)) & 1 == 1) }
        }
        func number(_ start: Int, _ count: Int) -> Int { bits[start ..< start + count].reduce(0) { $0 << 1 | ($1 ? 1 : 0) } }
        guard number(0, 4) == 0b0100 else { return nil }
        let countBits = version <= 9 ? 8 : 16
        let count = number(4, countBits)
        let bytes = (0 ..< count).map { UInt8(number(4 + countBits + 8 * $0, 8)) }
        return Decoded(text: String(decoding: bytes, as: UTF8.self), correction: correction, mask: mask)
    }
}
