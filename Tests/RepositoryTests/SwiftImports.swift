#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

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
        source.withCString { scan($0) { if let module = importedModule($0) { modules.insert(module) } } }
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

    /// Where the scanner is, below the file's own code: a string literal (its `#`s, one
    /// line or several), a block comment (nested), or code inside an interpolation (with
    /// the parentheses opened in it).
    private enum Context {
        case string(hashes: Int, multiline: Bool)
        case comment(depth: Int)
        case interpolation(parentheses: Int)
    }

    private static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    private static let newline = UInt8(ascii: "\n"), semicolon = UInt8(ascii: ";"), backslash = UInt8(ascii: "\\")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    /// The bytes a declaration that may be an import starts with: `@` of an attribute,
    /// or the first letter of `import` or of an access level.
    private static let declarationStarts: Set<UInt8> = Set("@ipfo".utf8)

    /// Hands `found` the text of every statement of the file's own code (outside
    /// comments, strings and interpolations) that starts like an import declaration, up
    /// to the end of its line, a `;` or a comment. One pass over the bytes (every
    /// delimiter is ASCII), passing runs of bytes that change nothing with `strcspn`.
    private static func scan(_ text: UnsafePointer<CChar>, _ found: (Substring) -> Void) {
        let count = strlen(text)
        var stack: [Context] = []
        var i = 0
        var statementStart = true
        func byte(_ k: Int) -> UInt8 { k < count ? UInt8(bitPattern: text[k]) : 0 }
        func hashes(from k: Int) -> Int {
            var n = 0
            while byte(k + n) == hash { n += 1 }
            return n
        }
        func isTripleQuote(_ k: Int) -> Bool { byte(k) == quote && byte(k + 1) == quote && byte(k + 2) == quote }
        while i < count {
            // The bytes that matter where the scanner is; those between are passed at once.
            switch stack.last {
            case .string?: i += strcspn(text + i, "\\\"\n")
            case .comment?: i += strcspn(text + i, "/*")
            case .interpolation?: i += strcspn(text + i, "()/#\"")
            case nil: i += statementStart ? strspn(text + i, " \t") : strcspn(text + i, "\n;/#\"")
            }
            guard i < count else { break }
            let c = byte(i)
            switch stack.last {
            case .string(let n, let multiline)?:
                if c == backslash, hashes(from: i + 1) >= n {
                    // An escape: `\(` opens an interpolation; any other escaped byte is skipped.
                    if byte(i + 1 + n) == open { stack.append(.interpolation(parentheses: 0)) }
                    i += n + 2
                } else if multiline ? isTripleQuote(i) && hashes(from: i + 3) >= n : c == quote && hashes(from: i + 1) >= n {
                    stack.removeLast()
                    i += (multiline ? 3 : 1) + n
                } else {
                    // A one-line string cannot go on past its line; the next line is code.
                    if c == newline, !multiline { stack.removeLast() }
                    i += 1
                }
                continue
            case .comment(let depth)?:
                if c == slash, byte(i + 1) == star {
                    stack[stack.count - 1] = .comment(depth: depth + 1)
                    i += 2
                } else if c == star, byte(i + 1) == slash {
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .comment(depth: depth - 1) }
                    i += 2
                } else {
                    i += 1
                }
                continue
            case .interpolation(let parentheses)?:
                if c == open {
                    stack[stack.count - 1] = .interpolation(parentheses: parentheses + 1)
                    i += 1
                    continue
                } else if c == close {
                    if parentheses == 0 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(parentheses: parentheses - 1) }
                    i += 1
                    continue
                }
            case nil:
                if c == newline || c == semicolon {
                    statementStart = true
                    i += 1
                    continue
                }
                if statementStart, c != space, c != tab {
                    statementStart = false
                    if declarationStarts.contains(c) {
                        let length = strcspn(text + i, "\n;/")
                        let bytes = UnsafeRawBufferPointer(start: text + i, count: length).bindMemory(to: UInt8.self)
                        found(Substring(decoding: bytes, as: UTF8.self))
                    }
                }
            }
            // Code: the file's own or an interpolation's.
            if c == slash, byte(i + 1) == slash {
                i += strcspn(text + i, "\n")
            } else if c == slash, byte(i + 1) == star {
                stack.append(.comment(depth: 1))
                i += 2
            } else if c == hash || c == quote, case let n = hashes(from: i), byte(i + n) == quote {
                let multiline = isTripleQuote(i + n)
                stack.append(.string(hashes: n, multiline: multiline))
                i += n + (multiline ? 3 : 1)
            } else {
                i += 1
            }
        }
    }
}
