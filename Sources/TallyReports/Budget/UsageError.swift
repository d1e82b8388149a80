/// A mistake in what was asked for (a period that is no period, a query word that
/// matches nothing, a wallet the budget does not have): the command line reports it with
/// the command's usage and exit code 2; a server would answer it as a bad request.
public struct UsageError: Error, Equatable {
    /// What was wrong, naming the flag or word.
    public let message: String
    /// Creates the error.
    public init(_ message: String) { self.message = message }
}

extension UsageError {
    /// The candidate within two edits of `word` (case counts), for the "did you mean"
    /// of a mistyped command, flag value or name.
    public static func closest(_ word: String, _ candidates: [String]) -> String? {
        candidates.min { editDistance(word, $0) < editDistance(word, $1) }.flatMap { editDistance(word, $0) <= 2 ? $0 : nil }
    }

    /// Levenshtein distance over characters.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0 ... b.count)
        for i in 1 ... max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
