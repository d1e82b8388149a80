import Foundation
import TallyFormat
import TallySyntax
import Testing

/// The budget file an edit story writes to through the pages, and the Edit links those
/// pages hold.
struct EditedFile {
    let path: String

    /// The file's text now.
    func contents() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Whether `tally fmt --check` would pass on it.
    func isFormatted() throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: Array(try contents().utf8)))) == .unchanged
    }

    /// The Edit link on `page` for the entry on `line` of the budget's first file, as a
    /// path and query.
    static func editLink(_ page: String, line: Int) throws -> String {
        let marker = "&amp;line=\(line)&amp;fp="
        let range = try #require(page.range(of: marker), "no Edit link for line \(line)")
        return "/edit?file=0&line=\(line)&fp=" + page[range.upperBound...].prefix { $0 != "\"" }
    }
}
