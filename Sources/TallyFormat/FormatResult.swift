/// What formatting one document gave.
public enum FormatResult: Equatable, Sendable {
    /// The document is already in canonical layout; nothing needs writing.
    case unchanged
    /// The document in canonical layout. Only whitespace differs from the input.
    case formatted([UInt8])
    /// The whitespace guard found that the output would differ from the input in more
    /// than whitespace, or would read back differently; nothing may be written.
    /// `reason` says what differed, without quoting the file's contents.
    case refused(reason: String)
}
