import TallyCore

/// Whether a movement is booked, as a statement's status column says it (Sparkasse's
/// `Info`, Revolut's `State`, DKB's `Status`): only booked movements are imported. A
/// pending one is listed as not booked, so that when the bank books it and the next
/// statement lists it again, it is added once; a reverted, declined or failed one never
/// happened. A word not listed is not guessed: the row is refused (Grammar.md §7.1).
public enum MovementStatus: Sendable, Equatable {
    case booked
    /// Not booked yet (pending, `Umsatz vorgemerkt`).
    case pending
    /// Will never be booked (reverted, declined, failed, cancelled).
    case void

    /// The words of a status column, folded (``CSVColumns/normalize(_:)``).
    static let words: [String: MovementStatus] = [
        "booked": .booked, "book": .booked, "posted": .booked, "completed": .booked, "complete": .booked,
        "settled": .booked, "cleared": .booked, "gebucht": .booked, "umsatz gebucht": .booked, "geboekt": .booked,
        "executed": .booked, "provedeno": .booked, "zauctovano": .booked, "zauctovane": .booked,
        "abgeschlossen": .booked, "contabilizzato": .booked, "ausstehend": .pending, "non contabilizzato": .pending,
        "pending": .pending, "pdng": .pending, "vorgemerkt": .pending, "umsatz vorgemerkt": .pending,
        "in progress": .pending, "processing": .pending, "authorised": .pending, "authorized": .pending,
        "nicht gebucht": .pending, "in bearbeitung": .pending, "onverwerkt": .pending,
        "reverted": .void, "declined": .void, "failed": .void, "cancelled": .void, "canceled": .void,
        "rejected": .void, "storniert": .void
    ]

    /// The status a cell names, or nil when it names none Tally knows or `declared` lists.
    public init?(word: String, declared: [StatementWord: [String]] = [:]) {
        let folded = CSVColumns.normalize(word)
        let named: [(StatementWord, MovementStatus)] = [(.booked, .booked), (.pending, .pending), (.void, .void)]
        if let (_, status) = named.first(where: { declared[$0.0]?.contains { CSVColumns.normalize($0) == folded } ?? false }) {
            self = status
            return
        }
        guard let status = Self.words[folded] else { return nil }
        self = status
    }

    /// Why a movement of this status is not imported (nil when booked).
    func reason(_ written: String) -> String? {
        switch self {
        case .booked: nil
        case .pending: "its status is `\(written)`: pending, not booked yet"
        case .void: "its status is `\(written)`: it was not carried out"
        }
    }
}
