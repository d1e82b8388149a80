import TallyCore
import TallySyntax

/// `tally stats`: what the budget holds: its files, the number of dated entries, the
/// dates they span, and the entries and last date of each wallet.
public struct BudgetStats: Sendable {
    /// The files read, as named to people.
    public let files: [String]
    /// Dated entries counted.
    public let entries: Int
    /// The first and last of their dates.
    public let first: CivilDate?, last: CivilDate?
    /// Days from the first to the last, both counted; 0 without entries.
    public let days: Int
    /// Each wallet, in file order, with its entries and their last date.
    public let wallets: [(name: String, entries: Int, last: CivilDate?)]

    /// The figures of the entries within `range` (all without one).
    public init(_ budget: ReportBudget, range: ClosedRange<CivilDate>?) {
        let model = budget.model
        let entries = budget.entries(in: range)
        var perWallet = [(entries: Int, last: CivilDate?)](repeating: (0, nil), count: model.wallets.count)
        for entry in entries {
            for w in entry.walletsMoved {
                perWallet[w].entries += 1
                perWallet[w].last = max(perWallet[w].last ?? entry.date, entry.date)
            }
        }
        let first = entries.lazy.map(\.date).min(), last = entries.lazy.map(\.date).max()
        self.files = budget.files
        self.entries = entries.count
        self.first = first
        self.last = last
        self.days = first.flatMap { f in last.map { f.days(until: $0) + 1 } } ?? 0
        self.wallets = model.wallets.indices.map { (model.wallets[$0].name, perWallet[$0].entries, perWallet[$0].last) }
    }

    /// The JSON of docs/reports.md, with the time reading and computing took.
    public func json(milliseconds: Int) -> JSONValue {
        .object([
            ("files", .array(files.map(JSONValue.string))), ("entries", .number(entries)),
            ("first", .optional(first?.description)), ("last", .optional(last?.description)), ("days", .number(days)),
            (
                "wallets",
                .array(
                    wallets.map { w in
                        .object([("name", .string(w.name)), ("entries", .number(w.entries)), ("last", .optional(w.last?.description))])
                    })
            ),
            ("milliseconds", .number(milliseconds))
        ])
    }
}
