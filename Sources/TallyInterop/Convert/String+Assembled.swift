extension String {
    /// `head`, then each string of each group preceded by its group's separator byte
    /// (`String.assembled(date, (0x20, fields), (0x0A, lines))`), written into one buffer
    /// of the exact size. An entry's text is built from a dozen pieces: appending them one
    /// by one grew and copied the string each time, three times as slow, and that was 5 %
    /// of converting a large journal.
    static func assembled(_ head: String, _ groups: (separator: UInt8, strings: [String])...) -> String {
        var size = head.utf8.count
        for group in groups {
            for string in group.strings { size += 1 + string.utf8.count }
        }
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var count = 0
            func write(_ string: String) {
                var string = string
                string.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                    (target + count).initialize(from: source, count: bytes.count)
                    count += bytes.count
                }
            }
            write(head)
            for group in groups {
                for string in group.strings {
                    buffer[count] = group.separator
                    count += 1
                    write(string)
                }
            }
            return count
        }
    }
}
