import Dispatch
import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Top-level nodes of one file whose dated entries are lowered together.
struct EntryRange: Sendable {
    let file: BudgetFile
    /// Preorder indices; both ends are top-level nodes (or the node count).
    let nodes: Range<Int>
    /// The file's path, as every entry's location keeps it.
    let path: String

    init(file: BudgetFile, nodes: Range<Int>, path: String? = nil) {
        self.file = file
        self.nodes = nodes
        self.path = path ?? file.path
    }

    /// The same range with a path string of its own: every entry lowered retains its
    /// file's path, and two threads retaining one string contend for its reference count.
    var withOwnPath: EntryRange {
        EntryRange(file: file, nodes: nodes, path: String(decoding: Array(path.utf8), as: UTF8.self))
    }

    /// Every top-level node of every file, in reading order.
    static func whole(_ budget: Budget) -> [EntryRange] {
        budget.files.map { EntryRange(file: $0, nodes: 1 ..< max($0.tree.nodeCount, 1)) }
    }

    /// The budget's entries in two parts of about equal size, cut before a top-level node,
    /// or nil when the budget has fewer than `minimumNodes` nodes.
    static func halves(of budget: Budget, minimumNodes: Int) -> (first: [EntryRange], second: [EntryRange])? {
        let total = budget.files.reduce(0) { $0 + $1.tree.nodeCount }
        guard total >= minimumNodes, total > 2 else { return nil }
        var before = 0
        for (k, file) in budget.files.enumerated() {
            let count = file.tree.nodeCount
            defer { before += count }
            guard before + count > total / 2 else { continue }
            let flat = FlatSyntax(file.tree)
            var node = 1
            while node < count && before + node < total / 2 { node = flat.subtreeEnd(node) }
            return split(budget, file: k, node: node)
        }
        return nil
    }

    /// The budget's entries cut before top-level node `node` of file `file` (the node
    /// count cuts after the file).
    static func split(_ budget: Budget, file k: Int, node: Int) -> (first: [EntryRange], second: [EntryRange]) {
        let parts = whole(budget)
        let file = budget.files[k]
        let end = max(file.tree.nodeCount, 1)
        return (
            Array(parts[..<k]) + [EntryRange(file: file, nodes: 1 ..< node)],
            [EntryRange(file: file, nodes: node ..< end)] + Array(parts[(k + 1)...])
        )
    }
}

/// Lowering the dated entries of a large budget in two halves at once.
///
/// Once the declarations are read, lowering an entry reads the declaration tables and
/// writes only: the entries, the diagnostics, how often wallets were seen or named, and the
/// string tables (which hand out values, not indices). So each half runs on its own copy
/// of the lowering, numbering its entries from 0, and the halves are joined: the second
/// half's entries follow the first's with their reading order shifted by the first's
/// count, its diagnostics (past those of the declarations) follow the first's, and the
/// wallet counts are added. The result is what lowering all entries in order gives, which
/// `ConcurrentLoweringTests` checks at every possible cut.
extension Lowering {
    /// The second part of a budget's entries, lowered on its own copy of the lowering,
    /// waiting to be joined to the first (``join(_:)``).
    struct LoweredPart {
        let lowering: Lowering
        /// How many diagnostics the declarations made: the part's own come after them.
        let declarationDiagnostics: Int
    }

    /// Lowers `first` into this lowering and `second` on a copy, at once; returns the
    /// second for ``join(_:)``.
    mutating func lowerConcurrently(_ first: [EntryRange], _ second: [EntryRange]) -> LoweredPart {
        let base = self
        let halves = ResultSlots<Lowering>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var part = base
            // Room of its own (the copy shares the base's empty reserved array): the first
            // half's for all entries, so that the join appends without growing it; the
            // second half's in blocks, so that it goes a block at a time as it is joined.
            part.entries = []
            part.entries.reserveCapacity(half == 0 ? base.entries.capacity : Lowering.joinBlock)
            if half == 1 { part.entryBlock = Lowering.joinBlock }
            // The second half counts only its own names; the join adds them to the first's.
            if half == 1 { part.clearWalletCounts() }
            var order = 0
            for range in half == 0 ? first : second.map(\.withOwnPath) { part.lowerEntries(range, order: &order) }
            halves.store(part, at: half)
        }
        // Taken out one by one so that no other reference to the first half's arrays
        // remains, and the join appends to them in place.
        let later = LoweredPart(lowering: halves.take(1), declarationDiagnostics: base.diagnostics.count)
        self = halves.take(0)
        return later
    }

    /// Lowers the two parts one after the other, each on its own copy, as
    /// ``lowerConcurrently(_:_:)`` does; for tests, which try every cut.
    mutating func lowerInParts(_ first: [EntryRange], _ second: [EntryRange]) -> LoweredPart {
        let base = self
        var a = base
        var b = base
        b.clearWalletCounts()
        // Blocks of three entries, so that every cut tries joins of several blocks.
        b.entryBlock = 3
        var order = 0
        for range in first { a.lowerEntries(range, order: &order) }
        order = 0
        for range in second { b.lowerEntries(range, order: &order) }
        self = a
        return LoweredPart(lowering: b, declarationDiagnostics: base.diagnostics.count)
    }

    /// The size of the second part's blocks of entries (``entryBlock``): a few megabytes.
    static let joinBlock = 1 << 15

    /// Sets the counts of wallets seen and named to zero, for a part whose counts are
    /// added to another's.
    mutating func clearWalletCounts() {
        walletSeen = Array(repeating: 0, count: walletSeen.count)
        walletUsed = [:]
    }

    /// Appends what `part` lowered after this lowering's entries; `part` counted only
    /// the wallets its own entries saw and named. Consumed, so that its entries go as
    /// soon as they are appended.
    mutating func join(_ part: consuming LoweredPart) {
        var later = part.lowering
        let declarationDiagnostics = part.declarationDiagnostics
        _ = consume part
        let start = entries.count
        let shift = Int32(truncatingIfNeeded: start)
        // A block at a time, each freed once appended: the part's entries and their copy
        // are never held whole at once.
        for block in later.sealedEntries.indices {
            entries.append(contentsOf: later.sealedEntries[block])
            later.sealedEntries[block] = []
        }
        entries.append(contentsOf: later.entries)
        later.entries = []
        // Renumbered in place: a copy of each entry would touch its reference counts.
        entries.withUnsafeMutableBufferPointer { all in
            for i in start ..< all.count { all[i].readingOrder += shift }
        }
        diagnostics += later.diagnostics[declarationDiagnostics...]
        for (wallet, seen) in later.walletSeen.enumerated() { walletSeen[wallet] += seen }
        walletUsed.merge(later.walletUsed, uniquingKeysWith: +)
    }
}
