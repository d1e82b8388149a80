import TallyCore
import TallySyntax

/// What a posting says beside its amount, as `tally convert` keeps it on a transfer's
/// entry per side (`to-note:`, `to-tags:`, `to-Sample:`; Grammar.md §3.11), and a split
/// line's metadata on its entry (`split-2-for:`; a split line's note and tags are its
/// own): the export writes it on that posting again, as the posting's comment.
struct PostingDetails {
    var note: String?
    var tags: [String] = []
    var metadata: [(key: String, value: String)] = []

    var isEmpty: Bool { note == nil && tags.isEmpty && metadata.isEmpty }

    /// The entry's key of a split line's metadata `key`: `split-2-for` (its place, from 1).
    static func splitKey(_ line: Int, _ key: String) -> String { "split-\(line)-\(key)" }

    /// Per split line (from 1), its metadata, taken out of `metadata`.
    static func splitLines(_ metadata: inout [(key: String, value: String)]) -> [Int: [(key: String, value: String)]] {
        guard metadata.contains(where: { $0.key.hasPrefix("split-") }) else { return [:] }
        var lines: [Int: [(key: String, value: String)]] = [:]
        metadata.removeAll { entry in
            guard entry.key.hasPrefix("split-") else { return false }
            let rest = entry.key.dropFirst("split-".count)
            guard let dash = rest.firstIndex(of: "-"), let line = Int(rest[..<dash]), line > 0, rest.index(after: dash) < rest.endIndex else { return false }
            lines[line, default: []].append((String(rest[rest.index(after: dash)...]), entry.value))
            return true
        }
        return lines
    }

    /// The two sides' details, taken out of `metadata` (the rest stays the entry's).
    static func legs(_ metadata: inout [(key: String, value: String)]) -> (from: PostingDetails, to: PostingDetails) {
        guard metadata.contains(where: { $0.key.hasPrefix("from-") || $0.key.hasPrefix("to-") }) else { return (PostingDetails(), PostingDetails()) }
        var from = PostingDetails(), to = PostingDetails()
        metadata.removeAll { entry in
            let side: String
            if entry.key.hasPrefix("from-") { side = "from" } else if entry.key.hasPrefix("to-") { side = "to" } else { return false }
            let key = String(entry.key.dropFirst(side.count + 1))
            guard !key.isEmpty else { return false }
            func add(_ details: inout PostingDetails) {
                switch key {
                case "note" where details.note == nil: details.note = entry.value
                case "tags": details.tags += entry.value.split(separator: " ").map(String.init)
                default: details.metadata.append((key, entry.value))
                }
            }
            if side == "from" { add(&from) } else { add(&to) }
            return true
        }
        return (from, to)
    }
}

extension JournalExporter {
    /// A posting with its details: the comment after it (hledger: `; note, tag:, key:
    /// value`; ledger: the note there, tags and metadata on comment lines below it),
    /// metadata below it in beancount.
    func posting(_ out: inout JournalText, _ account: String, _ amount: String, _ details: PostingDetails) {
        guard !details.metadata.isEmpty else { return posting(&out, account, amount, note: details.note, tags: details.tags) }
        switch format {
        case .hledger:
            let words =
                (details.note.map { [metadataValue($0)] } ?? []) + details.tags.map { tagName($0) + ":" }
                + details.metadata.map { "\(metadataKey($0.key)): \(metadataValue($0.value))" }
            out.line("    \(account)  \(amount)  ; " + words.joined(separator: ", "))
        case .ledger:
            posting(&out, account, amount, note: details.note, tags: [])
            for (key, value) in details.metadata { out.line("        ; \(metadataKey(key)): \(metadataValue(value))") }
            if !details.tags.isEmpty { out.line("        ; :" + details.tags.map(tagName).joined(separator: ":") + ":") }
        case .beancount:
            posting(&out, account, amount, note: details.note, tags: details.tags)
            for (key, value) in details.metadata { out.line("      \(metadataKey(key)): \(quoted(value))") }
        }
    }
}
