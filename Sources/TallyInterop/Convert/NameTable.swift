import TallySyntax

/// The strings of the names a journal repeats (the same few accounts on every posting),
/// each made once: a string of its own per posting cost an allocation, its release and
/// its memory at every posting of a large journal.
struct NameTable {
    /// A name's bytes, hashed and compared as bytes.
    private struct Key: Hashable {
        let bytes: JournalBytes
        /// ``FNV1a`` of the bytes, fed to the hasher as one word: hashing the bytes
        /// themselves cost as much as the string it saves.
        func hash(into hasher: inout Hasher) { hasher.combine(FNV1a.hash(bytes)) }
        static func == (a: Key, b: Key) -> Bool { a.bytes.elementsEqual(b.bytes) }
    }

    private var strings: [Key: String] = [:]

    /// `bytes` as text (``Swift/ArraySlice/string``), the same string for the same bytes.
    mutating func string(_ bytes: JournalBytes) -> String {
        if let known = strings[Key(bytes: bytes)] { return known }
        let string = bytes.string
        strings[Key(bytes: JournalBytes(Array(bytes)))] = string  // its own bytes, not the file's
        return string
    }
}
