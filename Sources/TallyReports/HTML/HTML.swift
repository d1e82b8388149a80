/// Markup that escapes by default: the literal parts of an `HTML` string are markup, and
/// every value interpolated into it is escaped (``Markup/escape(_:)``: `&`, `<`, `>`, `"`,
/// `'`), unless it is already `HTML`. So a page built of `HTML` values cannot let a name
/// from the budget or a word from a request become markup by a forgotten call:
///
///     let row: HTML = "<td>\(payee)</td>"          // payee escaped
///     let cell: HTML = "<tr>\(row)</tr>"           // row inserted as it is
///
/// Markup from elsewhere (a style sheet, a script) becomes `HTML` only through
/// ``init(unescaped:)``, the one call to look for when reviewing what reaches a page
/// unescaped.
public struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The markup, as it is sent.
    public private(set) var rendered: String

    /// Nothing.
    public init() { rendered = "" }

    /// `markup` as it is, not escaped: only for markup the program itself holds (its
    /// style sheets and scripts), never for text from a budget or a request.
    public init(unescaped markup: String) { rendered = markup }

    /// A literal: markup.
    public init(stringLiteral markup: String) { rendered = markup }

    public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    /// Builds an `HTML` string: literal segments are markup, interpolated values are
    /// escaped unless they are `HTML`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// A literal segment: markup.
        public mutating func appendLiteral(_ literal: String) { rendered += literal }

        /// Markup, as it is.
        public mutating func appendInterpolation(_ html: HTML) { rendered += html.rendered }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) { rendered += Markup.escape(text) }

        /// Any other value's description, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { rendered += Markup.escape(value.description) }
    }

    /// Whether there is no markup at all.
    public var isEmpty: Bool { rendered.isEmpty }

    /// The two, one after the other.
    public static func + (left: HTML, right: HTML) -> HTML {
        var out = left
        out += right
        return out
    }

    /// Appends `right`.
    public static func += (left: inout HTML, right: HTML) { left.rendered += right.rendered }
}

extension Sequence where Element == HTML {
    /// The elements one after the other, `separator` between each two.
    public func joined(separator: HTML = HTML()) -> HTML {
        var out = HTML()
        for (i, element) in enumerated() {
            if i > 0 { out += separator }
            out += element
        }
        return out
    }
}
