extension StringProtocol {
    /// The text with every Unicode scalar `keep` refuses, and every one beyond ASCII,
    /// written as `%XX` per UTF-8 byte (upper-case hex): Foundation's
    /// `addingPercentEncoding(withAllowedCharacters:)` without loading Foundation.
    public func percentEncoded(keeping keep: (Unicode.Scalar) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.isASCII && keep(scalar) {
                out.append(contentsOf: String(scalar).utf8)
                continue
            }
            for byte in String(scalar).utf8 {
                out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.alphanumerics`: the Unicode letters, marks and numbers
    /// (general categories L*, M* and N*).
    public var isAlphanumeric: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// In Foundation's `CharacterSet.urlPathAllowed`: ASCII letters and digits and
    /// `!$&'()*+,-./:;=@_~`.
    public var isURLPathAllowed: Bool {
        guard isASCII else { return false }
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            return true
        default:
            return Array("!$&'()*+,-./:;=@_~".utf8).contains(byte)
        }
    }
}

extension StringProtocol {
    /// The text with every `%XX` turned back into its byte; nil when a `%` starts no two
    /// hex digits or the bytes are not UTF-8: Foundation's `removingPercentEncoding`
    /// without loading Foundation.
    public func percentDecoded() -> String? {
        var out: [UInt8] = []
        let bytes = Array(utf8)
        var at = 0
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "%") else {
                out.append(bytes[at])
                at += 1
                continue
            }
            guard at + 2 < bytes.count, let high = hexValue(bytes[at + 1]), let low = hexValue(bytes[at + 2]) else { return nil }
            out.append(high << 4 | low)
            at += 3
        }
        return String(validating: out, as: UTF8.self)
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
