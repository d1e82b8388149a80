extension String {
    /// A string of exactly `size` bytes of UTF-8, written by `body` into one buffer: an
    /// entry's text is built from a dozen pieces, and appending them one by one cost a
    /// string check and often a new buffer each (`+=` cost 330 instructions a piece in a
    /// converted 10k journal, callgrind, 2026-11-29), where a copy costs a few.
    static func written(size: Int, _ body: (inout TextWriter) -> Void) -> String {
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var writer = TextWriter(base: base, capacity: size)
            body(&writer)
            return writer.count
        }
    }
}

/// The buffer of ``Swift/String/written(size:_:)``: pieces are copied one after another,
/// never past its capacity.
struct TextWriter {
    fileprivate let base: UnsafeMutablePointer<UInt8>
    fileprivate let capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    fileprivate init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Copies the UTF-8 of `string`.
    mutating func write(_ string: String) {
        let written = string.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            precondition(count + bytes.count <= capacity, "a text written past its size")
            if let source = bytes.baseAddress { (base + count).initialize(from: source, count: bytes.count) }
            return bytes.count
        }
        if let written {
            count += written
            return
        }
        for byte in string.utf8 { write(byte) }
    }

    /// Writes one byte.
    mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "a text written past its size")
        base[count] = byte
        count += 1
    }

    /// Writes each of `strings` after the byte `separator`.
    mutating func write(_ strings: [String], after separator: UInt8) {
        for string in strings {
            write(separator)
            write(string)
        }
    }

    /// The bytes `strings` take, each after a separator byte.
    static func size(_ strings: [String]) -> Int { strings.reduce(0) { $0 + 1 + $1.utf8.count } }
}
