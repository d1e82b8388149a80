/// How a file ends its lines, so that a tool's new lines end the same way.
public enum LineEnding {
    /// `\n`, `\r\n` or `\r`: the first line ending in `bytes`, `\n` when there is none.
    public static func of(_ bytes: [UInt8]) -> [UInt8] {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        if bytes[i] == 0x0A { return [0x0A] }
        return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }
}
