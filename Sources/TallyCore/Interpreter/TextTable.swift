import TallySyntax

/// Strings made once per distinct token: payees, notes, tags and people repeat across
/// thousands of entries, and each repetition can share one `String`.
struct TextTable {
    private var interner = ByteInterner()
    private var values: [String] = []

    /// The value of the token covering `range`; `make` computes it the first time.
    mutating func value(_ range: ByteRange, in bytes: [UInt8], make: () -> String) -> String {
        let (id, inserted) = bytes.withUnsafeBufferPointer { interner.insert(UnsafeBufferPointer(rebasing: $0[range.start ..< range.end])) }
        if inserted { values.append(make()) }
        return values[id]
    }
}
