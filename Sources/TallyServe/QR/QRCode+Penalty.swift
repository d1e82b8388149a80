/// The penalty a masked code scores (§7.8.3): the mask with the lowest is kept, as the
/// one a reader finds easiest.
extension QRCode.Grid {
    /// N1 runs of five or more alike in a row or column (3, and 1 per module more); N2
    /// 2 × 2 blocks alike (3 each); N3 1:1:3:1:1 finder look-alikes with four light
    /// modules on a side (40 each); N4 10 for every 5 % the dark share is off 50 %.
    func penalty() -> Int {
        var score = 0
        let columns = (0 ..< size).map { column in rows.map { $0[column] } }
        for line in rows + columns {
            var run = 1
            for index in 1 ..< size {
                if line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }
            score += 40 * Self.finderLookAlikes(line)
        }
        for row in 0 ..< size - 1 {
            for column in 0 ..< size - 1 {
                let colour = rows[row][column]
                if rows[row][column + 1] == colour && rows[row + 1][column] == colour && rows[row + 1][column + 1] == colour { score += 3 }
            }
        }
        let dark = rows.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        score += 10 * (abs(dark * 100 - total * 50) / total / 5)
        return score
    }

    /// How often dark-light-dark×3-light-dark with four light modules before or after
    /// it occurs in `line`.
    static func finderLookAlikes(_ line: [Bool]) -> Int {
        let core = [true, false, true, true, true, false, true]
        let light = [false, false, false, false]
        let patterns = [core + light, light + core]
        var count = 0
        guard line.count >= 11 else { return 0 }
        for start in 0 ... line.count - 11 {
            let window = Array(line[start ..< start + 11])
            count += patterns.filter { $0 == window }.count
        }
        return count
    }
}
