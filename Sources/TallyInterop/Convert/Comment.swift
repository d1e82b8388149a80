import TallySyntax

/// What a comment holds in hledger's and ledger's conventions: ledger's `:tag1:tag2:`,
/// hledger's `tag:` (a tag) and `name: value` (a tag with a value, which is metadata in
/// both), and the rest as a note.
struct Comment {
    var tags: [String] = []
    var metadata: [(String, String)] = []
    var note: String?

    init(_ text: String) { self.init(ArraySlice(text.utf8)) }

    init(_ text: JournalBytes) {
        let trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return }
        if trimmed.first == ASCII.colon && trimmed.last == ASCII.colon && !trimmed.contains(ASCII.space) && trimmed.count > 2 {
            tags = trimmed.split(separator: ASCII.colon).map(\.string)
            return
        }
        var noteWords: [String] = []
        // Most comments hold one part (`id: TX-1`, a note): read in place, not split.
        if !trimmed.contains(ASCII.comma) {
            read(trimmed, into: &noteWords)
        } else {
            for piece in trimmed.split(separator: ASCII.comma, omittingEmptySubsequences: false) { read(piece, into: &noteWords) }
        }
        if !noteWords.isEmpty { note = noteWords.count == 1 ? noteWords[0] : noteWords.joined(separator: ", ") }
    }

    /// One comma-separated part: hledger's tag, a word and a colon with its value up to
    /// the comma (`trip:usa`), the words before it note words; else the part is a note word.
    private mutating func read(_ piece: JournalBytes, into noteWords: inout [String]) {
        let part = piece.trimmedSpaces
        if let colon = part.firstIndex(of: ASCII.colon) {
            // The key is the last word before the colon (words split at spaces).
            var keyEnd = colon
            while keyEnd > part.startIndex && part[keyEnd - 1] == ASCII.space { keyEnd -= 1 }
            var keyStart = keyEnd
            while keyStart > part.startIndex && part[keyStart - 1] != ASCII.space { keyStart -= 1 }
            let key = part[keyStart ..< keyEnd]
            if !key.isEmpty, !key.contains(ASCII.slash) {
                if keyStart > part.startIndex { noteWords += part[..<keyStart].split(separator: ASCII.space).map(\.string) }
                let value = part[(colon + 1)...].trimmedSpaces
                if value.isEmpty { tags.append(key.string) } else { metadata.append((key.string, value.string)) }
                return
            }
        }
        if !part.isEmpty { noteWords.append(part.string) }
    }

    /// The text before a `;` comment.
    static func beforeComment(_ s: String) -> String {
        (s.firstIndex(of: ";").map { String(s[..<$0]) } ?? s).trimmedSpaces
    }
}

extension PeerTransaction {
    /// A comment line of its own: under the header it is the transaction's, under a
    /// posting that posting's (a note continues the note before it).
    mutating func attach(_ comment: Comment) {
        func joined(_ note: String?, _ more: String?) -> String? {
            guard let more else { return note }
            return note.map { $0 + " " + more } ?? more
        }
        if postings.isEmpty {
            tags += comment.tags
            metadata += comment.metadata
            if comment.note != nil { notePlace = note == nil ? "lines" : "mixed" }
            note = joined(note, comment.note)
        } else {
            let last = postings.count - 1
            postings[last].tags += comment.tags
            postings[last].metadata += comment.metadata
            postings[last].note = joined(postings[last].note, comment.note)
        }
    }
}
