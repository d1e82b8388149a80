/// The lexical class of a token. Every byte of a file belongs to exactly one token.
public enum TokenKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// The UTF-8 byte-order mark at the very start of a file.
    case byteOrderMark
    /// Spaces and tabs.
    case whitespace
    /// `\n`, `\r\n` or `\r`.
    case newline
    /// `;` up to the end of the line.
    case comment
    /// A bare name: `Checking`, `Food:Groceries`, `食費`.
    case name
    /// A name in single quotes: `'Joint Account'`.
    case quotedName
    /// A name the parser used as a keyword (`wallet`, `transfer`, `monthly`, ...).
    /// The lexer never produces it; the parser re-classifies names it reads as keywords.
    case keyword
    /// A name ending in `:` that starts a metadata line: `id:`.
    case key
    /// Text in double quotes: `"ACME Ltd"`.
    case text
    /// A decimal number with optional sign: `-66.20`.
    case number
    /// A number followed by `%`: `80%`.
    case percentage
    /// Something shaped like a date (digits and dashes); the parser checks it is real.
    case date
    /// `..` between the two dates of a range.
    case dotDot
    /// `->` between the two sides of a transfer or move.
    case arrow
    /// `,` separating list items.
    case comma
    /// `=` before a received amount.
    case equals
    /// `@` before an exchange rate.
    case at
    /// `#` and a name: `#work`.
    case tag
    /// A control character that has no place in a Tally file.
    case unknown

    public var description: String {
        switch self {
        case .byteOrderMark: return "ByteOrderMark"
        case .whitespace: return "Whitespace"
        case .newline: return "Newline"
        case .comment: return "Comment"
        case .name: return "Name"
        case .quotedName: return "QuotedName"
        case .keyword: return "Keyword"
        case .key: return "Key"
        case .text: return "Text"
        case .number: return "Number"
        case .percentage: return "Percentage"
        case .date: return "Date"
        case .dotDot: return "DotDot"
        case .arrow: return "Arrow"
        case .comma: return "Comma"
        case .equals: return "Equals"
        case .at: return "At"
        case .tag: return "Tag"
        case .unknown: return "Unknown"
        }
    }

    /// Whitespace, line breaks and comments: tokens that carry no entry content.
    @inlinable public var isTrivia: Bool {
        self == .whitespace || self == .newline || self == .comment || self == .byteOrderMark
    }
}
