import TallySyntax

/// What an entry starts with: the date, payee and note (`header`), its tags and `by`
/// (`clauses`), and its metadata lines.
struct EntryHead {
    var header: String
    var clauses: [String]
    var metadata: [String]

    init(_ t: borrowing PeerTransaction, _ builder: inout BudgetBuilder) {  // borrowed: an owned one was a copy
        // The date as `description` writes it, without its cost; the texts after it.
        var texts: [String] = []
        if t.payee != nil || t.note != nil { texts.append(t.payee.map { SourceWriter.text(SourceWriter.printable($0)) } ?? "\"\"") }
        if let note = t.note { texts.append(SourceWriter.text(SourceWriter.printable(note))) }
        header = texts.isEmpty ? t.date.iso : String.assembled(t.date.iso, (ASCII.space, texts))
        clauses = t.tags.map { SourceWriter.tag($0) }
        var metadata = t.metadata
        // A note from a comment goes back there on export (`note-from: comment`).
        if t.note != nil, builder.keepsShapes, let place = t.notePlace, place != "mixed" { metadata.append((AccountNames.noteFromKey, place)) }
        if let i = metadata.firstIndex(where: { $0.0 == "person" }) {
            clauses.append("by " + builder.tallyName(metadata[i].1))
            metadata.remove(at: i)
        }
        self.metadata = metadata.map { "    " + SourceWriter.metadata(key: $0.0, value: SourceWriter.printable($0.1)) }
    }

    /// The entry's first line: the header, `fields` and `clauses`, one space apart.
    func line(_ fields: String..., clauses: [String]) -> String {
        String.assembled(header, (ASCII.space, fields), (ASCII.space, clauses))
    }

    /// The entry's first line with `lines` (split lines) and then its metadata lines
    /// below it.
    func withMetadata(_ line: String, below lines: [String] = []) -> String {
        metadata.isEmpty && lines.isEmpty ? line : String.assembled(line, (ASCII.lineFeed, lines), (ASCII.lineFeed, metadata))
    }
}
