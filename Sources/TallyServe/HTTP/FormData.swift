/// `application/x-www-form-urlencoded` and query strings: percent-decoding and pairs.
public enum FormData {
    /// `text` percent-decoded (`+` stays `+`), or nil when an escape is malformed, the
    /// bytes are not UTF-8, or the text holds a NUL.
    public static func decode(_ text: String, plusIsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        guard !bytes.contains(0), let decoded = String(validating: bytes, as: UTF8.self) else { return nil }
        return decoded
    }

    /// The `name=value` pairs of a query or form body, decoded; a pair that does not
    /// decode is left out.
    public static func pairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").compactMap { part in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(String(pair[0]), plusIsSpace: true),
                let value = decode(pair.count > 1 ? String(pair[1]) : "", plusIsSpace: true)
            else { return nil }
            return (name, value)
        }
    }

    /// `text` percent-encoded for a query value or a path segment (unreserved characters
    /// kept).
    public static func encode(_ text: String) -> String {
        // Bytes, not Characters: `isLetter` looks up Unicode properties, and a register
        // page encodes 2,000 edit links.
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default: out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A query string (`?a=1&b=2`) from pairs, or empty.
    public static func query(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "" : "?" + pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension FormData {
    /// A decoded path encoded again for a `Location` header, keeping its slashes.
    public static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }
}
