/// Base64 (RFC 4648 §4) and its URL alphabet without padding (§5, what JWS writes):
/// a SimpleFIN setup token is a claim URL in Base64, HTTP Basic credentials are sent in
/// it, and a JWT's three parts are in base64url. Written out rather than borrowed from
/// Foundation so that the bytes are exactly the RFC's, checked against its test vectors.
public enum Base64Text {
    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` in Base64, padded with `=`.
    public static func encode(_ bytes: [UInt8]) -> String { encode(bytes, alphabet: standard, pad: true) }

    /// `bytes` in base64url without padding (RFC 7515 §2).
    public static func encodeURL(_ bytes: [UInt8]) -> String { encode(bytes, alphabet: url, pad: false) }

    /// The bytes of Base64 or base64url `text` (padding optional, surrounding whitespace
    /// ignored), or nil when it is neither.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        let trimmed = text.utf8.filter { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        var body = trimmed[...]
        while body.last == UInt8(ascii: "=") { body = body.dropLast() }
        guard trimmed.count - body.count <= 2 else { return nil }
        for byte in body {
            switch byte {
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"): values.append(byte - 65)
            case UInt8(ascii: "a") ... UInt8(ascii: "z"): values.append(byte - 97 + 26)
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): values.append(byte - 48 + 52)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "/"), UInt8(ascii: "_"): values.append(63)
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = values[i ..< min(i + 4, values.count)]
            var n = 0
            for (k, v) in chunk.enumerated() { n |= Int(v) << (18 - 6 * k) }
            out.append(UInt8((n >> 16) & 0xFF))
            if chunk.count > 2 { out.append(UInt8((n >> 8) & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            i += 4
        }
        return out
    }

    private static func encode(_ bytes: [UInt8], alphabet: [UInt8], pad: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let count = min(3, bytes.count - i)
            var n = Int(bytes[i]) << 16
            if count > 1 { n |= Int(bytes[i + 1]) << 8 }
            if count > 2 { n |= Int(bytes[i + 2]) }
            for k in 0 ..< 4 {
                if k <= count {
                    out.append(alphabet[(n >> (18 - 6 * k)) & 0x3F])
                } else if pad {
                    out.append(UInt8(ascii: "="))
                }
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
