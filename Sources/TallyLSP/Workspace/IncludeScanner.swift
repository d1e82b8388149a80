import TallyCore
import TallySyntax

/// Finds the files a text includes without reading the rest of it: only lines that start
/// with `include` are parsed, so scanning a large budget costs one pass over its bytes.
enum IncludeScanner {
    /// The paths `bytes` (the text of the file at `path`) includes, resolved against its folder.
    static func includes(of bytes: [UInt8], path: String) -> [String] {
        let word = Array("include".utf8)
        var result: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            let n = buffer.count
            while lineStart < n {
                var lineEnd = lineStart
                while lineEnd < n && buffer[lineEnd] != 0x0A && buffer[lineEnd] != 0x0D { lineEnd += 1 }
                if lineEnd - lineStart > word.count, buffer[lineStart] == word[0] {
                    var matches = true
                    for k in 1..<word.count where buffer[lineStart + k] != word[k] { matches = false; break }
                    let after = buffer[lineStart + word.count]
                    if matches && (after == 0x20 || after == 0x09) {
                        let line = Array(buffer[lineStart..<lineEnd])
                        let tree = Parser.parse(SourceText(path: path, bytes: line))
                        for entry in tree.entries(of: .includeDirective) {
                            if let target = IncludeDirectiveSyntax(entry)?.path {
                                result.append(Paths.resolve(target, from: path))
                            }
                        }
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        return result
    }
}
