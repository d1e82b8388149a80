/// A text replacement in one file: the bytes of `range` become `replacement`.
public struct TextEdit: Hashable, Sendable {
    /// The bytes to replace (empty to insert).
    public var range: ByteRange
    /// The new text.
    public var replacement: String

    /// Creates an edit.
    public init(range: ByteRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A suggested change that resolves a diagnostic, offered by editors as a quick fix.
public struct Fix: Hashable, Sendable {
    /// What the fix does, as a short imperative ("Replace with `wallet`").
    public var title: String
    /// The edits, all in the diagnostic's file.
    public var edits: [TextEdit]

    /// Creates a fix.
    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }
}

/// A secondary location that explains a diagnostic ("first declared here").
public struct DiagnosticNote: Hashable, Sendable {
    /// File of the related location.
    public var file: String
    /// Range in that file.
    public var range: ByteRange
    /// What the location has to do with the diagnostic.
    public var message: String

    /// Creates a note.
    public init(file: String, range: ByteRange, message: String) {
        self.file = file
        self.range = range
        self.message = message
    }
}

/// One problem found in a Tally file.
///
/// The library reports what it found with the code's default severity; front ends (the
/// command line, the language server) apply options such as `--strict`, severity overrides
/// and `tally-ignore` comments.
public struct Diagnostic: Hashable, Sendable {
    /// The stable code, documented in `docs/diagnostics.md`.
    public var code: DiagnosticCode
    /// How serious it is.
    public var severity: Severity
    /// What is wrong and, where possible, what would be right.
    public var message: String
    /// The file the range points into.
    public var file: String
    /// The exact bytes concerned.
    public var range: ByteRange
    /// Related locations.
    public var notes: [DiagnosticNote]
    /// Extra advice without a location, shown after the excerpt.
    public var help: String?
    /// Suggested fixes.
    public var fixes: [Fix]

    /// Creates a diagnostic with the code's default severity unless one is given.
    public init(
        _ code: DiagnosticCode, _ message: String, file: String, range: ByteRange,
        severity: Severity? = nil, notes: [DiagnosticNote] = [], help: String? = nil,
        fixes: [Fix] = []
    ) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.help = help
        self.fixes = fixes
    }
}
