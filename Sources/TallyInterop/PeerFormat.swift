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
}
