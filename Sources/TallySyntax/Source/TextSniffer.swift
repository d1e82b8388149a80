/// Tells a file that is plainly not text (an image, an archive, a program, a file saved as
/// UTF-16) from a budget with a few bad bytes, so that the parser can report the first
/// with one diagnostic (E0105) instead of one per byte.
///
/// The rule: look at the first ``sampleSize`` bytes other than spaces, tabs and line
/// breaks (the whole file when it has fewer), so that changing only whitespace, as the
/// formatter does, never changes the answer. Count the bytes that cannot be in a Tally file: those of NUL and the other control
/// characters except tab, line feed and carriage return (C0, DEL and C1, U+0080–U+009F),
/// of U+FFFD (the replacement character an editor puts for bytes it could not decode, so
/// binary bytes sent by an editor count too), and every byte that is not part of a valid
/// UTF-8 sequence. The file is not text when they are more than one in ten
/// (``suspiciousPerMille`` per mille) of the sample and at least ``minimumSuspicious``
/// (so a short line in Latin-1 stays a line with a few E0101s). A sequence cut off by the
/// end of the sample is judged with the bytes after it. An empty file is text.
///
/// Worked example: 300 random bytes hold about 5 spaces, tabs and line breaks, about 30
/// other control characters and about 140 bytes of invalid UTF-8: 170 of the 295 bytes
/// looked at is more than 29.5 (a tenth) and than 16, so the file is not text. A budget of 2,000 bytes with one NUL and three Latin-1 accents has 4 suspicious
/// bytes, fewer than 200: it is text, and each of those bytes gets its own E0101 or E0104.
/// `wallet Café cash` in Latin-1 has 1 suspicious byte in the 14 looked at: more than a
/// tenth, but fewer than 16, so it is text too.
public enum TextSniffer {
    /// How many bytes from the start of a file are looked at, spaces, tabs and line
    /// breaks not counted: 8 KiB.
    public static let sampleSize = 8192
    /// The share of suspicious bytes, per mille of the sample, above which a file is not text.
    public static let suspiciousPerMille = 100
    /// The fewest suspicious bytes that make a file not text.
    public static let minimumSuspicious = 16

    /// What made a file look like something other than text.
    public struct Evidence: Equatable, Sendable {
        /// Bytes in the sample that cannot be in a Tally file.
        public let suspicious: Int
        /// Bytes looked at.
        public let sampled: Int
        /// Whether any of them is a NUL byte.
        public let hasNUL: Bool
        /// Offset of the first suspicious byte.
        public let first: Int
    }

    /// The evidence that `bytes` are not text, or nil when they are text.
    public static func evidence(_ bytes: [UInt8]) -> Evidence? {
        bytes.withUnsafeBufferPointer { evidence($0) }
    }

    /// ``evidence(_:)`` on a buffer.
    public static func evidence(_ bytes: UnsafeBufferPointer<UInt8>) -> Evidence? {
        var sampled = 0
        var suspicious = 0
        var hasNUL = false
        var first = -1
        var i = 0
        while i < bytes.count && sampled < sampleSize {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    i += 1
                    continue
                }
                sampled += 1
                if b < 0x20 || b == 0x7F {
                    suspicious += 1
                    if b == 0 { hasNUL = true }
                    if first < 0 { first = i }
                }
                i += 1
                continue
            }
            // Judged with the bytes after the sample, so a cut sequence is not held against it.
            let length = UTF8Scalar.validSequenceLength(bytes, at: i, limit: bytes.count)
            if length == 0 {
                sampled += 1
                suspicious += 1
                if first < 0 { first = i }
                i += 1
            } else {
                sampled += length
                let c1 = length == 2 && b == 0xC2 && bytes[i + 1] < 0xA0
                let replacement = length == 3 && b == 0xEF && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBD
                if c1 || replacement {
                    suspicious += length
                    if first < 0 { first = i }
                }
                i += length
            }
        }
        guard sampled > 0, suspicious >= minimumSuspicious, suspicious * 1000 > sampled * suspiciousPerMille else { return nil }
        return Evidence(suspicious: suspicious, sampled: sampled, hasNUL: hasNUL, first: first)
    }

    /// True when `bytes` are plainly not text.
    public static func isNotText(_ bytes: [UInt8]) -> Bool { evidence(bytes) != nil }
}
