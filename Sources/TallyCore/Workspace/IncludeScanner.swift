import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Finds the files a text includes without reading the rest of it: only lines that start
/// with `include` are parsed. The line starts come from the text's ``LineIndex`` when the
/// caller has one (an open buffer), else from a search for the word itself.
public enum IncludeScanner {
    /// The paths `bytes` (the text of the file at `path`) includes, resolved against its
    /// folder. `lineStarts` are the text's line starts, when known.
    public static func includes(of bytes: [UInt8], path: String, lineStarts: [Int]? = nil) -> [String] {
        let word = Array("include".utf8)
        let starts = lineStarts ?? candidateLineStarts(in: bytes)
        var result: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            for var lineStart in starts {
                // A byte-order mark before the first line is not part of it.
                if lineStart == 0 && n >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { lineStart = 3 }
                guard lineStart + word.count < n && buffer[lineStart] == word[0] else { continue }
                var matches = true
                for k in 1 ..< word.count where buffer[lineStart + k] != word[k] { matches = false; break }
                let after = buffer[lineStart + word.count]
                guard matches && (after == 0x20 || after == 0x09) else { continue }
                var lineEnd = lineStart
                while lineEnd < n && buffer[lineEnd] != 0x0A && buffer[lineEnd] != 0x0D { lineEnd += 1 }
                let tree = Parser.parse(SourceText(path: path, bytes: Array(buffer[lineStart ..< lineEnd])))
                for entry in tree.entries(of: .includeDirective) {
                    if let target = IncludeDirectiveSyntax(entry)?.path {
                        result.append(Paths.resolve(target, from: path))
                    }
                }
            }
        }
        return result
    }

    /// The starts of the lines that begin with `i` (candidates for `include`), found
    /// without building a line index: `memchr` hops from one line break to the next (LF,
    /// and CR for files that end lines with CR alone), so a large budget costs little
    /// beside reading it, which matters because `tally check` scans every budget file
    /// of a repository. A byte-order mark is skipped by the caller.
    static func candidateLineStarts(in bytes: [UInt8]) -> [Int] {
        var starts: [Int] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return }
            let n = buffer.count
            for lineBreak in [0x0A, 0x0D] as [Int32] {
                var from = 0
                while from < n - 1, let hit = memchr(base + from, lineBreak, n - from) {
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if at + 1 < n && buffer[at + 1] == 0x69 { starts.append(at + 1) }
                    from = at + 1
                }
            }
        }
        return starts.sorted()
    }
}
