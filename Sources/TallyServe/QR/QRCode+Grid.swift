/// The modules of a QR code as they are laid (§7.7–7.9): the function patterns first, then
/// the codewords in the two-column zigzag, then the mask and the format information.
extension QRCode {
    struct Grid {
        let version: Int
        let size: Int
        /// Dark modules, row by row.
        var rows: [[Bool]]
        /// The modules of function patterns and format and version information, which
        /// carry no data and are never masked.
        var reserved: [[Bool]]

        /// The grid of `version` with its function patterns drawn and the format area
        /// reserved.
        init(version: Int) {
            self.version = version
            size = 17 + 4 * version
            rows = Array(repeating: Array(repeating: false, count: size), count: size)
            reserved = rows
            drawFinders()
            drawTiming()
            drawAlignment()
            // The format information's modules (written with the mask) and the dark
            // module beside the lower-left finder, always dark.
            for index in 0 ... 8 {
                set(row: 8, column: index, to: rows[8][index])
                set(row: index, column: 8, to: rows[index][8])
            }
            for index in 0 ..< 8 {
                set(row: 8, column: size - 1 - index, to: false)
                set(row: size - 1 - index, column: 8, to: false)
            }
            set(row: size - 8, column: 8, to: true)
            drawVersion()
        }

        mutating func set(row: Int, column: Int, to dark: Bool) {
            rows[row][column] = dark
            reserved[row][column] = true
        }

        /// The three finder patterns (7 × 7 rings: dark, light, a dark 3 × 3 centre) and
        /// their light separators.
        mutating func drawFinders() {
            for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
                for row in -1 ... 7 {
                    for column in -1 ... 7 where (0 ..< size).contains(top + row) && (0 ..< size).contains(left + column) {
                        let ring = max(abs(row - 3), abs(column - 3))
                        set(row: top + row, column: left + column, to: ring != 2 && ring <= 3)
                    }
                }
            }
        }

        /// Row 6 and column 6 between the finders: dark, light, dark…
        mutating func drawTiming() {
            for index in 8 ..< size - 8 {
                set(row: 6, column: index, to: index % 2 == 0)
                set(row: index, column: 6, to: index % 2 == 0)
            }
        }

        /// A 5 × 5 alignment pattern at every pair of centres that misses the finders.
        mutating func drawAlignment() {
            let centres = QRCode.alignmentCentres(version: version)
            for row in centres {
                for column in centres {
                    let last = centres.last ?? 0
                    if (row == 6 && column == 6) || (row == 6 && column == last) || (row == last && column == 6) { continue }
                    for dr in -2 ... 2 {
                        for dc in -2 ... 2 { set(row: row + dr, column: column + dc, to: max(abs(dr), abs(dc)) != 1) }
                    }
                }
            }
        }

        /// The version information, twice (versions 7 and up): 6 × 3 above the lower-left
        /// finder and 3 × 6 left of the upper-right one, the least significant bit first.
        mutating func drawVersion() {
            guard version >= 7 else { return }
            let bits = QRCode.versionBits(version: version)
            for index in 0 ..< 18 {
                let dark = (bits >> index) & 1 == 1
                let near = size - 11 + index % 3, far = index / 3
                set(row: far, column: near, to: dark)
                set(row: near, column: far, to: dark)
            }
        }

        /// The codewords' bits, most significant first, up and down two columns at a
        /// time from the lower right, skipping the vertical timing pattern; the remainder
        /// bits left light.
        mutating func place(_ codewords: [UInt8]) {
            var bit = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upward = (right + 1) & 2 == 0
                for step in 0 ..< size {
                    let row = upward ? size - 1 - step : step
                    for column in [right, right - 1] where !reserved[row][column] {
                        if bit < codewords.count * 8 { rows[row][column] = (codewords[bit >> 3] >> (7 - bit & 7)) & 1 == 1 }
                        bit += 1
                    }
                }
                right -= 2
            }
        }

        /// Whether mask `mask` inverts the module at `row`, `column` (Table 10).
        static func masks(_ mask: Int, row: Int, column: Int) -> Bool {
            switch mask {
            case 0: (row + column) % 2 == 0
            case 1: row % 2 == 0
            case 2: column % 3 == 0
            case 3: (row + column) % 3 == 0
            case 4: (row / 2 + column / 3) % 2 == 0
            case 5: (row * column) % 2 + (row * column) % 3 == 0
            case 6: ((row * column) % 2 + (row * column) % 3) % 2 == 0
            default: ((row + column) % 2 + (row * column) % 3) % 2 == 0
            }
        }

        /// Inverts the data modules `mask` names and writes the 15 `format` bits twice:
        /// around the upper-left finder, and split under the upper-right and beside the
        /// lower-left one (§7.9.1, bit 0 the least significant).
        mutating func apply(mask: Int, format: Int) {
            for row in 0 ..< size {
                for column in 0 ..< size where !reserved[row][column] && Self.masks(mask, row: row, column: column) {
                    rows[row][column].toggle()
                }
            }
            for index in 0 ..< 15 {
                let dark = (format >> index) & 1 == 1
                let first: (Int, Int) =
                    switch index {
                    case 0 ... 5: (index, 8)
                    case 6: (7, 8)
                    case 7: (8, 8)
                    case 8: (8, 7)
                    default: (8, 14 - index)
                    }
                rows[first.0][first.1] = dark
                let second = index < 8 ? (8, size - 1 - index) : (size - 15 + index, 8)
                rows[second.0][second.1] = dark
            }
        }
    }
}
