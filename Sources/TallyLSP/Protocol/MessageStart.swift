/// Reads what it can from the first bytes of a message too large to read whole.
///
/// The server skips a message over its size limit as it streams by, keeping only its
/// start (`FrameEvent.tooLarge`). If that start shows the message is a request, its id is
/// known and the error answer can carry it, so the client's request does not wait for an
/// answer forever. Clients write `jsonrpc`, `id` and `method` before `params`, so the id
/// is nearly always there; when it is not, the answer's id stays null.
public enum MessageStart {
    /// The id of the request that `bytes` begin, when the members read before the bytes
    /// run out include a top-level `id` (a number or a string) and no `result` or `error`
    /// (a response from the client is never answered). Only members of the outer object
    /// count: an `id` inside `params` is not the request's.
    public static func requestID(in bytes: [UInt8]) -> JSON? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var id: JSON?
        while true {
            scanner.skipWhitespace()
            guard let keyRange = scanner.skipString() else { break }
            let key = (try? JSON.parse(Array(bytes[keyRange])))?.stringValue
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { break }
            scanner.skipWhitespace()
            if key == "result" || key == "error" { return nil }
            guard let valueRange = scanner.skipValue() else { break }
            if key == "id", let value = try? JSON.parse(Array(bytes[valueRange])), IncomingMessage.isValidID(value) {
                id = value
            }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ",")) else { break }
        }
        return id
    }

    /// The method and document URI of the notification or request that `bytes` begin, when
    /// they show both: a top-level `method` and `params.textDocument.uri`, as
    /// `textDocument/didOpen` and `didChange` carry them before the document's text. Lets
    /// the server say which buffer it could not read.
    public static func documentMethod(in bytes: [UInt8]) -> (method: String, uri: String)? {
        guard let method = string(at: ["method"], in: bytes), let uri = string(at: ["params", "textDocument", "uri"], in: bytes) else { return nil }
        return (method, uri)
    }

    /// The string at a path of object members from the outermost object, when the bytes
    /// reach it.
    static func string(at path: [String], in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        var remaining = path[...]
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while let wanted = remaining.first {
            scanner.skipWhitespace()
            guard let keyRange = scanner.skipString() else { return nil }
            let key = (try? JSON.parse(Array(bytes[keyRange])))?.stringValue
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            if key == wanted {
                remaining = remaining.dropFirst()
                if remaining.isEmpty {
                    guard let valueRange = scanner.skipValue() else { return nil }
                    return (try? JSON.parse(Array(bytes[valueRange])))?.stringValue
                }
                // Into the member's object: its members are read next.
                guard scanner.take(UInt8(ascii: "{")) else { return nil }
                continue
            }
            guard scanner.skipValue() != nil else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
        return nil
    }

    /// Steps over JSON text without building values; every step returns nil when the text
    /// ends first or is not JSON.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string with its quotes.
        mutating func skipString() -> Range<Int>? {
            let begin = index
            guard take(UInt8(ascii: "\"")) else { return nil }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return begin ..< index
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return nil
        }

        /// Any value: a string, an object or array (nested to any depth, counted, not
        /// recursed), or a number or literal.
        mutating func skipValue() -> Range<Int>? {
            let begin = index
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() != nil else { return nil }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return begin ..< index
                        }
                    default: break
                    }
                    index += 1
                }
                return nil
            default:
                while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                // A number or literal cut by the end of the bytes may be incomplete.
                return index < bytes.count && index > begin ? begin ..< index : nil
            }
        }
    }
}
