#if os(Linux)
    import Synchronization
#endif

/// The token and node arrays of a large syntax tree that is gone, kept for the next large
/// tree to be built in.
///
/// The language server reads a 100k-transaction file again on every edit, and each new
/// tree needs megabytes of arrays while the tree before it is still in use. Fresh arrays
/// cost page faults on every edit, and freed an edit later they leave holes of that size in
/// the heap, which then grows around them. A tree of at least ``minimumTokens`` tokens hands
/// its arrays over here when it goes, and the next tree of about that size takes them
/// (emptied, their capacity kept): two trees' arrays go round, edit after edit, instead of
/// a new set each time. One set is kept, the last one handed over; on platforms without
/// `Mutex` nothing is kept. The arrays are values: one still shared when it is taken is
/// copied by the first append, never changed under its other holder.
enum RetiredTreeStorage {
    /// Trees smaller than this many tokens (a file of about 5,000 lines) keep nothing: their
    /// arrays cost little to make, and a small file must not take a large file's set.
    static let minimumTokens = 1 << 16

    /// The three arrays of a tree.
    struct Arrays: Sendable {
        var kinds: [TokenKind]
        var starts: [UInt32]
        var nodes: [NodeRecord]
    }

    #if os(Linux)
        private static let slot = Mutex<Arrays?>(nil)
    #endif

    /// Keeps the arrays of a tree that is going, if it is large.
    static func retire(kinds: [TokenKind], starts: [UInt32], nodes: [NodeRecord]) {
        guard kinds.count >= minimumTokens else { return }
        #if os(Linux)
            let arrays = Arrays(kinds: kinds, starts: starts, nodes: nodes)
            // The set it replaces, if any, is freed after the lock is let go.
            let replaced = slot.withLock { stored in
                let old = stored
                stored = arrays
                return old
            }
            _ = consume replaced
        #endif
    }

    /// Frees the set kept, if any.
    static func release() {
        #if os(Linux)
            // Freed after the lock is let go.
            let released = slot.withLock { stored in stored.take() }
            _ = consume released
        #endif
    }

    /// Empty arrays with room for `tokens` token kinds, `tokens + 1` starts and `nodes`
    /// nodes: the kept set when there is one and this many tokens are large, else new arrays.
    static func take(tokens: Int, nodes: Int) -> Arrays {
        var kept: Arrays? = nil
        #if os(Linux)
            if tokens >= minimumTokens { kept = slot.withLock { stored in stored.take() } }
        #endif
        // Moved out of the optional, so that each array has one holder and is emptied in place.
        var arrays = (consume kept) ?? Arrays(kinds: [], starts: [], nodes: [])
        arrays.kinds.removeAll(keepingCapacity: true)
        arrays.starts.removeAll(keepingCapacity: true)
        arrays.nodes.removeAll(keepingCapacity: true)
        let large = tokens >= minimumTokens
        reserve(&arrays.kinds, tokens, withGrowth: large)
        reserve(&arrays.starts, tokens + 1, withGrowth: large)
        reserve(&arrays.nodes, nodes, withGrowth: large)
        return arrays
    }

    /// Copies the arrays of a large tree into arrays that fit, when they have much more
    /// room than they use: the first chunk of a whole-file parse reserves by an estimate
    /// (a quarter of the file's bytes in tokens, about twice what a budget has), and the
    /// room of a large tree's arrays goes with them from tree to tree.
    static func fit(_ kinds: inout [TokenKind], _ starts: inout [UInt32], _ nodes: inout [NodeRecord]) {
        guard kinds.count >= minimumTokens else { return }
        fit(&kinds)
        fit(&starts)
        fit(&nodes)
    }

    /// Readies `array`, about to be filled to `count` elements by appends, so that ``fit``
    /// finds nothing to copy: when `tokens` make a large tree and the array has much more
    /// room than `count` needs (the first chunk's estimate), its elements move into an array
    /// of ``room(for:)`` now, while it holds one chunk, rather than after the whole tree is
    /// in it (that copy held the first chunk grown to the whole tree, the other chunks and
    /// the copy at once: two and a half trees' arrays, where this holds one and a half).
    /// Otherwise it gets room for `count`, so that appending does not grow it step by step.
    static func prepare<Element>(_ array: inout [Element], for count: Int, tokens: Int) {
        let large = tokens >= minimumTokens
        if large && array.capacity > room(for: count) + count / 16 {
            var fitted: [Element] = []
            fitted.reserveCapacity(room(for: count))
            fitted.append(contentsOf: array)
            array = fitted
        } else if array.capacity < count {
            array.reserveCapacity(large ? room(for: count) : count)
        }
    }

    /// Room for `count` elements and some growth: a file grows a little with most edits,
    /// and arrays a few elements short would be made again.
    static func room(for count: Int) -> Int { count + count / 32 + 16 }

    private static func reserve<Element>(_ array: inout [Element], _ count: Int, withGrowth: Bool) {
        guard array.capacity < count else { return }
        array.reserveCapacity(withGrowth ? room(for: count) : count)
    }

    private static func fit<Element>(_ array: inout [Element]) {
        guard array.capacity > room(for: array.count) + array.count / 16 else { return }
        var fitted: [Element] = []
        fitted.reserveCapacity(room(for: array.count))
        fitted.append(contentsOf: array)
        array = fitted
    }
}
