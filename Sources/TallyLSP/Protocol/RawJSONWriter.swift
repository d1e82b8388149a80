import TallyCore

/// Prints large protocol answers (thousands of edits or symbols) straight into JSON text,
/// skipping the `JSON` values in between; the result goes out as ``JSON/raw(_:)``.
struct RawJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func byte(_ c: Unicode.Scalar) { bytes.append(UInt8(ascii: c)) }
    mutating func int(_ value: Int) { JSONText.appendInt(value, to: &bytes) }
    mutating func string(_ value: String) { JSONText.appendString(value, to: &bytes) }
    mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) { JSONText.appendString(utf8: value, to: &bytes) }

    /// `"key":` after a comma unless it is the object's first member.
    mutating func key(_ name: String, first: Bool = false) {
        if !first { byte(",") }
        string(name)
        byte(":")
    }

    mutating func position(_ p: Position) {
        text("{\"character\":")
        int(p.character)
        text(",\"line\":")
        int(p.line)
        byte("}")
    }

    mutating func range(_ start: Position, _ end: Position) {
        text("{\"end\":")
        position(end)
        text(",\"start\":")
        position(start)
        byte("}")
    }

    /// The finished text as a JSON value.
    var json: JSON { .raw(bytes) }
}
