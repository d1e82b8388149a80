import TallyCore
import TallySyntax

/// Stage 3, continued: what a posting says beside its amount — its comment's note, tags
/// and metadata — kept on whatever entry it became part of, never dropped in silence.
/// A transfer has no lines per wallet, so each wallet's posting keeps its details as the
/// entry's metadata under its side: `to-note: "…"`, `to-tags: "MyTag"`, `to-Sample:
/// "…"` (``AccountNames/legPrefixes``), which `tally export` writes on that posting again.
extension BudgetBuilder {
    /// The metadata lines that keep `p`'s details on a transfer, its side `leg` (`from`,
    /// `to`).
    func legMetadata(_ p: KnownPosting, leg: String) -> [String] {
        var lines: [String] = []
        func add(_ key: String, _ value: String) {
            lines.append("    " + SourceWriter.metadata(key: leg + "-" + key, value: SourceWriter.printable(value)))
        }
        if let note = p.note { add("note", note) }
        if !p.tags.isEmpty { add("tags", p.tags.joined(separator: " ")) }
        for (key, value) in p.metadata { add(key, value) }
        return lines
    }

    /// The details of a split's wallet posting (the entry is that posting): its tags
    /// among the entry's, its note and metadata as the entry's metadata; a key the entry
    /// has already is listed.
    mutating func walletDetails(_ wp: KnownPosting, _ head: inout EntryHead) {
        head.clauses += wp.tags.map { SourceWriter.tag($0) }
        guard wp.note != nil || !wp.metadata.isEmpty else { return }
        var keys = Set(head.metadata.map { $0.trimmedSpaces.prefix { $0 != ":" } })
        for (key, value) in (wp.note.map { [("note", $0)] } ?? []) + wp.metadata {
            guard keys.insert(Substring(key)).inserted else {
                leftOut.append(LeftOut(source: wp.source, reason: "`\(key)` on a posting, which its entry has already (Tally keeps metadata per entry)"))
                continue
            }
            head.metadata.append("    " + SourceWriter.metadata(key: key, value: SourceWriter.printable(value)))
        }
    }
}

extension KnownPosting {
    /// The posting with another amount and without its details: the side of a transfer
    /// the converter made up from it (its details are written once, elsewhere).
    func bare(_ number: Money) -> KnownPosting? {
        var p = posting
        p.amount?.number = number
        p.note = nil
        p.tags = []
        p.metadata = []
        return KnownPosting(p)
    }
}
