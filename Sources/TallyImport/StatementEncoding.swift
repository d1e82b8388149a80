import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// How a statement's bytes become text (the encodings are TallyCore's `StatementEncoding`,
/// the vocabulary an `import` profile is checked against).
///
/// A byte-order mark decides (UTF-8, UTF-16 LE or BE). Without one, a declared encoding
/// is used; undeclared, the bytes must be UTF-8 (UTF-16 without a mark is recognised by
/// its zero bytes), else they are read as Windows-1252, the most common encoding of
/// Western European bank exports. Central European files (Windows-1250, ISO-8859-2)
/// cannot be told apart from Western ones by their bytes, so they must be declared.
extension StatementEncoding {
    /// Decodes a statement's bytes. `declared` is the user's or the file's own statement
    /// of its encoding; a byte-order mark wins over it. Throws with the line and column
    /// of the first byte that is not valid in the encoding.
    public static func decode(_ bytes: [UInt8], declared: StatementEncoding?, path: String) throws(StatementError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try decodeUTF8(Array(bytes.dropFirst(3)), path: path)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return try decodeUTF16(Array(bytes.dropFirst(2)), bigEndian: false, path: path) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try decodeUTF16(Array(bytes.dropFirst(2)), bigEndian: true, path: path) }
        // Undeclared, UTF-8 is tried first: the bytes are validated once, as the text is made.
        if declared == nil, !looksUTF16(bytes), let text = String(validating: bytes, as: UTF8.self) { return text }
        let encoding = declared ?? guess(bytes)
        switch encoding {
        case .utf8:
            return try decodeUTF8(bytes, path: path)
        case .utf16, .utf16LE, .utf16BE:
            let bigEndian = encoding == .utf16BE || (encoding == .utf16 && looksBigEndian(bytes))
            return try decodeUTF16(bytes, bigEndian: bigEndian, path: path)
        case .windows1250: return try codePage(bytes, CodePages.windows1250, encoding, path: path)
        case .windows1252: return try codePage(bytes, CodePages.windows1252, encoding, path: path)
        case .iso8859_2: return try codePage(bytes, CodePages.iso8859_2, encoding, path: path)
        case .iso8859_1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .iso8859_15:
            // Latin-9 is Latin-1 with eight positions replaced (the euro sign among them).
            let changed: [UInt8: UInt32] = [
                0xA4: 0x20AC, 0xA6: 0x160, 0xA8: 0x161, 0xB4: 0x17D,
                0xB8: 0x17E, 0xBC: 0x152, 0xBD: 0x153, 0xBE: 0x178
            ]
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar(changed[$0] ?? UInt32($0))! }))
        }
    }

    /// UTF-16 when zero bytes fill every other position of the start, else UTF-8 when
    /// the bytes are valid UTF-8, else Windows-1252.
    static func guess(_ bytes: [UInt8]) -> StatementEncoding {
        if let utf16 = utf16ByZeros(bytes) { return utf16 }
        return String(validating: bytes, as: UTF8.self) != nil ? .utf8 : .windows1252
    }

    /// UTF-16 (little or big endian) when zero bytes fill every other position of the start.
    private static func utf16ByZeros(_ bytes: [UInt8]) -> StatementEncoding? {
        let head = bytes.prefix(200)
        guard head.count >= 4 else { return nil }
        let evenZeros = stride(from: 0, to: head.count, by: 2).filter { head[head.startIndex + $0] == 0 }.count
        let oddZeros = stride(from: 1, to: head.count, by: 2).filter { head[head.startIndex + $0] == 0 }.count
        if oddZeros * 3 > head.count { return .utf16LE }
        if evenZeros * 3 > head.count { return .utf16BE }
        return nil
    }

    private static func looksUTF16(_ bytes: [UInt8]) -> Bool { utf16ByZeros(bytes) != nil }

    private static func looksBigEndian(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0 && bytes[1] != 0
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], path: String) throws(StatementError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Only a file that is not UTF-8 pays for finding where.
        if let bad = firstInvalidUTF8(bytes) {
            let before = String(decoding: bytes[..<bad], as: UTF8.self)
            throw StatementError(
                path: path, position: position(after: before),
                text: "byte \(hex(bytes[bad])) is not UTF-8; the statement is in another encoding: name it with \(flags: "--encoding", parameters: "`encoding` in the wallet's import profile") (one of \(names))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool, path: String) throws(StatementError) -> String {
        guard bytes.count % 2 == 0 else {
            throw StatementError(path: path, position: nil, text: "an odd number of bytes cannot be UTF-16; name the statement's encoding with \(flags: "--encoding", parameters: "`encoding` in the wallet's import profile") (one of \(names))")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        for i in stride(from: 0, to: bytes.count, by: 2) {
            units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
        }
        var decoder = UTF16()
        var iterator = units.makeIterator()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error:
                throw StatementError(
                    path: path, position: position(after: String(scalars)),
                    text: "broken UTF-16 (an unpaired surrogate); name the statement's encoding with \(flags: "--encoding", parameters: "`encoding` in the wallet's import profile") (one of \(names))")
            }
        }
    }

    private static func codePage(_ bytes: [UInt8], _ table: [UInt32], _ name: StatementEncoding, path: String) throws(StatementError) -> String {
        switch CodePages.decode(bytes, table) {
        case .success(let text): return text
        case .failure(let undefined):
            // Points at the first byte the encoding leaves undefined.
            let before = (try? CodePages.decode(Array(bytes[..<undefined.offset]), table).get()) ?? ""
            throw StatementError(
                path: path, position: position(after: before),
                text: "byte \(hex(bytes[undefined.offset])) is not defined in \(name.rawValue); name the statement's encoding with \(flags: "--encoding", parameters: "`encoding` in the wallet's import profile") (one of \(names))")
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    /// The line and column just after `text`.
    static func position(after text: String) -> StatementPosition {
        var line = 1, column = 1
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousCR { line += 1 }
                column = 1
            } else if scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previousCR = scalar == "\r"
        }
        return StatementPosition(line: line, column: column)
    }
}
