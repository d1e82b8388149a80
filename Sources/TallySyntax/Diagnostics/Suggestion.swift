/// "Did you mean" suggestions: the closest candidate by edit distance, when close enough.
public enum Suggestion {
    /// The candidate closest to `word`, if it is within a third of the word's length
    /// (at least one edit). Comparison ignores case. A hierarchical name is also compared
    /// by its last part, so `Groceries` (or `Grocerys`) finds `Food:Groceries`: people
    /// write the leaf they think of, not the path they declared.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            var distance = editDistance(target, Array(lowered.unicodeScalars))
            if !word.contains(":"), let leaf = lowered.split(separator: ":").last, leaf.count < lowered.count {
                distance = min(distance, editDistance(target, Array(leaf.unicodeScalars)))
            }
            if distance <= limit && distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost one.
    public static func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
