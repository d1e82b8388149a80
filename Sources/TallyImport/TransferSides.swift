import TallyCore
import TallySyntax

/// Which bank movements each transfer of a budget records, side by side: an imported
/// transfer carries the id of the sending wallet's movement as `from-id:` and of the
/// receiving wallet's as `to-id:` (Grammar.md §7.3). A side without one is open: the
/// next statement of that wallet whose movement fits the transfer fills it, instead of
/// adding the movement a second time.
public struct TransferSides: Sendable {
    /// The ids a transfer carries, by side.
    public struct Sides: Sendable, Equatable {
        public var from: String?
        public var to: String?
    }

    /// The metadata keys of the two sides.
    public static let fromKey = "from-id", toKey = "to-id"

    /// The sides of each transfer, by the model's entry index; transfers without ids are
    /// not listed (both their sides are open).
    public private(set) var sides: [Int: Sides] = [:]

    /// No transfer has an id.
    public init() {}

    /// The sides of `model`'s transfers, read from their `from-id:` and `to-id:` lines in `budget`.
    public init(budget: Budget, model: BudgetModel) {
        var transfersOf: [String: [Int: SyntaxNode]] = [:]
        // Entries read in place: a copy of each of 100k would cost more than the look-ups.
        for i in model.entries.indices {
            guard model.entries[i].transfer != nil else { continue }
            let file = model.entries[i].location.file
            if transfersOf[file] == nil {
                var byStart: [Int: SyntaxNode] = [:]
                for node in budget.file(file)?.tree.entries(of: .transfer) ?? [] { byStart[node.range.start] = node }
                transfersOf[file] = byStart
            }
            guard let node = transfersOf[file]?[model.entries[i].location.range.start], let transfer = TransferSyntax(node) else { continue }
            let found = Sides(from: transfer.metadata(Self.fromKey), to: transfer.metadata(Self.toKey))
            if found.from != nil || found.to != nil { sides[i] = found }
        }
    }

    /// Every id the transfers carry.
    public var ids: [String] { sides.values.flatMap { [$0.from, $0.to].compactMap { $0 } } }
}
