import Foundation
import TallySyntax
import TallyTestSupport

/// What highlighting should show on a file: each token the parser reads, with where it
/// sits on its line in the units editors count (UTF-8 bytes for Vim, UTF-16 for TextMate,
/// characters for Emacs), and the highlighting name each editor gives its kind according
/// to editors/grammar/tally-tokens.json.
struct HighlightExpectation {
    struct Token {
        var kind: String
        var text: String
        var line: Int  // 0-based
        var bytes: Range<Int>
        var utf16: Range<Int>
        var scalars: Range<Int>
    }

    /// The token grammar, the single source of every editor's highlighting.
    nonisolated(unsafe) static let grammar: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: TestSupport.path("editors/grammar/tally-tokens.json")))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    /// The name an editor (`textmate`, `vim`, `emacs`) gives a lexer token kind; nil for
    /// kinds no rule covers (whitespace, line breaks) and "" for covered but unhighlighted.
    static func name(of tokenKind: String, in editor: String) -> String? {
        for kind in grammar["kinds"] as! [[String: Any]] where (kind["tokens"] as! [String]).contains(tokenKind) {
            if editor == "vim" {  // every kind has its group; unlinked ones show no colour
                let name = kind["kind"] as! String
                return "tally" + name.prefix(1).uppercased() + name.dropFirst()
            }
            return kind[editor] as? String ?? ""
        }
        return nil
    }

    let path: String
    let lines: [String]
    let tokens: [Token]

    init(path: String) throws {
        self.path = path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tree = Parser.parse(text, path: path)
        var lineStarts = [0]
        let bytes = Array(text.utf8)
        for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
        lines = text.components(separatedBy: "\n")
        var tokens: [Token] = []
        for i in 0 ..< tree.tokenCount {
            let token = tree.token(at: i)
            if token.kind == .whitespace || token.kind == .newline || token.kind == .byteOrderMark { continue }
            let range = token.range
            let line = (lineStarts.lastIndex { $0 <= range.start })!
            let before = String(decoding: bytes[lineStarts[line] ..< range.start], as: UTF8.self)
            let body = token.text
            let start = (bytes: range.start - lineStarts[line], utf16: before.utf16.count, scalars: before.unicodeScalars.count)
            tokens.append(
                Token(
                    kind: token.kind.description, text: body, line: line,
                    bytes: start.bytes ..< start.bytes + body.utf8.count,
                    utf16: start.utf16 ..< start.utf16 + body.utf16.count,
                    scalars: start.scalars ..< start.scalars + body.unicodeScalars.count))
        }
        self.tokens = tokens
    }

    /// The files every editor is checked on: the sample with every kind, and the examples.
    static let files = [
        "editors/grammar/sample.tally", "examples/household.tally",
        "examples/student.tally", "examples/multi-currency.tally"
    ].map(TestSupport.path)
}
