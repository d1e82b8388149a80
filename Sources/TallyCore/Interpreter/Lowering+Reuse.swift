import TallySyntax

/// What lowering a budget produced, kept so that the next interpretation after an edit
/// lowers only the entries the edit touched (see ``Interpreter/interpret(_:today:reusing:)``).
///
/// An editor keeps one per open budget. It holds the budget's trees, the declaration
/// tables and the entries, the last as the model's own array: in reading order when the
/// budget is written in date order (the lowering's and the model's orders are then the
/// same), else in date order, each entry knowing its place in reading order. So keeping it
/// costs no second array of entries.
public struct LoweredBudget: Sendable {
    /// The budget that was lowered.
    public let budget: Budget
    /// The lowering after the declarations, before any entry.
    let declarations: Lowering
    /// The lowering after every entry, without its entries (see `entries`).
    var result: Lowering
    /// The entries, shared with the model.
    var entries: [Entry]
    /// True when `entries` are in reading order; else they are in date order.
    let entriesInReadingOrder: Bool

    /// The entries in reading order, as lowering them left them; nil when their reading
    /// orders are not exactly `0 ..< count` (which lowering never leaves).
    var readingOrderEntries: [Entry]? {
        if entriesInReadingOrder { return entries }
        return LoweredBudget.inReadingOrder(entries)
    }

    /// `entries` put back in reading order by their `order`.
    static func inReadingOrder(_ entries: [Entry]) -> [Entry]? {
        var slots = [Int](repeating: -1, count: entries.count)
        for (i, entry) in entries.enumerated() {
            guard slots.indices.contains(entry.order), slots[entry.order] < 0 else { return nil }
            slots[entry.order] = i
        }
        return slots.map { entries[$0] }
    }
}

/// Lowering again after an edit, from the previous lowering.
///
/// Once the declarations are read, an entry's lowering depends on the entry and the
/// declaration tables only, and adds to the lowering's entries, its diagnostics and its
/// counts of wallets seen and named (the same fact the concurrent lowering rests on). So
/// when an edit changed the dated entries between two cuts of one file
/// (``ChangedRegion``) and no declaration from the first cut on, the new lowering is the
/// old one with the region's old contribution taken out and its new one put in: its old
/// entries and diagnostics are replaced by those of lowering the new region, the counts
/// have the old region's subtracted and the new region's added, and what follows the
/// region in that file moves by the change in length. When a declaration lies in or after
/// the region, the declarations are read again (they are few) and the same is done if
/// they resolve entries alike (``resolvesEntriesAlike(_:)``), with the new declaration
/// tables and diagnostics. Every other case (a name, currency or decimal changed, a file
/// added or removed, two files changed, a count that does not match) gives nil, and the
/// budget is lowered whole. `LoweringReuseTests` compares the result with a
/// whole lowering after chains of random edits
/// to every file of single- and multi-file budgets.
extension Lowering {
    /// The declaration-only and the full lowering of `budget`, made from `previous`; nil
    /// when it must be lowered whole.
    ///
    /// `previous` is consumed: when nothing else holds its entries (an editor lets the old
    /// model go first), they are replaced in place rather than copied.
    static func reusing(_ previous: consuming LoweredBudget, for budget: Budget) -> (declarations: Lowering, result: Lowering)? {
        let oldFiles = previous.budget.files
        let newFiles = budget.files
        guard let change = changedFile(from: oldFiles, to: newFiles) else { return nil }
        guard case .one(let k, let region) = change else {
            guard let entries = previous.readingOrderEntries else { return nil }
            var result = previous.result
            result.entries = entries
            return (previous.declarations, result)
        }
        let oldDeclarations = previous.declarations
        guard let reread = regionAndDeclarations(oldDeclarations, k, region, from: oldFiles, to: budget) else { return nil }
        var declarations = reread.declarations
        let redeclared = reread.redeclared

        // The region's contribution before and after the edit, each lowered on its own.
        let old = oldDeclarations.lowered(EntryRange(file: oldFiles[k], nodes: reread.oldNodes))
        let new = declarations.lowered(EntryRange(file: newFiles[k], nodes: reread.newNodes))
        let declared = oldDeclarations.diagnostics.count
        // The entries are taken out of `previous`, not copied, so that when nothing else
        // holds them (an editor lets the old model go first) they change in place.
        var kept = consume previous
        var result = kept.result
        if kept.entriesInReadingOrder {
            swap(&result.entries, &kept.entries)
        } else {
            guard let ordered = LoweredBudget.inReadingOrder(kept.entries) else { return nil }
            kept.entries = []
            result.entries = ordered
        }

        let cut = RegionCut(files: newFiles, file: k, region: region)
        guard cut.splice(&result.entries, old: old.entries.count, new: new.entries) else { return nil }
        guard
            let diagnostics = cut.splice(
                result.diagnostics, old: old.diagnostics, new: new.diagnostics, declared: declared,
                declarations: &declarations, redeclared: redeclared)
        else { return nil }
        result.diagnostics = diagnostics
        result.syntaxErrors = declarations.syntaxErrors
        carryCounts(into: &result, old: old, new: new, oldDeclarations: oldDeclarations, declarations: redeclared ? declarations : nil)
        return (declarations, result)
    }

    /// Which file an edit changed, between the files of two lowerings.
    enum FileChange {
        /// No file's text changed.
        case none
        /// The file at index `file` changed, in `region` only.
        case one(file: Int, region: ChangedRegion)
    }

    /// The one file changed from `oldFiles` to `newFiles`; nil when the budget must be
    /// lowered whole (files added, removed, renamed, two changed, or not text).
    static func changedFile(from oldFiles: [BudgetFile], to newFiles: [BudgetFile]) -> FileChange? {
        guard oldFiles.count == newFiles.count else { return nil }
        var changed: (file: Int, region: ChangedRegion)?
        for k in oldFiles.indices {
            let (a, b) = (oldFiles[k], newFiles[k])
            guard a.path == b.path else { return nil }
            guard a.tree !== b.tree else { continue }
            // The loader found the region when it re-read the file from this tree.
            let known = b.edit.flatMap { $0.previous == ObjectIdentifier(a.tree) ? $0.region : nil }
            guard let region = known ?? Parser.changedRegion(from: a.tree.source.bytes, to: b.tree.source.bytes) else { continue }
            guard changed == nil else { return nil }
            // A file that is not text, before or after, has a tree of its own kind (one
            // E0105 and nothing lowered): nothing of the other tree's entries carries over
            // (found by fuzzing: the entries outside the edit stayed after the file turned
            // into not-text).
            guard !a.tree.isNotText, !b.tree.isNotText else { return nil }
            changed = (k, region)
        }
        guard let changed else { return FileChange.none }
        return .one(file: changed.file, region: changed.region)
    }

    /// The declarations to lower the new region with, and the region's top-level nodes in
    /// file `k` before and after the edit; nil when the budget must be lowered whole.
    static func regionAndDeclarations(
        _ oldDeclarations: Lowering, _ k: Int, _ region: ChangedRegion, from oldFiles: [BudgetFile], to budget: Budget
    ) -> (declarations: Lowering, oldNodes: Range<Int>, newNodes: Range<Int>, redeclared: Bool)? {
        let newTree = budget.files[k].tree
        if let o = datedRegion(of: oldFiles[k].tree, from: region.start, to: region.oldEnd),
            let n = datedRegion(of: newTree, from: region.start, to: region.newEnd)
        {
            var declarations = oldDeclarations
            declarations.syntaxErrors = syntaxErrorStarts(of: budget)
            return (declarations, o, n, false)
        }
        // A declaration was edited, or lies after the edit (its recorded position
        // moves). Declarations are a few dozen nodes: read them again, and keep the
        // entries when every name, currency and decimal an entry is resolved by is
        // what it was (an amount, a date or a flag of a declaration changed, say).
        var fresh = Lowering()
        fresh.usesFlatPath = oldDeclarations.usesFlatPath
        fresh.concurrentLoweringThreshold = oldDeclarations.concurrentLoweringThreshold
        fresh.cutForTesting = oldDeclarations.cutForTesting
        fresh.lowerDeclarations(budget)
        guard fresh.resolvesEntriesAlike(oldDeclarations) else { return nil }
        let oldNodes = topLevelRegion(of: oldFiles[k].tree, from: region.start, to: region.oldEnd)
        let newNodes = topLevelRegion(of: newTree, from: region.start, to: region.newEnd)
        return (fresh, oldNodes, newNodes, true)
    }

    /// Counts: the old region's out, the new region's in; and, when the declarations were
    /// read again (`declarations` not nil), the old declarations' out and the new ones'
    /// in, with the new declaration tables (opening amounts, limits, envelopes, goals,
    /// rules) in place of the old and what the entries added carried over.
    static func carryCounts(into result: inout Lowering, old: Lowering, new: Lowering, oldDeclarations: Lowering, declarations: Lowering?) {
        for w in result.walletSeen.indices { result.walletSeen[w] += new.walletSeen[w] - old.walletSeen[w] }
        for (name, count) in old.walletUsed { result.walletUsed[name, default: 0] -= count }
        for (name, count) in new.walletUsed { result.walletUsed[name, default: 0] += count }
        if let declarations {
            for w in result.walletSeen.indices { result.walletSeen[w] += declarations.walletSeen[w] - oldDeclarations.walletSeen[w] }
            for (name, count) in oldDeclarations.walletUsed { result.walletUsed[name, default: 0] -= count }
            for (name, count) in declarations.walletUsed { result.walletUsed[name, default: 0] += count }
            var merged = declarations
            swap(&merged.entries, &result.entries)
            merged.diagnostics = result.diagnostics
            merged.walletSeen = result.walletSeen
            merged.walletUsed = result.walletUsed
            result = merged
        }
        result.walletUsed = result.walletUsed.filter { $0.value != 0 }
    }

    /// True when an entry lowered with these declarations comes out exactly as with
    /// `other`'s: an entry reads the declarations only through the names and their indices,
    /// each wallet's currency, each goal's wallet, the payee rules, the default currency
    /// and the decimals (see `Lowering+Entries`, `Lowering+Flat`). Amounts, dates, limits,
    /// flags and positions of declarations are not among them.
    func resolvesEntriesAlike(_ other: Lowering) -> Bool {
        defaultCurrency == other.defaultCurrency && decimals == other.decimals
            && walletIndex == other.walletIndex && wallets.map(\.currency) == other.wallets.map(\.currency)
            && walletSeen.count == other.walletSeen.count
            && categoryIndex == other.categoryIndex
            && categories.map(\.name) == other.categories.map(\.name)
            && categories.map(\.isIncome) == other.categories.map(\.isIncome)
            && categories.map(\.isImplicit) == other.categories.map(\.isImplicit)
            && envelopeIndex == other.envelopeIndex && goalIndex == other.goalIndex
            && goals.map(\.wallet) == other.goals.map(\.wallet)
            && ruleIndex == other.ruleIndex && payeeCategory == other.payeeCategory
    }

    /// The top-level nodes of `tree` from the cut at `start` to the one at `end`, whatever
    /// their kind (lowering entries skips declarations).
    static func topLevelRegion(of tree: SyntaxTree, from start: Int, to end: Int) -> Range<Int> {
        let flat = FlatSyntax(tree)
        var first = 1
        while first < flat.nodeCount && flat.range(first).start < start { first = flat.subtreeEnd(first) }
        var last = first
        while last < flat.nodeCount && flat.range(last).start < end { last = flat.subtreeEnd(last) }
        return first ..< last
    }

    /// What lowering the entries of `range` alone adds: its entries (numbered from 0), its
    /// diagnostics, and its counts of wallets seen and named.
    func lowered(_ range: EntryRange) -> Lowering {
        var part = self
        part.entries = []
        part.diagnostics = []
        part.clearWalletCounts()
        var order = 0
        part.lowerEntries(range, order: &order)
        return part
    }

    /// The top-level nodes of `tree` from the cut at `start` to the one at `end`, when
    /// they and every top-level node after them are dated entries (a declaration there
    /// would have its recorded position moved); nil otherwise.
    static func datedRegion(of tree: SyntaxTree, from start: Int, to end: Int) -> Range<Int>? {
        let flat = FlatSyntax(tree)
        var first = 1
        while first < flat.nodeCount && flat.range(first).start < start { first = flat.subtreeEnd(first) }
        var last = first
        while last < flat.nodeCount && flat.range(last).start < end { last = flat.subtreeEnd(last) }
        var node = first
        while node < flat.nodeCount {
            guard flat.kind(node).isDatedEntry else { return nil }
            node = flat.subtreeEnd(node)
        }
        return first ..< last
    }
}

/// Where an edited region lies in a budget's reading order, and how to put the region's
/// new entries and diagnostics in place of its old ones.
///
/// Reading order is the files' order, then position: the region's entries and diagnostics
/// go before the first that lies at or after the region's start, in its file or a later
/// one (when the region and the rest of its file lowered nothing, that is the next file's
/// first, not the end).
private struct RegionCut {
    /// Each file's place in the budget's order, by path.
    let rank: [String: Int]
    /// The index of the edited file.
    let file: Int
    /// The edited file's path.
    let path: String
    let region: ChangedRegion

    init(files: [BudgetFile], file k: Int, region: ChangedRegion) {
        var rank: [String: Int] = [:]
        for (i, file) in files.enumerated() where rank[file.path] == nil { rank[file.path] = i }
        self.rank = rank
        self.file = k
        self.path = files[k].path
        self.region = region
    }

    /// The first of `count` items, given by file and offset, at or after the region's
    /// start. Items come grouped by file, so a file's rank is looked up once per group.
    func firstAtOrAfterRegion(_ count: Int, from start: Int, _ item: (Int) -> (file: String, offset: Int)) -> Int {
        var file: String?
        var fileRank = 0
        for i in start ..< count {
            let (path, offset) = item(i)
            if path != file {
                file = path
                fileRank = rank[path] ?? Int.max
            }
            if fileRank > self.file || fileRank == self.file && offset >= region.start { return i }
        }
        return count
    }

    /// Replaces the old region's `old` entries in `entries` (in reading order) by `new`,
    /// renumbered, and moves the entries after them; false when the old region's entries
    /// are not together where the cut puts them.
    func splice(_ entries: inout [Entry], old: Int, new: [Entry]) -> Bool {
        let (shift, from, path) = (region.shift, region.oldEnd, self.path)
        // The old region's entries are together, from `first`.
        let first = entries.withUnsafeBufferPointer { entries in
            firstAtOrAfterRegion(entries.count, from: 0) { (entries[$0].location.file, entries[$0].location.range.start) }
        }
        let after = first + old
        guard after <= entries.count,
            entries[first ..< after].allSatisfy({ $0.location.file == path && $0.location.range.start < from }),
            after == entries.count || entries[after].location.file != path
                || entries[after].location.range.start >= from
        else { return false }
        let renumber = Int32(truncatingIfNeeded: new.count - old)
        entries.replaceSubrange(
            first ..< after,
            with: new.lazy.map { entry in
                var entry = entry
                entry.readingOrder += Int32(truncatingIfNeeded: first)
                return entry
            })
        entries.withUnsafeMutableBufferPointer { all in
            for i in first + new.count ..< all.count {
                all[i].move(by: shift, from: from, in: path)
                all[i].readingOrder += renumber
            }
        }
        return true
    }

    /// `diagnostics` with the old region's (`old`) replaced by `new` and the others moved:
    /// the declarations' first (the first `declared`), then the entries' in reading order.
    /// Declarations read again (`redeclared`) bring their own diagnostics and the old ones
    /// are dropped; else `declarations` takes the old ones, moved. Nil when the old
    /// region's are not where the cut puts them, or another reaches into the region.
    func splice(
        _ diagnostics: [Diagnostic], old: [Diagnostic], new: [Diagnostic], declared: Int,
        declarations: inout Lowering, redeclared: Bool
    ) -> [Diagnostic]? {
        let (shift, from) = (region.shift, region.oldEnd)
        let start = firstAtOrAfterRegion(diagnostics.count, from: declared) { (diagnostics[$0].file, diagnostics[$0].range.start) }
        guard start + old.count <= diagnostics.count,
            Array(diagnostics[start ..< start + old.count]) == old
        else { return nil }
        var others = Array(diagnostics[..<start]) + diagnostics[(start + old.count)...]
        for i in others.indices where !redeclared || i >= declared {
            guard !others[i].reaches(into: region.start ..< from, in: path) else { return nil }
            others[i] = others[i].moved(by: shift, from: from, in: path)
        }
        if !redeclared { declarations.diagnostics = Array(others[..<declared]) }
        return declarations.diagnostics + others[declared ..< start] + new + others[start...]
    }
}

private extension Diagnostic {
    /// True when a position of the diagnostic in `path` (its range, a note's, a fix's
    /// edit) overlaps `region`, where the old text is gone (an empty range at either end
    /// is outside it: its place is the same in the new text).
    func reaches(into region: Range<Int>, in path: String) -> Bool {
        func inside(_ range: ByteRange) -> Bool {
            range.isEmpty
                ? range.start > region.lowerBound && range.start < region.upperBound
                : range.start < region.upperBound && range.end > region.lowerBound
        }
        if file == path && (inside(range) || fixes.contains { $0.edits.contains { inside($0.range) } }) { return true }
        return notes.contains { $0.file == path && inside($0.range) }
    }
}
