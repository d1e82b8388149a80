/// How wide text is for alignment: the number of characters (extended grapheme
/// clusters), not bytes and not terminal cells. `Crème` is 5 wide and `食費` is 2, the same
/// in every editor and font, so a column is the same column wherever the file is opened.
enum TextWidth {
    /// The width of some UTF-8 bytes.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for byte in bytes where byte >= 0x80 { return String(decoding: bytes, as: UTF8.self).count }
        return bytes.count
    }

    /// The width of a number's integer part (sign included): what stands left of its
    /// decimal point, or the whole number when it has none.
    static func integerPart(ofNumber bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let point = bytes.firstIndex(of: UInt8(ascii: ".")) { return point }
        return of(bytes)
    }
}
