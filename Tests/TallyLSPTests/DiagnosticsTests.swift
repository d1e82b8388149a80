import TallyLSP
import TallySyntax
import TallyTestSupport
import XCTest

final class DiagnosticsTests: XCTestCase {
    private let budget = """
        currency EUR
        wallet Checking bank opening 100.00 on 2026-01-01
        expense Fun

        2026-11-02 ⟨a⟩Chekcing⟨b⟩ Fun -5.00

        """

    func testDiagnosticsCarryCodeSeverityRangeLinkVersionAndFix() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText(budget)
        client.open("a.tally", marked.text, version: 7)
        let published = try XCTUnwrap(client.diagnostics("a.tally"))
        XCTAssertEqual(published["version"], 7)
        let d = try XCTUnwrap(published["diagnostics"]?.arrayValue?.first)
        XCTAssertEqual(d["code"], "E0401")
        XCTAssertEqual(d["severity"], 1)
        XCTAssertEqual(d["source"], "tally")
        XCTAssertEqual(d["range"], marked.range("a", "b"))
        XCTAssertEqual(d["codeDescription"]?["href"], "https://example.invalid/diagnostics.md#e0401-unknown-name")
        XCTAssertTrue(d["message"]?.stringValue?.hasPrefix("unknown wallet `Chekcing`; did you mean `Checking`?") == true)
        let fix = try XCTUnwrap(d["data"]?["fixes"]?.arrayValue?.first)
        XCTAssertEqual(fix["title"], "Replace with `Checking`")
        XCTAssertEqual(fix["edits"], [["range": marked.range("a", "b"), "newText": "Checking"]])
    }

    func testAFixedProblemDisappearsAndAnEmptyListIsPublished() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText(budget)
        client.open("a.tally", marked.text)
        XCTAssertEqual(client.codes("a.tally"), ["E0401"])
        client.change("a.tally", version: 2, range: marked.range("a", "b"), text: "Checking")
        let published = try XCTUnwrap(client.diagnostics("a.tally"))
        XCTAssertEqual(published["version"], 2)
        XCTAssertEqual(published["diagnostics"], [])
    }

    func testRelatedInformationPointsAtTheFirstDeclaration() throws {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("wallet ⟨first⟩Cash⟨end⟩ cash\nwallet Cash cash\n")
        client.open("a.tally", marked.text)
        let d = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"]?.arrayValue?.first { $0["code"] == "E0402" })
        XCTAssertEqual(d["relatedInformation"], [["location": ["uri": .string(client.uri("a.tally")), "range": marked.range("first", "end")], "message": "first declared here"]])
    }

    func testPositionsInDiagnosticsCountUTF16UnitsOrBytesAsNegotiated() throws {
        let text = MarkedText("wallet Checking bank\nexpense Fun\n2026-11-02 \"😀 咖啡\" ⟨a⟩Chekcing⟨b⟩ Fun -5.00\n")
        for encoding in ["utf-16", "utf-8"] {
            let client = TestClient()
            client.initialize(encodings: encoding == "utf-8" ? ["utf-8"] : [])
            client.open("a.tally", text.text)
            let d = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"]?.arrayValue?.first { $0["code"] == "E0401" })
            XCTAssertEqual(d["range"], text.range("a", "b", encoding: encoding), encoding)
        }
    }

    func testADocumentEditedIntoNonsenseAndBackGetsItsDiagnosticsBack() throws {
        let client = TestClient()
        client.initialize()
        let text = MarkedText(budget).text
        client.open("a.tally", text)
        let before = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"])
        client.change("a.tally", version: 2, range: nil, text: "\u{0}\u{1}{{{ 2026-99-99 \"unterminated\n\t\t-- ✂ \u{FFFF}")
        XCTAssertFalse(client.codes("a.tally").isEmpty)
        client.change("a.tally", version: 3, range: ["start": ["line": 0, "character": 0], "end": ["line": 99, "character": 0]], text: text)
        XCTAssertEqual(client.diagnostics("a.tally")?["diagnostics"], before)
        XCTAssertEqual(client.diagnostics("a.tally")?["version"], 3)
    }

    func testDiagnosticsWaitForTheDebounceAndRequestsFlushThem() {
        var configuration = TestClient.configuration
        configuration.debounceMilliseconds = 10_000
        let client = TestClient(configuration: configuration)
        client.initialize()
        client.open("a.tally", MarkedText(budget).text)
        XCTAssertNil(client.diagnostics("a.tally"), "published before the quiet time")
        client.server.waitUntilIdle()
        XCTAssertEqual(client.codes("a.tally"), ["E0401"])
    }

    func testABurstOfChangesIsAnalysedOnceWithTheLastVersion() {
        var configuration = TestClient.configuration
        configuration.debounceMilliseconds = 10_000
        let client = TestClient(configuration: configuration)
        client.initialize()
        let marked = MarkedText(budget)
        client.open("a.tally", marked.text)
        let start = marked.position("a")
        let line = start["line"]!, column = start["character"]!.intValue!
        var previous = "Chekcing"
        for (version, word) in ["C", "Ch", "Che", "Chec", "Checking"].enumerated() {
            // Each change replaces the word as the one before left it.
            client.change("a.tally", version: version + 2, range: ["start": start, "end": ["line": line, "character": .int(column + previous.count)]], text: word)
            previous = word
        }
        client.server.waitUntilIdle()
        XCTAssertEqual(client.server.openDocument(client.uri("a.tally"))?.text, MarkedText(budget.replacingOccurrences(of: "Chekcing", with: "Checking")).text)
        let published = client.messages.filter { $0["method"] == "textDocument/publishDiagnostics" }
        XCTAssertEqual(published.count, 1)
        XCTAssertEqual(published.first?["params"]?["version"], 6)
        XCTAssertEqual(published.first?["params"]?["diagnostics"], [])
    }

    func testPolicyOfTheBudgetApplies() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", MarkedText(budget).text + "option severity E0401 warning\n")
        XCTAssertEqual(client.diagnostics("a.tally")?["diagnostics"]?.arrayValue?.first?["severity"], 2)
    }

    func testEveryCodeLinksToItsDocumentedSection() throws {
        let docs = try String(contentsOfFile: TestSupport.path("docs/diagnostics.md"), encoding: .utf8)
        let headings = Set(
            docs.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { line in
                DiagnosticsTests.githubAnchor(String(line.dropFirst(3)))
            })
        for code in DiagnosticCode.all {
            XCTAssertTrue(headings.contains(DiagnosticLinks.anchor(of: code)), "\(code) links to a missing section")
        }
    }

    /// The anchor GitHub gives a heading, computed independently of the server's code.
    static func githubAnchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { ch -> Character? in
                if ch == " " { return "-" }
                return ch.isLetter || ch.isNumber || ch == "-" || ch == "_" ? ch : nil
            })
    }
}
