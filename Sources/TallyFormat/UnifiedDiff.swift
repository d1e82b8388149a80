/// A small unified diff of two texts, line by line: what `tally fmt --diff` prints.
///
/// Formatting changes lines in place and drops blank lines, so the two sides fall back
/// into step within a few lines. The diff therefore matches lines greedily, looking at
/// most a few lines ahead to resynchronise; the result is always a correct diff, if not
/// always the shortest one.
public enum UnifiedDiff {
    /// How far ahead a mismatch looks for the next common line.
    static let lookahead = 8
    /// Unchanged lines shown around each change.
    static let context = 3

    private enum Step { case same(Int, Int), delete(Int), insert(Int) }

    /// The diff of `old` and `new`, with `---`/`+++` headers naming `oldName` and
    /// `newName`; empty when the texts are equal.
    public static func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> String {
        let a = lines(old)
        let b = lines(new)
        let steps = match(a.map(\.text), b.map(\.text))
        guard steps.contains(where: { if case .same = $0 { return false } else { return true } }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < steps.count {
            guard let firstChange = steps[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            let start = max(index, firstChange - context)
            // Extend the hunk while changes are closer than twice the context.
            var end = firstChange
            var sameRun = 0
            var cursor = firstChange
            while cursor < steps.count {
                if case .same = steps[cursor] { sameRun += 1 } else { sameRun = 0; end = cursor }
                if sameRun > 2 * context { break }
                cursor += 1
            }
            let stop = min(steps.count, end + 1 + context)
            let hunk = steps[start ..< stop]
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0
            var body = ""
            for (n, step) in hunk.enumerated() {
                switch step {
                case .same(let i, let j):
                    if n == 0 { oldStart = i + 1; newStart = j + 1 }
                    oldCount += 1; newCount += 1
                    body += " " + a[i].shown
                case .delete(let i):
                    if n == 0 { oldStart = i + 1; newStart = position(steps, before: start, inNew: true) + 1 }
                    oldCount += 1
                    body += "-" + a[i].shown
                case .insert(let j):
                    if n == 0 { newStart = j + 1; oldStart = position(steps, before: start, inNew: false) + 1 }
                    newCount += 1
                    body += "+" + b[j].shown
                }
            }
            if oldCount == 0 { oldStart -= 1 }
            if newCount == 0 { newStart -= 1 }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
            index = stop
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// How many lines of one side come before step `index`.
    private static func position(_ steps: [Step], before index: Int, inNew: Bool) -> Int {
        var count = 0
        for step in steps[..<index] {
            switch step {
            case .same: count += 1
            case .delete: if !inNew { count += 1 }
            case .insert: if inNew { count += 1 }
            }
        }
        return count
    }

    private static func match(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                steps.append(.same(i, j)); i += 1; j += 1
                continue
            }
            // The nearest pair of equal lines ahead, by total distance.
            var found: (Int, Int)?
            search: for distance in 1 ... lookahead {
                for x in 0 ... distance {
                    let y = distance - x
                    if i + x < a.count && j + y < b.count && a[i + x] == b[j + y] { found = (x, y); break search }
                }
            }
            if let (x, y) = found {
                for k in 0 ..< x { steps.append(.delete(i + k)) }
                for k in 0 ..< y { steps.append(.insert(j + k)) }
                i += x; j += y
            } else {
                if i < a.count { steps.append(.delete(i)); i += 1 }
                if j < b.count { steps.append(.insert(j)); j += 1 }
            }
        }
        return grouped(steps)
    }

    /// Within each run of changes, removed lines first, then added ones, as in every
    /// other diff tool.
    private static func grouped(_ steps: [Step]) -> [Step] {
        var result: [Step] = []
        result.reserveCapacity(steps.count)
        var inserts: [Step] = []
        for step in steps {
            switch step {
            case .same:
                result.append(contentsOf: inserts)
                inserts.removeAll(keepingCapacity: true)
                result.append(step)
            case .delete: result.append(step)
            case .insert: inserts.append(step)
            }
        }
        result.append(contentsOf: inserts)
        return result
    }

    private struct Line {
        var text: ArraySlice<UInt8>
        /// The line as printed in the diff, ending in `\n`, with git's marker when the
        /// file's last line has no line break.
        var shown: String
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            let text = bytes[start ..< i + 1]
            result.append(Line(text: text, shown: String(decoding: text, as: UTF8.self)))
            start = i + 1
        }
        if start < bytes.count {
            let text = bytes[start...]
            result.append(Line(text: text, shown: String(decoding: text, as: UTF8.self) + "\n\\ No newline at end of file\n"))
        }
        return result
    }
}
