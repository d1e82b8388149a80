import TallyCore
import TallySyntax

// Plain results of the language features. They know nothing of JSON-RPC: every position
// is a UTF-8 byte offset or `ByteRange` in a named file, and the server converts them to
// the client's encoding at the boundary.

/// What a hover shows: Markdown text and the bytes it is about.
public struct HoverInfo: Hashable, Sendable {
    /// The text, in Markdown.
    public var markdown: String
    /// The bytes the hover concerns (the name or code under the cursor).
    public var range: ByteRange

    /// Creates a hover.
    public init(markdown: String, range: ByteRange) {
        self.markdown = markdown
        self.range = range
    }
}

/// Which inlay hints to show; each can be turned off by initialization options.
public struct InlayHintOptions: Hashable, Sendable {
    /// After each spending line: what is left in its envelopes for that period.
    public var envelopeLeft: Bool
    /// After each transaction or transfer: the wallet's running balance.
    public var runningBalance: Bool

    /// Creates options; both kinds are on by default.
    public init(envelopeLeft: Bool = true, runningBalance: Bool = true) {
        self.envelopeLeft = envelopeLeft
        self.runningBalance = runningBalance
    }
}

/// What an inlay hint tells.
public enum InlayHintKind: String, Hashable, Sendable {
    /// What is left in an envelope for the period of a spending line.
    case envelopeLeft
    /// A wallet's balance after an entry.
    case runningBalance
}

/// A short label shown inline after some bytes.
public struct InlayHintInfo: Hashable, Sendable {
    /// Where the label goes: the end of the line's content (before any comment).
    public var offset: Int
    /// The label, starting with no padding; the server asks the client to pad it.
    public var label: String
    /// What the label tells.
    public var kind: InlayHintKind

    /// Creates a hint.
    public init(offset: Int, label: String, kind: InlayHintKind) {
        self.offset = offset
        self.label = label
        self.kind = kind
    }
}

/// A one-line status shown above a declaration.
public struct CodeLensInfo: Hashable, Sendable {
    /// The declaration's name.
    public var range: ByteRange
    /// The status, for example `2026-11: 120.00 left of 520.00 (400.00 spent)`.
    public var title: String

    /// Creates a lens.
    public init(range: ByteRange, title: String) {
        self.range = range
        self.title = title
    }
}

/// What a completion item stands for.
public enum CompletionKind: String, Hashable, Sendable {
    case wallet, category, envelope, goal, rule, payee, person, keyword, date, currency, diagnosticCode
}

/// One completion candidate.
public struct CompletionInfo: Hashable, Sendable {
    /// What the list shows.
    public var label: String
    /// What the candidate is.
    public var kind: CompletionKind
    /// A short detail: a wallet's balance, a category's kind, a keyword's meaning.
    public var detail: String?
    /// Orders the list: better candidates sort first.
    public var sortText: String
    /// Replaces the word being typed (an empty range when nothing is typed yet).
    public var edit: TextEdit

    /// Creates a candidate.
    public init(label: String, kind: CompletionKind, detail: String?, sortText: String, edit: TextEdit) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.sortText = sortText
        self.edit = edit
    }
}

/// Why a rename cannot be done.
public enum RenameError: Error, Hashable, Sendable {
    /// Nothing that can be renamed is at the position.
    case notRenamable
    /// The new name cannot be written as a name (empty, a line break, an empty category level).
    case invalidName(String)
    /// Another declaration of the same kind already has the new name.
    case nameTaken(String)

    /// A one-line explanation for the user.
    public var message: String {
        switch self {
        case .notRenamable: return "only wallets, categories, envelopes, goals and recurring entries can be renamed"
        case .invalidName(let reason): return reason
        case .nameTaken(let name): return "`\(name)` is already declared"
        }
    }
}

/// What an outline entry is.
public enum SymbolKind: String, Hashable, Sendable {
    case wallet, category, envelope, goal, rule, payeeRule, currency, option, include, month, entry
}

/// One entry of a file's outline, with the entries nested below it.
public struct SymbolInfo: Hashable, Sendable {
    /// The name shown.
    public var name: String
    /// A short detail (a wallet's kind, an entry's amount).
    public var detail: String?
    /// What it is.
    public var kind: SymbolKind
    /// The whole thing, continuation lines included.
    public var range: ByteRange
    /// The part to select: the name.
    public var selectionRange: ByteRange
    /// Nested entries (transactions under their month).
    public var children: [SymbolInfo]

    /// Creates a symbol.
    public init(name: String, detail: String?, kind: SymbolKind, range: ByteRange, selectionRange: ByteRange, children: [SymbolInfo] = []) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

/// A declaration anywhere in the budget, found by name.
public struct WorkspaceSymbolInfo: Hashable, Sendable {
    /// The declared name.
    public var name: String
    /// What it is.
    public var kind: SymbolKind
    /// Where it is declared.
    public var location: FileRange
    /// A short detail (`expense category`, `bank wallet`).
    public var detail: String?

    /// Creates a symbol.
    public init(name: String, kind: SymbolKind, location: FileRange, detail: String?) {
        self.name = name
        self.kind = kind
        self.location = location
        self.detail = detail
    }
}

/// What a folding range folds.
public enum FoldingKind: String, Hashable, Sendable {
    /// A run of comment lines.
    case comment
    /// A month of dated entries, or an entry's continuation lines.
    case region
}

/// Lines that can be folded, given by a byte offset in the first and in the last line.
public struct FoldingInfo: Hashable, Sendable {
    /// An offset in the first line (its start).
    public var start: Int
    /// An offset in the last line (its start).
    public var end: Int
    /// What is folded.
    public var kind: FoldingKind

    /// Creates a folding range.
    public init(start: Int, end: Int, kind: FoldingKind) {
        self.start = start
        self.end = end
        self.kind = kind
    }
}

/// A quick fix: edits in one or more files of the budget.
public struct CodeActionInfo: Hashable, Sendable {
    /// What it does, as a short imperative.
    public var title: String
    /// Always `quickfix` for now.
    public var kind: String
    /// The diagnostic it resolves.
    public var diagnostic: Diagnostic?
    /// Edits by file path.
    public var edits: [String: [TextEdit]]
    /// True for the one fix an editor may apply on its own.
    public var isPreferred: Bool

    /// Creates an action.
    public init(title: String, kind: String = "quickfix", diagnostic: Diagnostic?, edits: [String: [TextEdit]], isPreferred: Bool) {
        self.title = title
        self.kind = kind
        self.diagnostic = diagnostic
        self.edits = edits
        self.isPreferred = isPreferred
    }
}
