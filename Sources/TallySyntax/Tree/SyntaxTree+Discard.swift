#if canImport(Glibc)
    import Glibc
#endif

/// Giving a tree's memory back while it is read for the last time, front to back.
///
/// A one-shot check of a large budget holds its text, its trees and the entries lowered
/// from them at once, and the trees are larger than the text (BENCHMARKS.md, "1M: where
/// the peak goes"). The trees go as a whole only once every entry is lowered. A lowering that will not
/// read what lies behind it again gives those pages back as it goes instead
/// (`Interpreter.run(releasing:)`), so the entries grow into memory the trees leave.
extension SyntaxTree {
    /// True where ``discardStorage(nodes:tokens:)`` gives memory back (Linux); elsewhere
    /// it does nothing.
    public static var canDiscardStorage: Bool {
        #if canImport(Glibc)
            return true
        #else
            return false
        #endif
    }

    /// Gives back to the system the whole memory pages that hold only nodes `nodes` and
    /// token kinds and starts `tokens`. Afterwards those nodes and tokens read as zeros:
    /// only for the holder of the sole reference to the tree, who reads neither again
    /// (the nodes and tokens after them stay as they were). Allocates nothing.
    public func discardStorage(nodes discardedNodes: Range<Int>, tokens: Range<Int>) {
        SyntaxTree.discard(nodes, discardedNodes)
        SyntaxTree.discard(tokenKinds, tokens)
        SyntaxTree.discard(tokenStarts, tokens)
    }

    /// `madvise(MADV_DONTNEED)` of the whole pages inside `range` of `array`'s elements:
    /// private anonymous pages, read as zeros afterwards. Pages partly outside the range
    /// are kept, so two callers discarding ranges that meet never touch each other's.
    private static func discard<Element>(_ array: [Element], _ range: Range<Int>) {
        #if canImport(Glibc)
            let range = range.clamped(to: 0 ..< array.count)
            guard !range.isEmpty else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            guard page > 0 else { return }
            array.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                let stride = MemoryLayout<Element>.stride
                let first = Int(bitPattern: base) + range.lowerBound * stride
                let end = Int(bitPattern: base) + range.upperBound * stride
                let start = (first + page - 1) / page * page
                let stop = end / page * page
                guard stop > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
                _ = madvise(pointer, stop - start, MADV_DONTNEED)
            }
        #endif
    }
}
