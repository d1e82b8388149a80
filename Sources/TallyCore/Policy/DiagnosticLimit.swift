import TallySyntax

/// How many diagnostics of one file are shown, and which: a damaged file can hold a
/// problem on every line, and a million of them help nobody and cost a client memory.
///
/// Each file shows at most ``perFile`` diagnostics: the most severe first (every error
/// before any warning, every warning before any info), and within one severity those that
/// come first in the list given (the file's order, as front ends sort it). The kept ones
/// stay in that order; the rest are counted, so that front ends can say "N more not
/// shown". Only what is shown is limited: exit codes and totals count every finding.
public enum DiagnosticLimit {
    /// The most diagnostics shown for one file.
    public static let perFile = 1000

    /// What was left out of one file.
    public struct Omitted: Equatable, Sendable {
        /// The file.
        public let file: String
        /// How many diagnostics were not shown.
        public let count: Int
        /// How many the file has in all.
        public let total: Int

        /// Creates the count for a file.
        public init(file: String, count: Int, total: Int) {
            self.file = file
            self.count = count
            self.total = total
        }
    }

    /// `diagnostics` with at most `limit` per file (see the type), and what was left out,
    /// one entry per file that lost some, in the order the files first appear.
    public static func apply(_ diagnostics: [Diagnostic], limit: Int = perFile) -> (kept: [Diagnostic], omitted: [Omitted]) {
        var countByFile: [String: [Severity: Int]] = [:]
        var fileOrder: [String] = []
        for d in diagnostics {
            if countByFile[d.file] == nil { fileOrder.append(d.file) }
            countByFile[d.file, default: [:]][d.severity, default: 0] += 1
        }
        func total(_ file: String) -> Int { countByFile[file]!.values.reduce(0, +) }
        guard fileOrder.contains(where: { total($0) > limit }) else { return (diagnostics, []) }
        // Per file over the limit: how many of each severity fit, most severe first.
        var quota: [String: [Severity: Int]] = [:]
        for file in fileOrder where total(file) > limit {
            var left = limit
            var fits: [Severity: Int] = [:]
            for severity in [Severity.error, .warning, .info] {
                let n = min(countByFile[file]![severity] ?? 0, left)
                fits[severity] = n
                left -= n
            }
            quota[file] = fits
        }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for d in diagnostics {
            guard quota[d.file] != nil else {
                kept.append(d)
                continue
            }
            if quota[d.file]![d.severity, default: 0] > 0 {
                quota[d.file]![d.severity]! -= 1
                kept.append(d)
            }
        }
        let omitted = fileOrder.compactMap { file -> Omitted? in
            let all = total(file)
            return all > limit ? Omitted(file: file, count: all - limit, total: all) : nil
        }
        return (kept, omitted)
    }

    /// The sentence front ends show for a file's left-out diagnostics.
    public static func message(_ omitted: Omitted) -> String {
        "\(omitted.count) more \(omitted.count == 1 ? "diagnostic" : "diagnostics") in this file not shown: "
            + "only the first \(omitted.total - omitted.count) of \(omitted.total) are, errors first"
    }
}
