import TallyInterop
import Testing

/// A journal comment is read in place when it is one part (no comma) and split at commas
/// otherwise; both readings give the same tags, metadata and notes (hledger's and
/// ledger's conventions, docs/interop.md).
struct CommentPartsTests {
    /// The converted entry of a transaction whose header carries `comment`, and the
    /// metadata lines below it.
    private func entry(_ comment: String) throws -> [String] {
        let journal = """
            2026-01-05 Shop  ; \(comment)
                Expenses:Food  5.00 EUR
                Assets:Cash  -5.00 EUR

            """
        let budget = try JournalConverter.convert(paths: ["c.journal"]) { _ in journal }.budget
        let lines = budget.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("2026-01-05") }) else { return [] }
        return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("    ") }.map { String($0.drop { $0 == " " }) }
    }

    @Test func oneKeyAndValueIsMetadata() throws {
        let lines = try entry("id: A-1")
        #expect(lines.contains("id: \"A-1\""), "\(lines)")
        #expect(lines.first?.contains("A-1") == false, "\(lines)")
    }

    @Test func wordsBeforeTheKeyAreNoteWords() throws {
        // `paid by card trip: usa`: the key is the last word before the colon; each word
        // before it is a note word, and note words are joined by `, `.
        let lines = try entry("paid by card trip: usa")
        #expect(lines.first?.contains("\"Shop\" \"paid, by, card\"") == true, "\(lines)")
        #expect(lines.contains("trip: \"usa\""), "\(lines)")
    }

    @Test func aKeyWithoutValueIsATag() throws {
        let lines = try entry("groceries:")
        #expect(lines.first?.hasSuffix("#groceries") == true, "\(lines)")
    }

    @Test func aKeyWithASlashMakesThePartANote() throws {
        // `a/b` is no key: the whole part is the note, colon and all.
        let lines = try entry("files a/b: c")
        #expect(lines.first?.contains("\"Shop\" \"files a/b: c\"") == true, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("a/b") || $0.hasPrefix("files") }, "\(lines)")
    }

    @Test func partsAreSplitAtCommas() throws {
        // Two parts: a note word and metadata; the one-part reading of each is the same.
        let lines = try entry("birthday dinner, trip: usa")
        #expect(lines.first?.contains("\"Shop\" \"birthday dinner\"") == true, "\(lines)")
        #expect(lines.contains("trip: \"usa\""), "\(lines)")
    }
}
