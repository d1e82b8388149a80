import TallySyntax

/// What an entry starts with: the date, payee and note (`header`), its tags and `by`
/// (`clauses`), and its metadata lines.
struct EntryHead {
    var header: String
    var clauses: [String]
    var metadata: [String]

    init(_ t: borrowing PeerTransaction, _ builder: inout BudgetBuilder) {  // borrowed: an owned one was a copy
        // The date as `description` writes it, without its cost; the texts after it.
        let date = t.date.iso
        if t.payee != nil || t.note != nil {
            let payee = t.payee.map { builder.quotedText($0) } ?? "\"\""
            let note = t.note.map { SourceWriter.text(SourceWriter.printable($0)) }
            header = String.written(size: date.utf8.count + 1 + payee.utf8.count + (note.map { 1 + $0.utf8.count } ?? 0)) { text in
                text.write(date)
                text.write(ASCII.space)
                text.write(payee)
                if let note {
                    text.write(ASCII.space)
                    text.write(note)
                }
            }
        } else {
            header = date
        }
        clauses = t.tags.map { SourceWriter.tag($0) }
        var metadata = t.metadata
        // A note from a comment goes back there on export (`note-from: comment`).
        if t.note != nil, builder.keepsShapes, let place = t.notePlace, place != "mixed" { metadata.append((AccountNames.noteFromKey, place)) }
        if let i = metadata.firstIndex(where: { $0.0 == "person" }) {
            clauses.append("by " + builder.tallyName(metadata[i].1))
            metadata.remove(at: i)
        }
        self.metadata = metadata.map { EntryHead.metadataLine(key: $0.0, value: $0.1) }
    }

    /// An indented metadata line (`    id: "A-17"`), the value made printable.
    static func metadataLine(key: String, value: String) -> String {
        let key = SourceWriter.key(key)
        let value = SourceWriter.text(SourceWriter.printable(value))
        return String.written(size: 5 + key.utf8.count + value.utf8.count) { text in
            text.write("    ")
            text.write(key)
            text.write(ASCII.space)
            text.write(value)
        }
    }

    /// The entry's first line: the header, `fields` and `clauses`, one space apart.
    func line(_ fields: String..., clauses: [String]) -> String {
        String.written(size: header.utf8.count + TextWriter.size(fields) + TextWriter.size(clauses)) { text in
            text.write(header)
            text.write(fields, after: ASCII.space)
            text.write(clauses, after: ASCII.space)
        }
    }

    /// A one-line transaction's whole text: its first line (the header, the wallet
    /// `name`, `category`, `amount` and `clauses`, one space apart) and its metadata lines,
    /// written at once (the most common entry).
    func transaction(_ name: String, _ category: String, _ amount: String, clauses: [String]) -> String {
        let fields = [name, category, amount]
        return String.written(size: header.utf8.count + TextWriter.size(fields) + TextWriter.size(clauses) + TextWriter.size(metadata)) { text in
            text.write(header)
            text.write(fields, after: ASCII.space)
            text.write(clauses, after: ASCII.space)
            text.write(metadata, after: ASCII.lineFeed)
        }
    }

    /// The entry's first line with `lines` (split lines) and then its metadata lines
    /// below it.
    func withMetadata(_ line: String, below lines: [String] = []) -> String {
        if metadata.isEmpty && lines.isEmpty { return line }
        return String.written(size: line.utf8.count + TextWriter.size(lines) + TextWriter.size(metadata)) { text in
            text.write(line)
            text.write(lines, after: ASCII.lineFeed)
            text.write(metadata, after: ASCII.lineFeed)
        }
    }
}
