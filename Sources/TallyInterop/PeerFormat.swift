/// The plain-text accounting programs Tally exports to (`tally export --to`). `tally convert`
/// reads the same three; ``JournalKind`` tells which reader a file needs.
public enum PeerFormat: String, CaseIterable, Sendable {
    /// hledger journal (read by hledger 1.25 and later).
    case hledger
    /// ledger journal (ledger 3).
    case ledger
    /// Beancount ledger (beancount 2 and 3).
    case beancount

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .hledger: return "journal"
        case .ledger: return "ledger"
        case .beancount: return "beancount"
        }
    }

    /// The format a file's extension names (`.journal`, `.hledger`, `.j`; `.ledger`, `.dat`;
    /// `.beancount`, `.bean`), or nil when it names none: the one table of them.
    public init?(extensionOf path: String) {
        let lower = path.lowercased()
        func has(_ extensions: String...) -> Bool { extensions.contains { lower.hasSuffix("." + $0) } }
        if has("journal", "hledger", "j") {
            self = .hledger
        } else if has("ledger", "dat") {
            self = .ledger
        } else if has("beancount", "bean") {
            self = .beancount
        } else {
            return nil
        }
    }
}
