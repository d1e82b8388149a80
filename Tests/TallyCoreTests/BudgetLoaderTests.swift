import TallyCore
import TallySyntax
import XCTest

final class BudgetLoaderTests: XCTestCase {
    private func load(_ files: [String: String], root: String = "main.tally") throws -> Budget {
        try BudgetLoader(provider: InMemoryFileProvider(files)).load(root)
    }

    func testIncludesAreReadRelativeToTheIncludingFile() throws {
        let budget = try load([
            "main.tally": "include \"years/2025.tally\"\ncurrency EUR\n",
            "years/2025.tally": "include \"../shared/categories.tally\"\nwallet Cash cash\n",
            "shared/categories.tally": "expense Food\n"
        ])
        XCTAssertEqual(budget.files.map(\.path), ["main.tally", "years/2025.tally", "shared/categories.tally"])
        XCTAssertEqual(budget.diagnostics, [])
    }

    /// A tree handed over is taken as the file's parse while the file holds its bytes, and
    /// ignored once they differ; either way the budget is the one a fresh load gives.
    func testAParsedTreeIsReusedOnlyForTheSameBytes() throws {
        let text = "currency EUR\nwallet Cash cash\n2026-01-02 \"x\" Cash -5\n"
        let tree = Parser.parse(SourceText(path: "main.tally", text: text))
        let same = try BudgetLoader(provider: InMemoryFileProvider(["main.tally": text]), parsed: [tree]).load("main.tally")
        XCTAssertTrue(same.root.tree === tree)
        let edited = text + "2026-01-03 \"y\" Cash -6\n"
        let other = try BudgetLoader(provider: InMemoryFileProvider(["main.tally": edited]), parsed: [tree]).load("main.tally")
        XCTAssertFalse(other.root.tree === tree)
        XCTAssertEqual(other.root.tree.source.bytes, Array(edited.utf8))
        XCTAssertEqual(other.diagnostics, try load(["main.tally": edited]).diagnostics)
        let elsewhere = try BudgetLoader(provider: InMemoryFileProvider(["other.tally": text]), parsed: [tree]).load("other.tally")
        XCTAssertFalse(elsewhere.root.tree === tree, "a tree is taken only for its own path")
    }

    func testMissingIncludeIsADiagnosticOnTheIncludeLine() throws {
        let budget = try load(["main.tally": "currency EUR\ninclude \"nope.tally\"\n"])
        XCTAssertEqual(budget.diagnostics.map(\.code), [.includeNotFound])
        XCTAssertEqual(budget.diagnostics.first?.file, "main.tally")
        XCTAssertEqual(budget.diagnostics.first?.range, ByteRange(start: 21, end: 33))
    }

    /// Issue 24: `include "a" "b"` read `a` only, and the wallets of `b` vanished from
    /// every figure without a word. It is an error now, whose fix includes both.
    func testATwoFileIncludeIsAnErrorWhoseFixIncludesBoth() throws {
        let files = [
            "main.tally": "currency EUR\ninclude \"a.tally\" \"b.tally\"\n",
            "a.tally": "wallet Cash cash opening 10.00\n",
            "b.tally": "wallet Savings savings opening 500.00\n"
        ]
        let budget = try load(files)
        XCTAssertEqual(budget.diagnostics.map(\.code), [.unexpectedToken])
        XCTAssertTrue(DiagnosticPolicy(budget: budget).fails(budget.diagnostics))
        guard let fix = budget.diagnostics.first?.fixes.first, fix.edits.count == 1 else { return XCTFail("no fix") }
        var text = Array(files["main.tally"]!.utf8)
        text.replaceSubrange(fix.edits[0].range.start ..< fix.edits[0].range.end, with: Array(fix.edits[0].replacement.utf8))
        var fixed = files
        fixed["main.tally"] = String(decoding: text, as: UTF8.self)
        XCTAssertEqual(fixed["main.tally"], "currency EUR\ninclude \"a.tally\"\ninclude \"b.tally\"\n")
        let both = try load(fixed)
        XCTAssertEqual(both.diagnostics, [])
        XCTAssertEqual(both.files.map(\.path), ["main.tally", "a.tally", "b.tally"])
    }

    func testCyclesAreReportedAndEveryFileIsReadOnce() throws {
        let budget = try load([
            "main.tally": "include \"a.tally\"\n",
            "a.tally": "include \"b.tally\"\n",
            "b.tally": "include \"a.tally\"\ninclude \"main.tally\"\n"
        ])
        XCTAssertEqual(budget.files.map(\.path), ["main.tally", "a.tally", "b.tally"])
        XCTAssertEqual(budget.diagnostics.map(\.code), [.includeCycle, .includeCycle])
        XCTAssertTrue(budget.diagnostics.allSatisfy { $0.file == "b.tally" })
        XCTAssertTrue(budget.diagnostics[0].message.contains("a.tally → b.tally → a.tally"), budget.diagnostics[0].message)
    }

    func testASelfIncludeIsACycle() throws {
        let budget = try load(["main.tally": "include \"./main.tally\"\n"])
        XCTAssertEqual(budget.diagnostics.map(\.code), [.includeCycle])
    }

    func testDuplicateIncludesAreReadOnceWithAWarning() throws {
        let budget = try load([
            "main.tally": "include \"part.tally\"\ninclude \"sub/../part.tally\"\n",
            "part.tally": "expense Food\n"
        ])
        XCTAssertEqual(budget.files.count, 2)
        XCTAssertEqual(budget.diagnostics.map(\.code), [.duplicateInclude])
        XCTAssertEqual(budget.diagnostics.first?.notes.first?.message, "first included here")
    }

    func testSyntaxErrorsOfIncludedFilesPointIntoThem() throws {
        let budget = try load(["main.tally": "include \"part.tally\"\n", "part.tally": "walet Cash\n"])
        XCTAssertEqual(budget.diagnostics.map(\.file), ["part.tally"])
        XCTAssertEqual(budget.diagnostics.map(\.code), [.unknownDirective])
    }

    func testAnUnreadableRootThrows() {
        XCTAssertThrowsError(try load([:])) { error in
            XCTAssertEqual(error as? FileReadError, .notFound)
        }
    }

    func testPathsNormalize() {
        XCTAssertEqual(Paths.normalize("a/./b/../c//d"), "a/c/d")
        XCTAssertEqual(Paths.normalize("../x"), "../x")
        XCTAssertEqual(Paths.normalize("/a/../../b"), "/b")
        XCTAssertEqual(Paths.resolve("y.tally", from: "dir/x.tally"), "dir/y.tally")
        XCTAssertEqual(Paths.resolve("/abs.tally", from: "dir/x.tally"), "/abs.tally")
        XCTAssertEqual(Paths.resolve("y.tally", from: "x.tally"), "y.tally")
    }
}

final class DiagnosticPolicyTests: XCTestCase {
    private let indented = """
        2026-01-04 "Tesco" Checking -66.20
            Food  -54.20
        \tFun   -12.00

        """

    private func check(_ text: String, strict: Bool = false) throws -> (DiagnosticPolicy, [Diagnostic]) {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        var policy = DiagnosticPolicy(budget: budget)
        policy.strict = policy.strict || strict
        return (policy, policy.apply(budget.diagnostics, budget: budget))
    }

    func testWarningsFailOnlyWhenStrict() throws {
        let (policy, shown) = try check(indented)
        XCTAssertEqual(shown.map(\.code), [.inconsistentIndentation])
        XCTAssertFalse(policy.fails(shown))
        let (strictPolicy, strictShown) = try check(indented, strict: true)
        XCTAssertTrue(strictPolicy.fails(strictShown))
        let (optionPolicy, optionShown) = try check("option strict\n" + indented)
        XCTAssertTrue(optionPolicy.fails(optionShown))
    }

    func testSeverityOverrides() throws {
        XCTAssertEqual(try check("option severity W0217 error\n" + indented).1.map(\.severity), [.error])
        XCTAssertEqual(try check("option severity W0217 off\n" + indented).1, [])
        // Syntax errors keep their severity.
        XCTAssertEqual(try check("option severity E0201 off\nwalet x\n").1.map(\.code), [.unknownDirective])
    }

    func testIgnoreCommentsSilenceOneEntry() throws {
        XCTAssertEqual(try check("; tally-ignore: W0217\n" + indented).1, [])
        XCTAssertEqual(try check(indented.replacingOccurrences(of: "-12.00", with: "-12.00 ; tally-ignore: W0217")).1, [])
        // The comment covers only the next entry.
        XCTAssertEqual(try check("; tally-ignore: W0217\ncurrency EUR\n" + indented).1.map(\.code), [.inconsistentIndentation])
        // Errors that make a line unreadable cannot be silenced.
        XCTAssertEqual(try check("walet x ; tally-ignore: E0201\n").1.map(\.code), [.unknownDirective])
    }
}
