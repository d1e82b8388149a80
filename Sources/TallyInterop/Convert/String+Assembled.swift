extension String {
    /// `head`, then each string of each group preceded by its group's separator byte
    /// (`String.assembled(date, (0x20, fields), (0x0A, lines))`), written into one buffer
    /// of the exact size. An entry's text is built from a dozen pieces: appending them one
    /// by one grew and copied the string each time, three times as slow, and that was 5 %
    /// of converting the 100k journal (`Benchmarks/interop_bench.py`, 2026-11-26).
    static func assembled(_ head: String, _ groups: (separator: UInt8, strings: [String])...) -> String {
        var size = head.utf8.count
        for group in groups {
            for string in group.strings { size += 1 + string.utf8.count }
        }
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = copy(head, to: base)
            for group in groups {
                for string in group.strings {
                    base[count] = group.separator
                    count += 1 + copy(string, to: base + count + 1)
                }
            }
            return count
        }
    }

    /// Copies the UTF-8 of `string` to `target`; returns how many bytes that is.
    private static func copy(_ string: String, to target: UnsafeMutablePointer<UInt8>) -> Int {
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { target.initialize(from: source, count: bytes.count) }
            return bytes.count
        }
        if let copied { return copied }
        var count = 0
        for byte in string.utf8 {
            target[count] = byte
            count += 1
        }
        return count
    }
}
