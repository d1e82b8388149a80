/// Giving a tree's memory back while it is read for the last time, front to back.
///
/// A one-shot check of a large budget holds its text, its trees and the entries lowered
/// from them at once, and the trees are larger than the text (BENCHMARKS.md, "1M: where
/// the peak goes"). The trees go as a whole only once every entry is lowered. A lowering that will not
/// read what lies behind it again gives those pages back as it goes instead
/// (`Interpreter.run(releasing:)`), so the entries grow into memory the trees leave.
extension SyntaxTree {
    /// Gives back the whole memory pages that hold only nodes `nodes` and token kinds and
    /// starts `tokens`: each run of whole pages of `pageSize` bytes inside them is handed
    /// to `giveBack` (start, length), which returns it to the system (`FreedMemory` in
    /// TallyCore: the syntax layer calls no C library). Afterwards those nodes and tokens
    /// read as zeros: only for the holder of the sole reference to the tree, who reads
    /// neither again (the nodes and tokens after them stay as they were). Allocates
    /// nothing.
    public func discardStorage(
        nodes discardedNodes: Range<Int>, tokens: Range<Int>, pageSize: Int, giveBack: (UnsafeMutableRawPointer, Int) -> Void
    ) {
        guard pageSize > 0 else { return }
        SyntaxTree.discard(nodes, discardedNodes, pageSize, giveBack)
        SyntaxTree.discard(tokenKinds, tokens, pageSize, giveBack)
        SyntaxTree.discard(tokenStarts, tokens, pageSize, giveBack)
    }

    /// The whole pages inside `range` of `array`'s elements, handed to `giveBack`. Pages
    /// partly outside the range are kept, so two callers discarding ranges that meet never
    /// touch each other's.
    private static func discard<Element>(
        _ array: [Element], _ range: Range<Int>, _ page: Int, _ giveBack: (UnsafeMutableRawPointer, Int) -> Void
    ) {
        let range = range.clamped(to: 0 ..< array.count)
        guard !range.isEmpty else { return }
        array.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let stride = MemoryLayout<Element>.stride
            let first = Int(bitPattern: base) + range.lowerBound * stride
            let end = Int(bitPattern: base) + range.upperBound * stride
            let start = (first + page - 1) / page * page
            let stop = end / page * page
            guard stop > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            giveBack(pointer, stop - start)
        }
    }
}
