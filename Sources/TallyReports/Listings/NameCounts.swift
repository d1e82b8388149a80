import TallyCore
import TallySyntax

/// `tally payees` and `tally tags`: the names entries carry, with the number of entries
/// naming each (an entry counts once per name) and the last date, by name in any case.
public struct NameCounts: Sendable {
    /// One name's figures.
    public struct Count: Sendable {
        /// The name as written.
        public let name: String
        /// Entries carrying it.
        public let entries: Int
        /// The last of their dates.
        public let last: CivilDate
    }

    /// The names, ordered by name in any case.
    public let counts: [Count]

    /// Counts the entries within `range` (all without one); `names` gives the names one
    /// entry carries.
    public init(_ budget: ReportBudget, range: ClosedRange<CivilDate>?, names: (Entry) -> Set<String>) {
        var seen: [String: (entries: Int, last: CivilDate)] = [:]
        for entry in budget.entries(in: range) {
            for name in names(entry) {
                let old = seen[name]
                seen[name] = ((old?.entries ?? 0) + 1, max(old?.last ?? entry.date, entry.date))
            }
        }
        let sorted = seen.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        counts = sorted.map { Count(name: $0, entries: seen[$0]!.entries, last: seen[$0]!.last) }
    }

    /// The payees entries name.
    public static func payees(_ budget: ReportBudget, range: ClosedRange<CivilDate>?) -> NameCounts {
        NameCounts(budget, range: range) { entry in entry.payee.map { [$0] } ?? [] }
    }

    /// The tags entries carry, without `#`.
    public static func tags(_ budget: ReportBudget, range: ClosedRange<CivilDate>?) -> NameCounts {
        NameCounts(budget, range: range) { entry in Set(entry.tags) }
    }

    /// `{"<key>s": [{"name", "entries", "last"}]}`: `key` is `payee` or `tag`.
    public func json(key: String) -> JSONValue {
        .object([
            (
                key + "s",
                .array(
                    counts.map { count in
                        .object([("name", .string(count.name)), ("entries", .number(count.entries)), ("last", .string(count.last.description))])
                    })
            )
        ])
    }
}
