import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// Every ```tally block in README.md, Grammar.md and docs/ is a test, by the convention
/// of docs/doc-examples.md: every block parses; a whole budget (```tally) is checked as
/// of its `; today:` or its latest date, its warnings and errors are exactly those its
/// comments name, its `assert` lines hold, and its stated figures (`; ready to assign,
/// DATE: ... = X`, `; ENVELOPE, DATE: ... = X available`) are the figures; a piece of a
/// budget (```tally fragment) only parses, with the syntax codes it names.
@Suite struct DocExampleTests {
    struct Block: CustomStringConvertible {
        let file: String
        let line: Int
        let isFragment: Bool
        let text: String
        /// The code a block in docs/diagnostics.md shows without naming it: its section's.
        let section: String?
        var description: String { "\(file):\(line)" }
    }

    static let documents = ["README.md", "Grammar.md"] + TestSupport.files(in: "docs", withExtension: "md").map { "docs/" + ($0 as NSString).lastPathComponent }

    /// The blocks of every document, indented ones too (a block in a list item).
    static func blocks() throws -> [Block] {
        var result: [Block] = []
        for document in documents {
            let lines = try String(contentsOfFile: TestSupport.path(document), encoding: .utf8).components(separatedBy: "\n")
            var section: String?
            var i = 0
            while i < lines.count {
                let line = lines[i]
                if line.hasPrefix("## ") { section = line.split(separator: " ").dropFirst().first.map(String.init) }
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("```tally") else {
                    i += 1
                    continue
                }
                let indent = line.count - trimmed.count
                let info = trimmed.dropFirst("```tally".count).trimmingCharacters(in: .whitespaces)
                var body: [String] = []
                i += 1
                while i < lines.count, !lines[i].drop(while: { $0 == " " }).hasPrefix("```") {
                    body.append(String(lines[i].dropFirst(min(indent, lines[i].prefix { $0 == " " }.count))))
                    i += 1
                }
                result.append(
                    Block(
                        file: document, line: i - body.count, isFragment: info == "fragment", text: body.joined(separator: "\n") + "\n",
                        section: document == "docs/diagnostics.md" ? section : nil))
                i += 1
            }
        }
        return result
    }

    /// The codes each line's comment names: a code that begins the comment (`; W0413: ...`).
    static func namedCodes(_ text: String) -> Set<String> {
        var named = Set<String>()
        for (n, line) in text.components(separatedBy: "\n").enumerated() {
            guard let semicolon = line.firstIndex(of: ";") else { continue }
            let comment = line[line.index(after: semicolon)...].drop { $0 == " " }
            let word = comment.prefix { $0.isLetter || $0.isNumber }
            if word.count == 5, let first = word.first, "EWI".contains(first), word.dropFirst().allSatisfy(\.isNumber) {
                named.insert("\(word)@\(n)")
            }
        }
        return named
    }

    /// `; today: YYYY-MM-DD`, else the latest date that begins a line, else 2026-11-22.
    static func today(_ text: String) -> String {
        if let range = text.range(of: "; today: ") { return String(text[range.upperBound...].prefix(10)) }
        let dates = text.components(separatedBy: "\n").compactMap { line -> String? in
            let word = line.drop { $0 == " " }.prefix(10)
            return CivilDate(iso: String(word)) != nil ? String(word) : nil
        }
        return dates.max() ?? "2026-11-22"
    }

    @Test func thereAreBlocksInEveryDocument() throws {
        let files = Set(try Self.blocks().map(\.file))
        for document in ["README.md", "Grammar.md", "docs/diagnostics.md", "docs/import.md"] { #expect(files.contains(document)) }
        #expect(try Self.blocks().count > 90)
    }

    @Test(arguments: try DocExampleTests.blocks())
    func everyBlockShowsWhatItSays(_ block: Block) throws {
        let text = block.text
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["doc.tally": text])).load("doc.tally")
        let lines = LineIndex(SourceText(path: "doc.tally", text: text))
        let diagnostics: [Diagnostic]
        var model: BudgetModel?
        if block.isFragment {
            // A piece of a budget: its names are declared elsewhere, so only the syntax counts.
            diagnostics = budget.diagnostics.filter { $0.code.rawValue.hasPrefix("E01") || $0.code.rawValue.hasPrefix("E02") || $0.code.rawValue.hasPrefix("W02") }
        } else {
            let run = Interpreter.run(budget, today: CivilDate(iso: Self.today(text))!)
            diagnostics = run.diagnostics
            model = run.model
        }
        let named = Self.namedCodes(text)
        var reported = Set<String>()
        for d in diagnostics where d.severity != .info || named.contains("\(d.code.rawValue)@\(lines.line(containing: d.range.start))") {
            let key = "\(d.code.rawValue)@\(lines.line(containing: d.range.start))"
            reported.insert(key)
            #expect(named.contains(key) || d.code.rawValue == block.section, "\(block): \(key) \(d.message) is not named in a comment")
        }
        for key in named where !block.isFragment || key.contains("@") {
            let code = String(key.prefix(5))
            if block.isFragment && !(code.hasPrefix("E01") || code.hasPrefix("E02") || code.hasPrefix("W02")) { continue }
            #expect(reported.contains(key), "\(block): \(key) is named but not reported")
        }
        if let model { try checkFigures(block, model) }
        if block.file == "README.md" && !block.isFragment {
            // The README's examples must not rot: clean years later too.
            let later = Interpreter.run(budget, today: CivilDate(iso: "2031-12-31")!).diagnostics.filter { $0.severity != .info }
            #expect(later.isEmpty, "\(block) in 2031: \(later.map(\.message))")
        }
    }

    @Test func figuresAreStatedAndRead() throws {
        // The worked examples of Grammar.md §4 state figures the test reads.
        let whole = try Self.blocks().filter { !$0.isFragment }
        #expect(whole.filter { $0.text.contains("; ready to assign, 20") }.count >= 4)
        #expect(whole.filter { $0.text.contains(" available\n") }.count >= 3)
    }

    /// `; ready to assign, DATE: ... = X` and `; NAME, DATE: ... = X available`.
    func checkFigures(_ block: Block, _ model: BudgetModel) throws {
        let rates = ExchangeRates(model)
        for line in block.text.components(separatedBy: "\n") {
            guard let semicolon = line.firstIndex(of: ";") else { continue }
            let comment = line[line.index(after: semicolon)...].trimmingCharacters(in: .whitespaces)
            guard let comma = comment.range(of: ", "), let colon = comment.range(of: ": "), comma.upperBound < colon.lowerBound,
                let date = CivilDate(iso: String(comment[comma.upperBound ..< colon.lowerBound])),
                let equals = comment.range(of: "= ", options: .backwards)
            else { continue }
            let subject = String(comment[..<comma.lowerBound])
            let words = comment[equals.upperBound...].split(separator: " ")
            guard let figure = words.first.flatMap({ Money(String($0)) }) else { continue }
            if subject == "ready to assign" {
                #expect(model.readyToAssign(at: date) == figure, "\(block): \(comment)")
            } else if words.dropFirst().first == "available", let e = model.envelopes.firstIndex(where: { $0.name == subject }) {
                #expect(model.envelopeStatus(e, through: date, rates: rates)?.available == figure, "\(block): \(comment)")
            } else {
                Issue.record("\(block): a figure the test cannot read: \(comment)")
            }
        }
    }
}
