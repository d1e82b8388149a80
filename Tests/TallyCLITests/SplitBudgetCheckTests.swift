import Foundation
import TallyTestSupport
import XCTest

/// `tally check` on a budget split over files (`Fixtures/split-budget`: `main.tally`
/// declares the names, `years/2025.tally` and `years/2026.tally` hold the entries), as
/// hooks, CI and editors run it: naming one included file checks it as part of the budget
/// that includes it, and reports that file's problems only.
final class SplitBudgetCheckTests: XCTestCase {
    private var folder: URL!

    /// A copy of the split budget in a temporary folder (no repository around it, so the
    /// search for its root is the current directory's files).
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-split-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("Tests/TallyCLITests/Fixtures/split-budget")), to: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func check(_ arguments: [String], stdin: String? = nil, in sub: String = "") throws -> TallyBinary.Result {
        try TallyBinary.run(
            ["check", "--color", "never"] + arguments, stdin: stdin,
            in: sub.isEmpty ? folder : folder.appendingPathComponent(sub))
    }

    private func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(relative))
    }

    func testTheRootIsCleanAndReportsEveryFile() throws {
        let result = try check(["main.tally"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "checked 3 files: no problems found\n")
    }

    func testAnIncludedFileIsCheckedAsPartOfItsBudget() throws {
        // Before: `error[E0401]: unknown wallet 'Checking'` and exit 1.
        let result = try check(["years/2026.tally"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "checked 1 file: no problems found\n")

        let both = try check(["years/2025.tally", "years/2026.tally"])
        XCTAssertEqual(both.status, 0, both.stdout + both.stderr)
        XCTAssertEqual(both.stdout, "checked 2 files: no problems found\n")

        // From inside the folder, as an editor's `:make` or a hook run there would.
        let inside = try check(["2026.tally"], in: "years")
        XCTAssertEqual(inside.status, 0, inside.stdout + inside.stderr)
    }

    func testARootInASiblingFolderIsFoundOutsideARepository() throws {
        // `budget/main.tally` includes `../data/2026.tally`. Before: the search went only
        // up from `data/`, so `Checking` was an unknown wallet (E0401) and the exit 1.
        for sub in ["sibling/budget", "sibling/data"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try write("sibling/budget/main.tally", "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nexpense Fun\ninclude \"../data/2026.tally\"\n")
        try write("sibling/data/2026.tally", "2026-03-01 \"Shop\"  Checking  Fun  -2.00\n")
        for (arguments, sub) in [(["data/2026.tally"], "sibling"), (["2026.tally"], "sibling/data"), (["sibling/data/2026.tally"], "")] {
            let result = try check(arguments, in: sub)
            XCTAssertEqual(result.status, 0, "\(arguments) in \(sub): " + result.stdout + result.stderr)
            XCTAssertEqual(result.stdout, "checked 1 file: no problems found\n")
        }
        // Its own problems are still its own.
        try write("sibling/data/2026.tally", "2026-03-01 \"Shop\"  Checking  Funn  -2.00\n")
        let typo = try check(["data/2026.tally"], in: "sibling")
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stdout.hasPrefix("data/2026.tally:1:30: error[E0401]: unknown category `Funn`; did you mean `Fun`?"), typo.stdout)
    }

    func testOnlyTheNamedFilesProblemsAreReported() throws {
        try write("years/2025.tally", "2025-03-01 \"Shop\"  Checking  Fod  -1.00\n")
        let other = try check(["years/2026.tally"])
        XCTAssertEqual(other.status, 0, "2025's error is not 2026's:\n" + other.stdout)

        let named = try check(["--format", "json", "years/2025.tally"])
        XCTAssertEqual(named.status, 1)
        let document = try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as! [String: Any]
        let diagnostics = document["diagnostics"] as! [[String: Any]]
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["E0401"])
        // Reported under the name the user gave, with the root's category as suggestion.
        XCTAssertEqual(diagnostics.first?["file"] as? String, "years/2025.tally")
        XCTAssertTrue((diagnostics.first?["message"] as? String ?? "").contains("did you mean `Food`?"), named.stdout)
    }

    func testStandardInputStandsInForTheNamedFile() throws {
        // An editor's unsaved buffer of an included file: checked with the root's names.
        let clean = try check(["--stdin-filename", "years/2026.tally", "-"], stdin: "2026-03-01 \"Shop\"  Checking  Fun  -2.00\n")
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        let typo = try check(["--stdin-filename", "years/2026.tally", "-"], stdin: "2026-03-01 \"Shop\"  Checking  Funn  -2.00\n")
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stdout.hasPrefix("years/2026.tally:1:30: error[E0401]: unknown category `Funn`; did you mean `Fun`?"), typo.stdout)

        // Without a name, standard input is a budget of its own, as before.
        let alone = try check(["-"], stdin: "2026-03-01 \"Shop\"  Checking  Fun  -2.00\n")
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stdout.hasPrefix("<stdin>:1:20: error[E0401]: unknown wallet `Checking`"), alone.stdout)

        // The root's own text from standard input: every file is reported.
        let root = try check(["--stdin-filename", "main.tally", "-"], stdin: "currency EUR\ninclude \"years/2026.tally\"\n")
        XCTAssertEqual(root.status, 1)
        XCTAssertTrue(root.stdout.contains("years/2026.tally:2:"), root.stdout)
    }

    func testRootOverridesTheSearch() throws {
        let given = try check(["--root", "main.tally", "years/2026.tally"])
        XCTAssertEqual(given.status, 0, given.stdout + given.stderr)
        XCTAssertEqual(given.stdout, "checked 1 file: no problems found\n")

        // A root that does not include the file leaves it to be checked on its own.
        let unrelated = try check(["--root", "years/2025.tally", "years/2026.tally"])
        XCTAssertEqual(unrelated.status, 1)
        XCTAssertTrue(unrelated.stdout.contains("unknown wallet `Checking`"), unrelated.stdout)
        XCTAssertFalse(unrelated.stdout.contains("2025.tally"), unrelated.stdout)
    }

    func testUsageMistakes() throws {
        XCTAssertEqual(try check(["--stdin-filename", "x.tally", "main.tally"]).status, 2)
        XCTAssertEqual(try check(["-", "-"], stdin: "").status, 2)
        XCTAssertEqual(try check(["--column-unit", "bits", "main.tally"]).status, 2)
        let twice = try check(["--root", "main.tally", "--root", "years/2025.tally", "years/2026.tally"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("`--root` given twice"), twice.stderr)
        let sarif = try check(["--format", "sarif", "--column-unit", "bytes", "main.tally"])
        XCTAssertEqual(sarif.status, 2)
        XCTAssertTrue(sarif.stderr.contains("SARIF counts columns in chars or utf16"), sarif.stderr)
    }

    /// Columns before the unknown category `Fudo` on the line below, in each unit:
    /// `2026-03-01 ` is 11 of each; `"食費 🏠"` is 6 characters, 13 bytes (3 per CJK
    /// character, 4 for the emoji) and 7 UTF-16 units (2 for the emoji); then a space and
    /// `Checking  ` (10).
    /// chars: 11 + 6 + 1 + 10 = 28 → column 29; bytes: 11 + 13 + 1 + 10 = 35 → column 36;
    /// utf16: 11 + 7 + 1 + 10 = 29 → column 30.
    func testColumnsInTheUnitTheEditorCounts() throws {
        let line = "2026-03-01 \"食費 🏠\" Checking  Fudo  -1.00\n"
        for (unit, column) in [("chars", 29), ("bytes", 36), ("utf16", 30)] {
            let text = try check(["--column-unit", unit, "--stdin-filename", "years/2026.tally", "-"], stdin: line)
            XCTAssertTrue(text.stdout.hasPrefix("years/2026.tally:1:\(column): error[E0401]"), "\(unit): \(text.stdout)")
            let json = try check(["--format", "json", "--column-unit", unit, "--stdin-filename", "years/2026.tally", "-"], stdin: line)
            XCTAssertTrue(json.stdout.contains("\"line\":1,\"column\":\(column),\"endLine\":1,\"endColumn\":\(column + 4)"), "\(unit): \(json.stdout)")
        }
        let sarif = try check(["--format", "sarif", "--column-unit", "utf16", "--stdin-filename", "years/2026.tally", "-"], stdin: line)
        XCTAssertTrue(sarif.stdout.contains("\"columnKind\":\"utf16CodeUnits\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"startColumn\":30"), sarif.stdout)
    }
}
