import Foundation
import TallyTestSupport
import XCTest

@testable import TallySyntax

/// The token grammar behind every editor's highlighting, and the VS Code extension's
/// files: valid, up to date, and in agreement with the parser on real budgets.
final class EditorGrammarTests: XCTestCase {
    private func json(_ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.path(relative)))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], relative)
    }

    func testGeneratedHighlightingFilesAreUpToDate() throws {
        let python = try ExternalTool.require("python3")
        let result = try python.run(["editors/grammar/generate.py", "--check"])
        XCTAssertEqual(result.status, 0, "run `python3 editors/grammar/generate.py`:\n" + result.output)
    }

    func testTheGrammarKnowsEveryKeywordOfTheParser() throws {
        let words = try XCTUnwrap(HighlightExpectation.grammar["keywords"] as? [String])
        // Keywords, option names, and the values options take (Parser+Declarations).
        let optionValues = ["error", "warning", "info", "off", "allow", "warn"]
        XCTAssertEqual(Set(words), Set(Keyword.allCases.map(\.spelling) + OptionName.allCases.map(\.rawValue) + optionValues))
        // Every kind of token the lexer makes is covered by exactly one rule, trivia aside.
        var covered: [String: Int] = [:]
        for kind in try XCTUnwrap(HighlightExpectation.grammar["kinds"] as? [[String: Any]]) {
            for token in try XCTUnwrap(kind["tokens"] as? [String]) { covered[token, default: 0] += 1 }
        }
        for kind in TokenKind.allCases where !(kind.isTrivia && kind != .comment) && kind != .unknown {
            XCTAssertEqual(covered[kind.description], 1, "\(kind) should be covered by one rule")
        }
    }

    func testVSCodeManifestHasTheRequiredFields() throws {
        let manifest = try json("editors/vscode/package.json")
        for key in ["name", "displayName", "description", "version", "publisher", "engines", "main", "contributes"] {
            XCTAssertNotNil(manifest[key], "package.json needs \(key)")
        }
        XCTAssertNotNil((manifest["engines"] as? [String: Any])?["vscode"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: TestSupport.path("editors/vscode/" + (manifest["main"] as! String))))
        XCTAssertEqual((manifest["dependencies"] as? [String: Any]).map { Array($0.keys) }, ["vscode-languageclient"])

        let contributes = try XCTUnwrap(manifest["contributes"] as? [String: Any])
        let language = try XCTUnwrap((contributes["languages"] as? [[String: Any]])?.first)
        XCTAssertEqual(language["id"] as? String, "tally")
        XCTAssertEqual(language["extensions"] as? [String], [".tally"])
        let configurationPath = try XCTUnwrap(language["configuration"] as? String)
        let configuration = try json("editors/vscode/" + configurationPath)
        XCTAssertEqual((configuration["comments"] as? [String: Any])?["lineComment"] as? String, ";")
        let rules = try XCTUnwrap(configuration["onEnterRules"] as? [[String: Any]])
        let indentAfter = try NSRegularExpression(pattern: try XCTUnwrap(rules.first?["beforeText"] as? String))
        func indents(_ line: String) -> Bool { indentAfter.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
        // A dated entry without an amount has split lines below it: Enter indents.
        XCTAssertTrue(indents("2026-01-04 \"Tesco\" Checking"))
        XCTAssertTrue(indents("2026-01-04 \"Tesco\" Checking  ; split below"))
        XCTAssertFalse(indents("2026-01-04 \"Tesco\" Checking Food -66.20"))
        XCTAssertFalse(indents("2026-01-06 transfer Checking -> Dollars 100.00 = 110.00 USD"))
        XCTAssertNoThrow(try NSRegularExpression(pattern: try XCTUnwrap(configuration["wordPattern"] as? String)))

        let grammar = try XCTUnwrap((contributes["grammars"] as? [[String: Any]])?.first)
        XCTAssertEqual(grammar["language"] as? String, "tally")
        XCTAssertEqual(grammar["scopeName"] as? String, "source.tally")
        let textmate = try json("editors/vscode/" + (grammar["path"] as! String))
        XCTAssertEqual(textmate["scopeName"] as? String, "source.tally")

        let properties = try XCTUnwrap((contributes["configuration"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertNotNil(properties["tally.server.path"], "configuration for the server path")
        XCTAssertNotNil(properties["tally.inlayHints.balances"], "configuration for inlay hints")
        XCTAssertNotNil(properties["tally.inlayHints.envelopes"], "configuration for inlay hints")
        // The problem matcher reads `tally check` text output.
        let matcher = try XCTUnwrap((contributes["problemMatchers"] as? [[String: Any]])?.first)
        let pattern = try XCTUnwrap((matcher["pattern"] as? [String: Any])?["regexp"] as? String)
        let line = "examples/errors/E0204-invalid-date.tally:6:1: error[E0204]: invalid date `2026-02-30`: February 2026 has 28 days"
        let match = try XCTUnwrap(try NSRegularExpression(pattern: pattern).firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
        XCTAssertEqual(
            (1 ... 6).map { String(line[Range(match.range(at: $0), in: line)!]) },
            ["examples/errors/E0204-invalid-date.tally", "6", "1", "error", "E0204", "invalid date `2026-02-30`: February 2026 has 28 days"])
        let script = try String(contentsOfFile: TestSupport.path("editors/vscode/extension.js"), encoding: .utf8)
        XCTAssertTrue(script.contains("require('vscode-languageclient/node')"))
        XCTAssertTrue(script.contains("'lsp'"))
    }

    func testEveryGrammarRegexIsInTheCommonSubsetAndCompiles() throws {
        let textmate = try json("editors/vscode/syntaxes/tally.tmLanguage.json")
        let repository = try XCTUnwrap(textmate["repository"] as? [String: [String: Any]])
        let patterns = try XCTUnwrap(textmate["patterns"] as? [[String: String]])
        XCTAssertEqual(Set(patterns.compactMap { $0["include"] }), Set(repository.keys.map { "#" + $0 }))
        XCTAssertFalse(repository.isEmpty)
        for (name, rule) in repository {
            let match = try XCTUnwrap(rule["match"] as? String, name)
            XCTAssertNotNil(rule["name"] as? String, name)
            // Features where Oniguruma, ICU and Python differ are kept out.
            for feature in ["(?<", "\\h", "\\G", "\\A", "\\z", "\\Z", "\\p{", "(?i", "(?x", "*+", "++", "?+", "{", "\\k<", "(?>"] {
                XCTAssertFalse(match.contains(feature), "\(name) uses \(feature), outside the common subset")
            }
            XCTAssertNoThrow(try NSRegularExpression(pattern: match), name)
        }
        if let python = ExternalTool.find("python3") {
            let check = "import json,re,sys\nfor k,r in json.load(open(sys.argv[1]))['repository'].items(): re.compile(r['match'])"
            let result = try python.run(["-c", check, TestSupport.path("editors/vscode/syntaxes/tally.tmLanguage.json")])
            XCTAssertEqual(result.status, 0, result.output)
        }
    }

    /// Sublime's syntax is YAML whose rules are the TextMate grammar's, in the same order;
    /// Helix's entry is TOML naming the language server and the formatter.
    func testSublimeAndHelixFilesReadBackAsTheGrammar() throws {
        let python = try ExternalTool.require("python3")
        let script = """
            import json, sys, tomllib, yaml
            text = open(sys.argv[1]).read()
            assert text.startswith('%YAML 1.2'), 'sublime-syntax needs its header'
            sublime = yaml.safe_load(text.split('---', 1)[1])
            textmate = json.load(open(sys.argv[2]))
            rules = [textmate['repository'][p['include'][1:]] for p in textmate['patterns']]
            assert sublime['scope'] == textmate['scopeName'] and sublime['file_extensions'] == ['tally']
            assert [(r['match'], r['scope']) for r in sublime['contexts']['main']] == [(r['match'], r['name']) for r in rules]
            helix = tomllib.load(open(sys.argv[3], 'rb'))
            language = helix['language'][0]
            assert language['name'] == 'tally' and language['file-types'] == ['tally'] and language['comment-token'] == ';'
            assert helix['language-server'][language['language-servers'][0]] == {'command': 'tally', 'args': ['lsp']}
            assert language['formatter'] == {'command': 'tally', 'args': ['fmt', '-']}
            print('ok')
            """
        let result = try python.run([
            "-c", script, TestSupport.path("editors/sublime/Tally.sublime-syntax"),
            TestSupport.path("editors/vscode/syntaxes/tally.tmLanguage.json"),
            TestSupport.path("editors/helix/languages.toml")
        ])
        if result.stderr.contains("No module named 'yaml'"), ProcessInfo.processInfo.environment["CI"] != "true" {
            throw XCTSkip("Python's yaml module is missing (it comes with pre-commit)")
        }
        XCTAssertEqual(result.stdout, "ok\n", result.output)
    }

    /// Tokenizes each file with the TextMate grammar and demands, for every token the
    /// parser reads, the scope its kind has in the token grammar.
    func testTextMateScopesMatchTheParsersTokenKinds() throws {
        let matcher = try TextMateMatcher(grammar: try json("editors/vscode/syntaxes/tally.tmLanguage.json"))
        var seen = Set<String>()
        for path in HighlightExpectation.files {
            let expectation = try HighlightExpectation(path: path)
            let scopes = expectation.lines.map(matcher.scopes(of:))
            var mismatches: [String] = []
            for token in expectation.tokens {
                guard let expected = HighlightExpectation.name(of: token.kind, in: "textmate") else { continue }
                seen.insert(token.kind)
                let actual = Set(token.utf16.map { scopes[token.line][$0] })
                if actual != [expected] {
                    mismatches.append("\(token.line + 1):\(token.utf16.lowerBound + 1) \(token.kind) `\(token.text)`: \(actual.map { $0 ?? "none" })")
                }
            }
            XCTAssertEqual(mismatches, [], path)
        }
        // The sample holds every kind the grammar covers.
        let kinds = (HighlightExpectation.grammar["kinds"] as! [[String: Any]]).flatMap { $0["tokens"] as! [String] }
        XCTAssertEqual(Set(kinds).subtracting(seen), [], "kinds missing from editors/grammar/sample.tally")
    }
}
