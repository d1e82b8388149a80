/// How a JSON document is laid out: the one writer's options, one per front end's needs.
public struct JSONLayout: Sendable, Equatable {
    /// The order of an object's keys.
    public enum KeyOrder: Sendable, Equatable {
        /// As the value gives them: reports, whose key order is part of their format.
        case asGiven
        /// Sorted by key: the language server, whose objects are dictionaries.
        case sorted
    }

    /// Whether members go on lines of their own, indented by two spaces per level (an
    /// array of scalars stays on one line, its items after `, `), and keys are followed
    /// by `: `; otherwise the text has no space at all.
    public var indented: Bool
    /// The order of an object's keys.
    public var keys: KeyOrder

    /// A layout.
    public init(indented: Bool, keys: KeyOrder) {
        self.indented = indented
        self.keys = keys
    }

    /// What reports print: indented, keys in the order given, stable for scripts and
    /// readable in golden files.
    public static let report = JSONLayout(indented: true, keys: .asGiven)
    /// What the language server sends: compact, keys sorted.
    public static let message = JSONLayout(indented: false, keys: .sorted)
}

/// One level of a JSON value as the writer walks it.
public enum JSONNode<Value> {
    /// A string, number, literal or ready-made text, which the value writes itself.
    case scalar
    /// An array.
    case array([Value])
    /// An object, its members in the value's order.
    case object([(String, Value)])
}

/// A JSON value type that ``JSONTree/appendJSON(to:layout:)`` can write: the reports'
/// `JSONValue` and the language server's `JSON` are both written by that one writer.
public protocol JSONTree {
    /// This value's level: a container with its items, or a scalar.
    var jsonNode: JSONNode<Self> { get }
    /// Appends a scalar's text (``JSONText`` for strings and whole numbers); called only
    /// when ``jsonNode`` is ``JSONNode/scalar``.
    func appendScalar(to out: inout [UInt8])
}

extension JSONTree {
    /// Appends the value's JSON text laid out by `layout`, at nesting `depth`.
    @inlinable
    public func appendJSON(to out: inout [UInt8], layout: JSONLayout, depth: Int = 0) {
        switch jsonNode {
        case .scalar:
            appendScalar(to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: [0x5B, 0x5D]); return }
            out.append(0x5B)
            if !layout.indented || items.allSatisfy(\.isScalar) {
                // One line: `[1,2]` compact, `[1, 2]` indented.
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(0x2C); if layout.indented { out.append(0x20) } }
                    item.appendJSON(to: &out, layout: layout, depth: depth)
                }
            } else {
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(0x2C) }
                    JSONText.appendNewline(to: &out, depth: depth + 1)
                    item.appendJSON(to: &out, layout: layout, depth: depth + 1)
                }
                JSONText.appendNewline(to: &out, depth: depth)
            }
            out.append(0x5D)
        case .object(var members):
            if members.isEmpty { out.append(contentsOf: [0x7B, 0x7D]); return }
            if layout.keys == .sorted { members.sort { $0.0 < $1.0 } }
            out.append(0x7B)
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                if layout.indented { JSONText.appendNewline(to: &out, depth: depth + 1) }
                JSONText.appendString(key, to: &out)
                out.append(0x3A)
                if layout.indented { out.append(0x20) }
                value.appendJSON(to: &out, layout: layout, depth: depth + 1)
            }
            if layout.indented { JSONText.appendNewline(to: &out, depth: depth) }
            out.append(0x7D)
        }
    }

    /// Whether the value is a string, number, literal or ready-made text.
    @inlinable
    public var isScalar: Bool {
        if case .scalar = jsonNode { return true }
        return false
    }
}
