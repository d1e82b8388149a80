/// A JSON value as a statement holds it, read without Foundation: numbers are kept as
/// the text they are written as (`-459.0`, `26540001234`), so an amount is read exactly
/// into `Money` and a long movement id keeps every digit, never through a `Double`.
/// Objects remember where they start, for messages; nesting deeper than
/// `MarkupSafety.maximumDepth` is refused, as in XML statements.
indirect enum StatementJSON: Sendable, Equatable {
    case object([String: StatementJSON], StatementPosition)
    case array([StatementJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    subscript(key: String) -> StatementJSON? {
        if case .object(let members, _) = self { return members[key] }
        return nil
    }

    /// A string's text, or a number's as written; nil for anything else.
    var text: String? {
        switch self {
        case .string(let s), .number(let s): s
        default: nil
        }
    }

    /// Parses `text`, or throws with the line and column where it stops being JSON.
    static func parse(_ text: String, path: String) throws(StatementError) -> StatementJSON {
        var reader = Reader(bytes: Array(text.utf8), path: path)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw reader.error("text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let path: String
        var i = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
        }

        var position: StatementPosition {
            // Columns count characters: the bytes of the line so far, without continuation bytes.
            StatementPosition(line: line, column: 1 + bytes[lineStart ..< i].filter { $0 & 0xC0 != 0x80 }.count)
        }

        func error(_ what: String) -> StatementError {
            StatementError(path: path, position: position, message: "not well-formed JSON: \(what)")
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
                if bytes[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
        }

        mutating func value(depth: Int) throws(StatementError) -> StatementJSON {
            guard depth < MarkupSafety.maximumDepth else { throw MarkupSafety.depthError(at: position, path: path) }
            guard i < bytes.count else { throw error("the file ends inside a value (cut short?)") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                let start = position
                i += 1
                var members: [String: StatementJSON] = [:]
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members, start)
                }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("a name in quotes expected") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("`:` expected") }
                    i += 1
                    skipSpace()
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    guard i < bytes.count else { throw error("the file ends inside an object (cut short?)") }
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return .object(members, start)
                    }
                    guard bytes[i] == UInt8(ascii: ",") else { throw error("`,` or `}` expected") }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [StatementJSON] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("the file ends inside a list (cut short?)") }
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return .array(items)
                    }
                    guard bytes[i] == UInt8(ascii: ",") else { throw error("`,` or `]` expected") }
                    i += 1
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                let start = i
                while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
                return .number(String(decoding: bytes[start ..< i], as: UTF8.self))
            default:
                for (word, value) in [("true", StatementJSON.bool(true)), ("false", .bool(false)), ("null", .null)]
                where bytes[i...].starts(with: word.utf8) {
                    i += word.utf8.count
                    return value
                }
                throw error("unexpected `\(String(decoding: bytes[i ..< min(i + 10, bytes.count)], as: UTF8.self))`")
            }
        }

        mutating func string() throws(StatementError) -> String {
            i += 1
            var scalars = String.UnicodeScalarView()
            var plain = i
            func flush() { scalars.append(contentsOf: String(decoding: bytes[plain ..< i], as: UTF8.self).unicodeScalars) }
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    flush()
                    i += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard i + 1 < bytes.count else { throw error("the file ends inside a text") }
                    let escape = bytes[i + 1]
                    i += 2
                    let simple: [UInt8: Unicode.Scalar] = [0x22: "\"", 0x5C: "\\", 0x2F: "/", 0x62: "\u{8}", 0x66: "\u{C}", 0x6E: "\n", 0x72: "\r", 0x74: "\t"]
                    if let scalar = simple[escape] {
                        scalars.append(scalar)
                    } else if escape == UInt8(ascii: "u") {
                        var unit = try hex4()
                        if (0xD800 ..< 0xDC00).contains(unit), bytes[i...].starts(with: "\\u".utf8) {
                            i += 2
                            let low = try hex4()
                            unit = (0xDC00 ..< 0xE000).contains(low) ? 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        }
                        scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    } else {
                        throw error("an unknown escape in a text")
                    }
                    plain = i
                case 0x0A: throw error("a line break inside a text")
                default: i += 1
                }
            }
            throw error("the file ends inside a text (cut short?)")
        }

        mutating func hex4() throws(StatementError) -> UInt32 {
            guard i + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[i ..< i + 4], as: UTF8.self), radix: 16) else {
                throw error("`\\u` needs four hexadecimal digits")
            }
            i += 4
            return value
        }
    }
}
