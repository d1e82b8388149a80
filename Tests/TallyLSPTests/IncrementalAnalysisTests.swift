import Foundation
import TallyLSP
import TallyTestSupport
import XCTest

/// A server that re-reads and re-lowers only what each edit touched answers exactly as a
/// server that opens the edited files afresh: the same diagnostics in every file of the
/// budget, the same inlay hints (which find each entry's place in the model), after a
/// chain of edits to a root and the files it includes.
final class IncrementalAnalysisTests: XCTestCase {
    private let root =
        "include \"a.tally\"\ninclude \"b.tally\"\ncurrency EUR\nwallet Cash cash\nwallet Bank bank\nexpense Food\n"
        + "envelope Groceries 20 monthly for Food\n2026-01-02 \"Shop\" Cash Food -1.00\n2026-01-03 Cash Fod -2.00\n"
    private let lines = [
        "2026-01-05 \"Shop\" Cash Food -4.00", "2026-01-06 Bank Food -30", "2026-01-07 Cahs Food -1",
        "2026-01-08 \"Shop\"  Bank", "    Food -2.00", "2026-01-09 assert Cash -3.00", "; a note",
        "2026-01-10 transfer Bank -> Cash 5", "2026-01-03 \"Shop\" Cash Food -1.00", ""
    ]

    func testEditsAnswerAsAFreshServerDoes() {
        var random = TestSupport.SeededGenerator(seed: 0x1AC)
        var texts = ["main.tally": root, "a.tally": "", "b.tally": "2026-01-04 Bank Food -3.00\n"]
        let client = TestClient()
        for (name, text) in texts { client.write(name, text) }
        client.initialize()
        client.open("main.tally", texts["main.tally"]!)
        client.open("a.tally", texts["a.tally"]!)
        var versions = ["main.tally": 1, "a.tally": 1]
        for step in 0 ..< 80 {
            // An edit of one open file, below the root's declarations: mostly a line typed
            // or deleted, sometimes a character typed into a line; as a range.
            let name = step % 3 == 0 ? "main.tally" : "a.tally"
            var fileLines = texts[name]!.components(separatedBy: "\n")
            let firstEditable = name == "main.tally" ? 7 : 0
            let line = Int.random(in: min(firstEditable, fileLines.count - 1) ..< fileLines.count, using: &random)
            let range: JSON
            let replacement: String
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 5:
                replacement = lines.randomElement(using: &random)! + "\n"
                range = ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]]
                fileLines.insert(contentsOf: replacement.dropLast().components(separatedBy: "\n"), at: line)
            case 5 ..< 7 where line + 1 < fileLines.count:
                replacement = ""
                range = ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line + 1), "character": 0]]
                fileLines.remove(at: line)
            default:
                let column = Int.random(in: 0 ... fileLines[line].utf8.count, using: &random)
                replacement = ["1", "9", " ", "-", "x", "\""].randomElement(using: &random)!
                range = ["start": ["line": .int(line), "character": .int(column)], "end": ["line": .int(line), "character": .int(column)]]
                var characters = Array(fileLines[line])
                characters.insert(contentsOf: replacement, at: column)
                fileLines[line] = String(characters)
            }
            texts[name] = fileLines.joined(separator: "\n")
            versions[name]! += 1
            client.change(name, version: versions[name]!, range: range, text: replacement)

            let fresh = TestClient()
            for (file, text) in texts { fresh.write(file, text) }
            fresh.initialize()
            fresh.open("main.tally", texts["main.tally"]!)
            fresh.open("a.tally", texts["a.tally"]!)
            for file in ["main.tally", "a.tally", "b.tally"] {
                // A file no budget holds any more was cleared by the one server, never
                // published by the other: both show nothing.
                XCTAssertEqual(
                    normalized(client.diagnostics(file)?["diagnostics"] ?? [], client), normalized(fresh.diagnostics(file)?["diagnostics"] ?? [], fresh),
                    "step \(step): diagnostics of \(file) after editing \(name)")
            }
            for file in ["main.tally", "a.tally"] {
                let whole: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 1000, "character": 0]]
                let hints = client.result("textDocument/inlayHint", ["textDocument": ["uri": .string(client.uri(file))], "range": whole])
                let freshHints = fresh.result("textDocument/inlayHint", ["textDocument": ["uri": .string(fresh.uri(file))], "range": whole])
                XCTAssertEqual(normalized(hints, client), normalized(freshHints, fresh), "step \(step): inlay hints of \(file)")
            }
        }
    }

    /// Edits of the root's declarations (amounts, dates, flags, now and then a name) keep
    /// the entries when names, currencies and decimals resolve alike: the answers are still
    /// a fresh server's, diagnostics and inlay hints (balances start from the openings).
    func testDeclarationEditsAnswerAsAFreshServerDoes() {
        var random = TestSupport.SeededGenerator(seed: 0xDEC)
        var texts = [
            "main.tally": "include \"a.tally\"\ncurrency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\nwallet Bank bank limit 50\n"
                + "expense Food\nenvelope Groceries 20 monthly for Food\ngoal Trip 100 by 2026-06-01\n"
                + "2026-01-02 \"Shop\" Cash Food -1.00\n2026-01-03 Cash Fod -2.00\n2026-01-04 Bank Food -30\n",
            "a.tally": "2026-01-05 Bank Food -3.00\n2026-01-06 Cash -> Bank 4\n"
        ]
        let client = TestClient()
        for (name, text) in texts { client.write(name, text) }
        client.initialize()
        client.open("main.tally", texts["main.tally"]!)
        var version = 1
        let additions = [" hidden", " closed 2026-01-05", " 5", "1", " ", "x"]
        for step in 0 ..< 40 {
            var fileLines = texts["main.tally"]!.components(separatedBy: "\n")
            let line = Int.random(in: 2 ... 6, using: &random)
            let characters = Array(fileLines[line])
            let digits = characters.indices.filter { characters[$0].isNumber }
            let column: Int
            let length: Int
            let replacement: String
            if Int.random(in: 0 ..< 3, using: &random) > 0, let digit = digits.randomElement(using: &random) {
                (column, length, replacement) = (digit, 1, String(Int.random(in: 0 ... 9, using: &random)))
            } else {
                (column, length, replacement) = (characters.count, 0, additions.randomElement(using: &random)!)
            }
            fileLines[line] = String(characters[..<column]) + replacement + String(characters[(column + length)...])
            texts["main.tally"] = fileLines.joined(separator: "\n")
            version += 1
            client.change(
                "main.tally", version: version,
                range: ["start": ["line": .int(line), "character": .int(column)], "end": ["line": .int(line), "character": .int(column + length)]],
                text: replacement)

            let fresh = TestClient()
            for (file, text) in texts { fresh.write(file, text) }
            fresh.initialize()
            fresh.open("main.tally", texts["main.tally"]!)
            for file in ["main.tally", "a.tally"] {
                XCTAssertEqual(
                    normalized(client.diagnostics(file)?["diagnostics"] ?? [], client), normalized(fresh.diagnostics(file)?["diagnostics"] ?? [], fresh),
                    "step \(step): diagnostics of \(file) after editing line \(line)")
            }
            let whole: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 1000, "character": 0]]
            let hints = client.result("textDocument/inlayHint", ["textDocument": ["uri": .string(client.uri("main.tally"))], "range": whole])
            let freshHints = fresh.result("textDocument/inlayHint", ["textDocument": ["uri": .string(fresh.uri("main.tally"))], "range": whole])
            XCTAssertEqual(normalized(hints, client), normalized(freshHints, fresh), "step \(step): inlay hints")
        }
    }

    /// The `payee` rules live on the model: after an edit of a `payee` line, the hover on
    /// the payee and the entries it books follow the new rule, as a fresh server's do.
    func testAnEditedPayeeRuleIsWhatTheHoverShows() {
        let text = "currency EUR\nwallet Cash cash\nexpense Food, Fun\npayee \"Shop\" Food\n2026-01-02 \"Shop\" Cash -1.00\n"
        let client = TestClient()
        client.write("main.tally", text)
        client.initialize()
        client.open("main.tally", text)
        func hover(_ client: TestClient) -> String {
            let answer = client.result(
                "textDocument/hover",
                [
                    "textDocument": ["uri": .string(client.uri("main.tally"))],
                    "position": ["line": 4, "character": 13]
                ])
            guard case .string(let markdown)? = answer["contents"]?["value"] else { return "" }
            return markdown
        }
        XCTAssertTrue(hover(client).contains("books it in **Food**"), hover(client))
        // `Food` on line 3 becomes `Fun`.
        client.change("main.tally", version: 2, range: ["start": ["line": 3, "character": 13], "end": ["line": 3, "character": 17]], text: "Fun")
        let edited = text.replacingOccurrences(of: "payee \"Shop\" Food", with: "payee \"Shop\" Fun")
        let fresh = TestClient()
        fresh.write("main.tally", edited)
        fresh.initialize()
        fresh.open("main.tally", edited)
        XCTAssertTrue(hover(client).contains("books it in **Fun**"), hover(client))
        XCTAssertEqual(hover(client), hover(fresh))
        XCTAssertEqual(
            normalized(client.diagnostics("main.tally")?["diagnostics"] ?? [], client),
            normalized(fresh.diagnostics("main.tally")?["diagnostics"] ?? [], fresh))
    }

    /// The JSON with the client's folder taken out of URIs.
    private func normalized(_ json: JSON?, _ client: TestClient) -> JSON {
        func strip(_ value: JSON) -> JSON {
            switch value {
            case .string(let text): return .string(text.replacingOccurrences(of: client.folder.path, with: "<folder>"))
            case .array(let items): return .array(items.map(strip))
            case .object(let members): return .object(members.mapValues(strip))
            default: return value
            }
        }
        return strip(json ?? .null)
    }
}
