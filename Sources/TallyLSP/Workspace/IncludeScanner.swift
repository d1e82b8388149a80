import TallyCore
import TallySyntax

/// Finds the files a text includes without reading the rest of it: only lines that start
/// with `include` are parsed. The line starts come from the text's ``LineIndex`` (an open
/// buffer has one already), so a large budget costs a look at the first bytes of each line.
enum IncludeScanner {
    /// The paths `bytes` (the text of the file at `path`) includes, resolved against its
    /// folder. `lineStarts` are the text's line starts, when known.
    static func includes(of bytes: [UInt8], path: String, lineStarts: [Int]? = nil) -> [String] {
        let word = Array("include".utf8)
        let starts = lineStarts ?? LineIndex(SourceText(path: path, bytes: bytes)).lineStarts
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
}
