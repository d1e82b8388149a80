/// Reads one HTTP/1.1 request from the bytes received so far (RFC 9112), within limits.
/// It never traps and never waits for more than the limits allow: a request is complete,
/// needs more bytes, or is refused with the status to answer (400 malformed, 405 a method
/// the server has no use for, 411/413 a body without a length or too long, 414 a target
/// too long, 431 headers too large, 501 a transfer coding, 505 another version).
public struct RequestReader: Sendable {
    /// How large a request may be.
    public struct Limits: Sendable {
        /// The request line, in bytes.
        public var requestLine = 8192
        /// The request line and headers together, in bytes.
        public var head = 32 * 1024
        /// How many header fields.
        public var headerCount = 100
        /// The body, in bytes.
        public var body = 1 << 20

        /// The server's limits.
        public init() {}
    }

    /// What the bytes so far amount to.
    public enum Outcome: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole request, which took the first `consumed` bytes.
        case complete(HTTPRequest, consumed: Int)
        /// A request the server refuses, with the status to answer and why.
        case refused(HTTPStatus, String)
    }

    /// The methods the server answers.
    public static let methods: Set<String> = ["GET", "HEAD", "POST"]

    public let limits: Limits

    /// A reader with `limits`.
    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Reads `bytes`, the start of a connection's input.
    public func read(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = Self.endOfHead(bytes) else {
            if let lineEnd = bytes.firstIndex(of: 0x0A), lineEnd > limits.requestLine { return .refused(.uriTooLong, "request line too long") }
            if bytes.firstIndex(of: 0x0A) == nil, bytes.count > limits.requestLine { return .refused(.uriTooLong, "request line too long") }
            return bytes.count > limits.head ? .refused(.headersTooLarge, "headers too large") : .incomplete
        }
        guard headEnd.start <= limits.head else { return .refused(.headersTooLarge, "headers too large") }
        var lines = Self.lines(bytes[..<headEnd.start])
        // A client may send empty lines before the request line (RFC 9112 §2.2).
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { return .refused(.badRequest, "no request line") }
        guard requestLine.count <= limits.requestLine else { return .refused(.uriTooLong, "request line too long") }
        let parsed: (method: String, target: String)
        switch Self.requestLine(requestLine) {
        case .success(let value): parsed = value
        case .failure(let refusal): return .refused(refusal.status, refusal.reason)
        }
        guard lines.count - 1 <= limits.headerCount else { return .refused(.headersTooLarge, "too many header fields") }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let field = Self.field(line) else { return .refused(.badRequest, "malformed header field") }
            headers.append(field)
        }
        return body(method: parsed.method, target: parsed.target, headers: headers, bytes: bytes, from: headEnd.end)
    }

    private func body(method: String, target: String, headers: [(String, String)], bytes: [UInt8], from start: Int) -> Outcome {
        let hosts = headers.filter { $0.0 == "host" }
        guard hosts.count == 1 else { return .refused(.badRequest, "exactly one Host header is required") }
        if headers.contains(where: { $0.0 == "transfer-encoding" }) { return .refused(.notImplemented, "transfer codings are not accepted") }
        let lengths = Set(headers.filter { $0.0 == "content-length" }.map(\.1))
        var length = 0
        if let text = lengths.first {
            guard lengths.count == 1, !text.isEmpty, text.count <= 12, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text) else {
                return .refused(.badRequest, "malformed Content-Length")
            }
            length = n
        } else if method == "POST" {
            return .refused(.lengthRequired, "a POST needs a Content-Length")
        }
        guard length <= limits.body else { return .refused(.contentTooLarge, "body too large") }
        guard bytes.count - start >= length else { return .incomplete }
        let request = HTTPRequest(method: method, target: target, headers: headers, body: Array(bytes[start ..< start + length]))
        return .complete(request, consumed: start + length)
    }

    /// The head of a request as far as it has come: the request line, the header fields
    /// whose lines are complete, and whether the head is whole. What a ``HTTPServer/Screen``
    /// judges before the rest arrives.
    public struct HeadSoFar: Sendable {
        /// `GET`, `HEAD` or `POST`.
        public let method: String
        /// The request target as sent.
        public let target: String
        /// The complete header fields so far, names in lower case (malformed lines left out:
        /// ``read(_:)`` refuses them once the head is whole).
        public let headers: [(String, String)]
        /// Whether the empty line that ends the head has come.
        public let isComplete: Bool

        /// A head as far as it has come.
        public init(method: String, target: String, headers: [(String, String)], isComplete: Bool) {
            self.method = method
            self.target = target
            self.headers = headers
            self.isComplete = isComplete
        }

        /// The values of the header `name` (lower case) so far.
        public func values(_ name: String) -> [String] { headers.filter { $0.0 == name }.map(\.1) }
    }

    /// The head in `bytes` as far as its lines are complete; nil until a well-formed
    /// request line has come.
    public func headSoFar(_ bytes: [UInt8]) -> HeadSoFar? {
        let end = Self.endOfHead(bytes)
        let upTo = end?.start ?? (bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
        guard upTo <= limits.head else { return nil }
        var lines = Self.lines(bytes[..<upTo])
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let line = lines.first, case .success(let parsed) = Self.requestLine(line) else { return nil }
        let headers = lines.dropFirst().compactMap(Self.field)
        return HeadSoFar(method: parsed.method, target: parsed.target, headers: headers, isComplete: end != nil)
    }

    /// Where the head ends: the empty line's start and the first byte after it.
    static func endOfHead(_ bytes: [UInt8]) -> (start: Int, end: Int)? {
        var i = 0
        while let n = bytes[i...].firstIndex(of: 0x0A) {
            // `\n\n` or `\n\r\n`: the line after this one is empty.
            if n + 1 < bytes.count, bytes[n + 1] == 0x0A { return (n + 1, n + 2) }
            if n + 2 < bytes.count, bytes[n + 1] == 0x0D, bytes[n + 2] == 0x0A { return (n + 1, n + 3) }
            i = n + 1
        }
        return nil
    }

    /// The head's lines without their `\r\n` or `\n`.
    static func lines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        head.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
    }

    struct Refusal: Error {
        let status: HTTPStatus
        let reason: String
    }

    /// `METHOD SP target SP HTTP/1.x`.
    static func requestLine(_ line: ArraySlice<UInt8>) -> Result<(method: String, target: String), Refusal> {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = String(validating: parts[0], as: UTF8.self),
            let target = String(validating: parts[1], as: UTF8.self), let version = String(validating: parts[2], as: UTF8.self),
            !method.isEmpty, method.utf8.allSatisfy(isTokenByte)
        else { return .failure(Refusal(status: .badRequest, reason: "malformed request line")) }
        guard version.hasPrefix("HTTP/") else { return .failure(Refusal(status: .badRequest, reason: "malformed request line")) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Refusal(status: .versionNotSupported, reason: "only HTTP/1.1 is spoken"))
        }
        // Only the origin form: a path from the root, printable ASCII without spaces.
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(Refusal(status: .badRequest, reason: "the target must be a path"))
        }
        guard methods.contains(method) else { return .failure(Refusal(status: .methodNotAllowed, reason: "method not allowed")) }
        return .success((method, target))
    }

    /// `name: value`, the name lower-cased, the value without surrounding spaces; nil when
    /// malformed (no colon, a bad name, a folded line, a control character).
    static func field(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[..<colon], value = line[(colon + 1)...]
        guard name.allSatisfy(isTokenByte), value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        guard let nameText = String(validating: name, as: UTF8.self) else { return nil }
        // Trimmed as bytes, not characters: a value that starts with a combining mark would
        // otherwise fuse with the space before it and keep it.
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        let start = value.firstIndex { !isSpace($0) } ?? value.endIndex
        let end = value[start...].lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return (nameText.lowercased(), String(decoding: value[start ..< end], as: UTF8.self))
    }

    /// RFC 9110's `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
