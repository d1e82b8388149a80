import Foundation
import TallyLSP
import TallyTestSupport
import XCTest

/// A server that re-reads and re-lowers only what each edit touched answers exactly as a
/// server that opens the edited files afresh: the same diagnostics in every file of the
/// budget, the same inlay hints (which find each entry's place in the model), after a
/// chain of edits to a root and the files it includes.
final class IncrementalAnalysisTests: XCTestCase {
    private let root = "include \"a.tally\"\ninclude \"b.tally\"\ncurrency EUR\nwallet Cash cash\nwallet Bank bank\nexpense Food\n"
        + "envelope Groceries 20 monthly for Food\n2026-01-02 \"Shop\" Cash Food -1.00\n2026-01-03 Cash Fod -2.00\n"
    private let lines = ["2026-01-05 \"Shop\" Cash Food -4.00", "2026-01-06 Bank Food -30", "2026-01-07 Cahs Food -1",
                         "2026-01-08 \"Shop\"  Bank", "    Food -2.00", "2026-01-09 assert Cash -3.00", "; a note",
                         "2026-01-10 transfer Bank -> Cash 5", "2026-01-03 \"Shop\" Cash Food -1.00", ""]

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
                XCTAssertEqual(normalized(client.diagnostics(file)?["diagnostics"] ?? [], client), normalized(fresh.diagnostics(file)?["diagnostics"] ?? [], fresh),
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
