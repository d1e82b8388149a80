import Foundation
import TallyTestSupport
import Testing

/// docs/interop.md, "Every directive", names every directive keyword the journal readers
/// recognise (their `case "WORD"` lists, the words a line's first word is compared with,
/// beancount's pushed tags and metadata): a directive the converter learns cannot be
/// left out of the table.
@Suite struct DirectiveTableTests {
    static let readers = [
        "Sources/TallyInterop/Convert/LedgerJournalReader.swift",
        "Sources/TallyInterop/Convert/BeancountReader.swift"
    ]

    /// The keywords in a reader's source: `case "open":`, `case "payee", "tag":`,
    /// `first == "include"`, `["pushtag", "poptag", …].contains(first)`.
    static func keywords(in source: String) throws -> Set<String> {
        var words = Set<String>()
        let patterns = [#"case ((?:"[^"]+"(?:, )?)+)(?: where [^:]*)?:"#, #"first == "([^"]+)""#, #"\[((?:"[^"]+"(?:, )?)+)\]\.contains\(first\)"#]
        for pattern in patterns {
            let expression = try NSRegularExpression(pattern: pattern)
            let text = source as NSString
            for match in expression.matches(in: source, range: NSRange(location: 0, length: text.length)) {
                let list = text.substring(with: match.range(at: 1))
                for word in list.split(separator: ",") {
                    let keyword = word.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                    // Values compared in passing (a decimal mark `,`) are no directives.
                    if keyword.first.map({ $0.isLetter || $0 == "!" }) ?? false { words.insert(keyword) }
                }
            }
        }
        return words
    }

    @Test func theTableNamesEveryDirectiveTheReadersKnow() throws {
        let docs = try String(contentsOfFile: TestSupport.path("docs/interop.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "### Every directive"))
        let table = docs[start.upperBound...].components(separatedBy: "\n## ")[0]
        var found = 0
        for reader in Self.readers {
            let keywords = try Self.keywords(in: try String(contentsOfFile: TestSupport.path(reader), encoding: .utf8))
            found += keywords.count
            for keyword in keywords.sorted() {
                #expect(table.contains("`\(keyword)`") || table.contains("`\(keyword) "), "\(reader): `\(keyword)` is not in docs/interop.md, \"Every directive\"")
            }
        }
        // open, close, commodity, price, balance, pad, include, option, pushtag, … and
        // account, alias, apply, end, payee, tag, comment, test, P, decimal-mark: the
        // pattern must find them, or the test proves nothing.
        #expect(found >= 20, "found \(found) keywords")
    }
}
