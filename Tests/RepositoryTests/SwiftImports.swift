/// The modules a Swift source file imports, read as the compiler reads import
/// declarations rather than line by line: a declaration may be indented (inside
/// `#if` … `#else`), carry attributes (`@testable`, `@_exported`, `@preconcurrency`,
/// `@_spi(Name)`) or an access level (`public import`), import one declaration
/// (`import struct Foundation.Date`) or a submodule (`import Darwin.C`) — the module is
/// the path's first component — and share a line with another (`import A; import B`).
/// Comments and string literals are skipped, so help text that starts a line with
/// "import" is not an import.
enum SwiftImports {
    /// The module of every import declaration in `source`.
    static func modules(in source: String) -> Set<String> {
        var modules = Set<String>()
        for statement in code(of: source).split(whereSeparator: { $0 == "\n" || $0 == ";" }) {
            if let module = importedModule(statement) { modules.insert(module) }
        }
        return modules
    }

    private static let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open"]
    private static let declarationKinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// The module `statement` imports, when it is an import declaration.
    private static func importedModule(_ statement: Substring) -> String? {
        var words = statement.split(whereSeparator: \.isWhitespace)[...]
        // Attributes, some with arguments that may hold spaces (`@available(macOS 15, *)`).
        while let word = words.first, word.hasPrefix("@") {
            var open = word.filter { $0 == "(" }.count - word.filter { $0 == ")" }.count
            words = words.dropFirst()
            while open > 0, let more = words.first {
                open += more.filter { $0 == "(" }.count - more.filter { $0 == ")" }.count
                words = words.dropFirst()
            }
        }
        if let word = words.first, accessLevels.contains(word) { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let word = words.first, declarationKinds.contains(word) { words = words.dropFirst() }
        guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
        return String(module)
    }

    /// Where the scanner is: code (inside an interpolation, with the parentheses opened
    /// in it), a string literal (its `#`s, one line or several) or a block comment (nested).
    private enum Context {
        case code(interpolation: Bool, parentheses: Int)
        case string(hashes: Int, multiline: Bool)
        case comment(depth: Int)
    }

    /// `source` with every comment and string literal blanked out (line breaks kept),
    /// interpolations in strings kept as code.
    static func code(of source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var stack: [Context] = [.code(interpolation: false, parentheses: 0)]
        var i = 0
        func at(_ k: Int, _ text: String) -> Bool {
            let t = Array(text.unicodeScalars)
            return k + t.count <= s.count && Array(s[k ..< k + t.count]) == t
        }
        func hashes(from k: Int) -> Int {
            var n = 0
            while k + n < s.count, s[k + n] == "#" { n += 1 }
            return n
        }
        /// Blanks `count` scalars from `i` on, keeping line breaks.
        func skip(_ count: Int) {
            for k in i ..< min(i + count, s.count) { out.append(s[k] == "\n" ? "\n" : " ") }
            i += count
        }
        while i < s.count {
            switch stack[stack.count - 1] {
            case .code(let interpolation, let parentheses):
                if at(i, "//") {
                    while i < s.count, s[i] != "\n" { skip(1) }
                } else if at(i, "/*") {
                    stack.append(.comment(depth: 1))
                    skip(2)
                } else if s[i] == "#" || s[i] == "\"", case let n = hashes(from: i), i + n < s.count, s[i + n] == "\"" {
                    let multiline = at(i + n, "\"\"\"")
                    stack.append(.string(hashes: n, multiline: multiline))
                    skip(n + (multiline ? 3 : 1))
                } else if interpolation, s[i] == "(" {
                    stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
                    out.append(s[i])
                    i += 1
                } else if interpolation, s[i] == ")" {
                    if parentheses == 0 {
                        stack.removeLast()
                        skip(1)
                    } else {
                        stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
                        out.append(s[i])
                        i += 1
                    }
                } else {
                    out.append(s[i])
                    i += 1
                }
            case .string(let n, let multiline):
                let delimiter = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: n)
                if s[i] == "\\", hashes(from: i + 1) >= n {
                    // An escape: `\(` opens an interpolation; any other escaped scalar is skipped.
                    if i + 1 + n < s.count, s[i + 1 + n] == "(" {
                        stack.append(.code(interpolation: true, parentheses: 0))
                        skip(n + 2)
                    } else {
                        skip(n + 2)
                    }
                } else if at(i, delimiter) {
                    stack.removeLast()
                    skip(delimiter.unicodeScalars.count)
                } else if s[i] == "\n", !multiline {
                    // A one-line string cannot go on; the source is wrong, and the next line is code.
                    stack.removeLast()
                    skip(1)
                } else {
                    skip(1)
                }
            case .comment(let depth):
                if at(i, "/*") {
                    stack[stack.count - 1] = .comment(depth: depth + 1)
                    skip(2)
                } else if at(i, "*/") {
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .comment(depth: depth - 1) }
                    skip(2)
                } else {
                    skip(1)
                }
            }
        }
        return String(out)
    }
}
