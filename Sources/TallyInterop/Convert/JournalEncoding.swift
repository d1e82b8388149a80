/// The text of a journal file from its bytes: UTF-8 (a byte order mark dropped), or
/// UTF-16 with a byte order mark (Windows editors save "Unicode" so), read as the peers
/// read it. A file that is UTF-32, or UTF-16 without a mark, is refused with the reason:
/// read as UTF-8 it would be an almost empty journal, every line unreadable.
public enum JournalEncoding {
    /// Why a file's bytes are not a journal's text.
    public struct Unreadable: Error, Sendable {
        public let reason: String
    }

    /// The text of `bytes`, or why it cannot be read.
    public static func text(_ bytes: [UInt8]) throws(Unreadable) -> String {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw Unreadable(reason: "the file is saved in UTF-32; save it as UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw Unreadable(reason: "the file starts as UTF-16 but has an odd number of bytes") }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        // Text never holds a NUL byte; UTF-16 without a mark has one in nearly every character.
        if bytes.prefix(4096).contains(0) {
            throw Unreadable(reason: "the file holds NUL bytes: it looks like UTF-16 without a byte order mark; save it as UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
