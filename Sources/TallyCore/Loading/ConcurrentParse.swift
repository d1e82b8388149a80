import Dispatch
import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses a large file on all cores: cut into chunks at entry boundaries, the chunks
/// parsed concurrently, the results joined. The tree is identical to `Parser.parse`'s
/// (same tokens, nodes and diagnostics in the same order); only the time differs.
public enum ConcurrentParse {
    /// Files smaller than this are parsed on one thread: below it, starting threads costs
    /// about what it saves.
    public static let threshold = 1 << 20

    /// Parses `source`, concurrently when it is at least `minimumSize` bytes and there is
    /// more than one core (or `chunks` says how many pieces to cut it into).
    public static func parse(
        _ source: SourceText, minimumSize: Int = threshold,
        chunks: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> SyntaxTree {
        guard chunks > 1, source.bytes.count >= minimumSize, !TextSniffer.isNotText(source.bytes) else { return Parser.parse(source) }
        let boundaries = Parser.chunkBoundaries(of: source.bytes, into: chunks)
        let pieces = boundaries.count - 1
        guard pieces > 1 else { return Parser.parse(source) }
        let results = ResultSlots<Parser.Chunk>(count: pieces)
        DispatchQueue.concurrentPerform(iterations: pieces) { i in
            results.store(Parser.parseChunk(source, range: boundaries[i] ..< boundaries[i + 1]), at: i)
        }
        return Parser.join(results.takeAll(), of: source)
    }
}
