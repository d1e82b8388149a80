/// A `multipart/form-data` body (RFC 7578), as a browser sends a form with a file in it:
/// its text fields and its files. A body that does not read as one (no boundary, a part
/// without its headers' end, no closing delimiter) gives no parts at all, never a trap;
/// the body's size is already bounded by ``RequestReader``.
public struct MultipartForm: Sendable {
    /// One file sent: the field's name, the file's name as the browser gave it (only its
    /// last path component kept), and its bytes.
    public struct File: Sendable {
        public let field: String
        public let filename: String
        public let bytes: [UInt8]
    }

    /// The text fields, decoded as UTF-8, in order.
    public private(set) var fields: [(String, String)] = []
    /// The files, in order.
    public private(set) var files: [File] = []

    /// Reads `body` sent with the `Content-Type` value `contentType`.
    public init(_ body: [UInt8], contentType: String) {
        guard let boundary = Self.boundary(contentType) else { return }
        let delimiter = Array("\r\n--\(boundary)".utf8)
        let bytes = Array("\r\n".utf8) + body
        var starts: [Int] = []
        var from = 0
        // A delimiter is one only when a line break or the closing `--` follows it; the
        // same bytes followed by anything else are content.
        while let found = Self.find(delimiter, in: bytes, from: from) {
            let after = found + delimiter.count
            if after + 1 < bytes.count, (bytes[after], bytes[after + 1]) == (13, 10) || (bytes[after], bytes[after + 1]) == (45, 45) {
                starts.append(found)
            }
            from = after
        }
        guard starts.count >= 2, starts[0] == 0 else { return }
        // The last delimiter is the closing one (`--` after it).
        let last = starts[starts.count - 1] + delimiter.count
        guard bytes.count >= last + 2, bytes[last] == UInt8(ascii: "-"), bytes[last + 1] == UInt8(ascii: "-") else { return }
        for (i, start) in starts.dropLast().enumerated() {
            let partStart = start + delimiter.count + 2, partEnd = starts[i + 1]
            guard partStart <= partEnd, let headEnd = Self.find(Array("\r\n\r\n".utf8), in: bytes, from: partStart), headEnd + 4 <= partEnd else {
                fields = []
                files = []
                return
            }
            let head = String(decoding: bytes[partStart ..< headEnd], as: UTF8.self)
            let content = Array(bytes[(headEnd + 4) ..< partEnd])
            guard let disposition = Self.disposition(head), let name = disposition["name"] else { continue }
            if let filename = disposition["filename"] {
                let base = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
                files.append(File(field: name, filename: base, bytes: content))
            } else if let text = String(validating: content, as: UTF8.self) {
                fields.append((name, text))
            }
        }
    }

    /// The boundary named in a `multipart/form-data` content type (quoted or not).
    static func boundary(_ contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingSpaces }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 characters.
            return (1 ... 70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The parameters of a part's `Content-Disposition: form-data; name="…"; filename="…"`.
    static func disposition(_ head: String) -> [String: String]? {
        for line in head.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "content-disposition" else { continue }
            var parameters: [String: String] = [:]
            for item in pair[1].split(separator: ";").dropFirst() {
                let kv = item.split(separator: "=", maxSplits: 1)
                guard kv.count == 2 else { continue }
                var value = kv[1].trimmingSpaces
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                parameters[kv[0].trimmingSpaces.lowercased()] = value
            }
            return parameters
        }
        return nil
    }

    /// Where `needle` first occurs in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = from
        while i <= haystack.count - needle.count {
            if haystack[i] == first {
                var k = 1
                while k < needle.count && haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
