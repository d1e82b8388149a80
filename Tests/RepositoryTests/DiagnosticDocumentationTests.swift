import Foundation
import TallySyntax
import TallyTestSupport
import Testing

/// Every diagnostic code is documented in docs/diagnostics.md under its own title and
/// triggered by a fixture; every documented code exists; what the code itself says of
/// each (`DiagnosticCode.summary` and `fix`) is generated from that page.
@Suite struct DiagnosticDocumentationTests {
    /// The Swift file that carries each code's summary and fix, generated from the docs.
    static let generated = "Sources/TallySyntax/Diagnostics/DiagnosticCode+Documentation.swift"

    /// Codes no text triggers: only the language server reports them, about the messages
    /// it receives, so they have no example file and no `tally` block. Each is tested
    /// where it is reported (E0106: `OversizedMessageTests`).
    static let editorOnly: Set<String> = ["E0106"]

    /// Each documented code with the first paragraph and the "Fix:" paragraph of its
    /// section (whitespace made single spaces), in the page's order.
    static func documentedTexts() throws -> [(code: String, summary: String, fix: String?)] {
        let docs = try String(contentsOfFile: TestSupport.path("docs/diagnostics.md"), encoding: .utf8)
        return docs.components(separatedBy: "\n## ").dropFirst().map { section in
            let lines = section.components(separatedBy: "\n")
            let code = String(lines[0].split(separator: " ")[0])
            let paragraphs = lines.dropFirst().joined(separator: "\n").components(separatedBy: "\n\n")
                .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .filter { !$0.isEmpty }
            let fix = paragraphs.first { $0.hasPrefix("Fix:") }.map { String($0.dropFirst("Fix:".count)).trimmingCharacters(in: .whitespaces) }
            return (code, paragraphs.first ?? "", fix)
        }
    }

    /// A Swift raw string literal holding `text` exactly: enough `#`s that no quote or
    /// backslash in the text ends the literal or starts an escape.
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    /// The source of `DiagnosticCode+Documentation.swift` for the page as it is.
    static func generatedSource() throws -> String {
        var out = """
            // swift-format-ignore-file
            // (generated, and compared byte for byte with what would be generated now)
            // Generated from docs/diagnostics.md by DiagnosticDocumentationTests: edit the page, then
            // run `TALLY_RECORD=1 swift test --filter DiagnosticDocumentationTests` to write this
            // file again (the test fails while the two differ).

            /// What each code means and how to fix it, in a sentence or two: the first paragraph and
            /// the "Fix:" paragraph of the code's section in `docs/diagnostics.md`. Tools that explain
            /// codes without the documentation at hand (SARIF rules, editor hovers) read it from here.
            extension DiagnosticCode {
                /// What the code means: the opening paragraph of its documentation.
                public var summary: String { Self.documentation[rawValue]?.summary ?? title }

                /// How to fix it, when the documentation says (without the leading "Fix: ").
                public var fix: String? { Self.documentation[rawValue]?.fix }

                private static let documentation: [String: (summary: String, fix: String?)] = [

            """
        for item in try documentedTexts() {
            out += "        \"\(item.code)\": (\n"
            out += "            \(rawLiteral(item.summary)),\n"
            out += "            \(item.fix.map(rawLiteral) ?? "nil")),\n"
        }
        return out + "    ]\n}\n"
    }

    @Test func theCataloguesTextsAreGeneratedFromTheDocumentation() throws {
        if let problem = TestSupport.compareGolden(try Self.generatedSource(), path: TestSupport.path(Self.generated)) { Issue.record(Comment(rawValue: problem)) }
        // And what the code reads back is the page's text, code by code, both ways.
        let documented = try Self.documentedTexts()
        #expect(documented.map(\.code).sorted() == DiagnosticCode.all.map(\.rawValue).sorted())
        for item in documented {
            guard let code = DiagnosticCode.named(item.code) else { continue }
            #expect(code.summary == item.summary, "\(code) summary differs from docs/diagnostics.md")
            #expect(code.fix == item.fix, "\(code) fix differs from docs/diagnostics.md")
        }
    }

    @Test func rawLiteralsHoldAnyText() {
        #expect(Self.rawLiteral("plain") == "#\"plain\"#")
        #expect(Self.rawLiteral("a \"# b") == "##\"a \"# b\"##")
        #expect(Self.rawLiteral("a \\#( b") == "##\"a \\#( b\"##")
    }

    @Test func everyCodeIsDocumentedAndEveryDocumentedCodeExists() throws {
        let docs = try String(contentsOfFile: TestSupport.path("docs/diagnostics.md"), encoding: .utf8)
        let documented = Set(
            docs.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }.compactMap { line in
                line.dropFirst(3).split(separator: " ").first.map(String.init)
            })
        let codes = Set(DiagnosticCode.all.map(\.rawValue))
        #expect(codes.subtracting(documented).sorted() == [], "codes without documentation")
        #expect(documented.subtracting(codes).sorted() == [], "documented codes that do not exist")
        for code in DiagnosticCode.all {
            // Each section has its title and an example in a code block.
            guard let start = docs.range(of: "## \(code.rawValue) ") else { continue }
            let body = docs[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
            if !Self.editorOnly.contains(code.rawValue) { #expect(body.contains("```tally"), "\(code) has no example") }
            #expect(docs.contains("\n## \(code.rawValue) \(code.title)\n"), "\(code)'s heading should be `## \(code.rawValue) \(code.title)`")
            let letter: Character = code.defaultSeverity == .error ? "E" : code.defaultSeverity == .warning ? "W" : "I"
            #expect(code.rawValue.first == letter, "\(code)'s letter should say its default severity")
        }
    }

    @Test func everyCodeIsTriggeredByAFixture() throws {
        var outputs = ""
        for file in TestSupport.files(in: "examples/errors", withExtension: "expected") {
            outputs += try String(contentsOfFile: file, encoding: .utf8)
        }
        for file in TestSupport.files(in: "Tests/TallySyntaxTests/Fixtures/parser/err", withExtension: "tree") {
            outputs += String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        }
        for code in DiagnosticCode.all where !Self.editorOnly.contains(code.rawValue) {
            #expect(outputs.contains("[\(code.rawValue)]"), "no fixture triggers \(code)")
        }
    }

    @Test func eachCodeHasAnErrorExampleNamedAfterIt() {
        let names = TestSupport.files(in: "examples/errors", withExtension: "tally").map { ($0 as NSString).lastPathComponent }
        for code in DiagnosticCode.all where !Self.editorOnly.contains(code.rawValue) {
            #expect(names.contains { $0.hasPrefix(code.rawValue + "-") }, "examples/errors has no file for \(code)")
        }
    }
}
