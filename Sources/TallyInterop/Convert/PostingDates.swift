import TallyCore
import TallySyntax

/// A posting's own date, as hledger and ledger write it in the posting's comment:
/// hledger's `date:DATE` tag and ledger's `[DATE]`, the year perhaps left out (it is then
/// the transaction's); `date2:DATE` and `[=DATE]` (or `[DATE=DATE]`) give a secondary
/// date, which both use only when asked (`--date2`, `--effective`).
extension PeerPosting {
    /// Notes the dates a comment of the posting gives.
    mutating func readDates(_ comment: JournalBytes) {
        var i = comment.startIndex
        while i < comment.endIndex {
            let b = comment[i]
            let atWordStart = i == comment.startIndex || comment[i - 1] == ASCII.space || comment[i - 1] == ASCII.comma || comment[i - 1] == ASCII.tab
            if b == ASCII.openBracket, let close = comment[i...].firstIndex(of: ASCII.closeBracket) {
                let inside = comment[(i + 1) ..< close]
                if let first = inside.first, ASCII.isDigit(first) || first == ASCII.equals {
                    if let equals = inside.firstIndex(of: ASCII.equals) {
                        hasSecondaryDate = true
                        if equals > inside.startIndex { dateText = inside[..<equals].string }
                    } else {
                        dateText = inside.string
                    }
                }
                i = close + 1
                continue
            }
            if atWordStart, comment[i...].starts(with: "date:".utf8) || comment[i...].starts(with: "date2:".utf8) {
                let secondary = comment[i + 4] == UInt8(ascii: "2")
                var start = i + (secondary ? 6 : 5)
                while start < comment.endIndex, comment[start] == ASCII.space { start += 1 }
                var end = start
                while end < comment.endIndex, comment[end] != ASCII.comma, comment[end] != ASCII.space, comment[end] != ASCII.tab { end += 1 }
                if secondary { hasSecondaryDate = true } else { dateText = comment[start ..< end].string }
                i = end
                continue
            }
            i += 1
        }
    }
}

extension PeerPosting {
    /// The comment without its dates, which are read: not a note, nor metadata.
    fileprivate mutating func dropDateText() {
        metadata.removeAll { $0.0 == "date" || $0.0 == "date2" }
        guard let text = note else { return }
        let words = text.split(separator: " ").filter { word in
            !(word.hasPrefix("date:") || word.hasPrefix("date2:") || (word.hasPrefix("[") && word.hasSuffix("]")))
        }
        var kept = words.joined(separator: " ")[...]
        while let last = kept.last, last == "," || last == " " { kept = kept.dropLast() }  // the date's comma
        note = kept.isEmpty ? nil : String(kept)
    }
}

extension PeerTransaction {
    /// Reads each posting's own date, in the transaction's year when it gives none; a date
    /// that cannot be read is the transaction's ``problem``.
    mutating func readPostingDates() {
        for p in postings.indices {
            if postings[p].dateText != nil || postings[p].hasSecondaryDate { postings[p].dropDateText() }
            guard let text = postings[p].dateText else { continue }
            if let day = LedgerJournalReader.date(text) ?? PeerTransaction.date(text, inYear: self.date.year) {
                postings[p].date = day
            } else if problem == nil {
                problem = "a posting date Tally cannot read (`\(text)`) on line \(postings[p].source.line)"
            }
        }
    }

    /// `M/D`, `M-D` or `M.D` in `year`.
    private static func date(_ text: String, inYear year: Int) -> CivilDate? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" || $0 == "." }
        guard parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
