import TallyLSP
import XCTest

/// Which budget an open file belongs to, and diagnostics across included files.
final class BudgetRootTests: XCTestCase {
    private let main = """
        currency EUR
        wallet Checking bank opening 100.00 on 2026-01-01
        expense Fun
        include "parts/november.tally"

        """
    private let part = "2026-11-02 Checking Fun -5.00\n"

    func testAnIncludedFileIsCheckedAsPartOfItsRootOnDisk() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        client.write("main.tally", main)
        client.write("parts/november.tally", part)
        client.initialize()
        client.open("parts/november.tally", part)
        // Alone, `Checking` and `Fun` would be unknown names.
        XCTAssertEqual(client.codes("parts/november.tally"), [])
        XCTAssertEqual(client.diagnostics("parts/november.tally")?["version"], 1)
    }

    func testAFileThatNothingIncludesIsItsOwnRoot() {
        let client = TestClient()
        client.write("other.tally", "currency EUR\n")
        client.initialize()
        client.open("november.tally", part)
        XCTAssertEqual(client.codes("november.tally"), ["E0401"])
    }

    func testUnsavedTextOfTheRootDecidesTheIncludedFilesDiagnostics() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        client.write("parts/november.tally", part)
        client.initialize()
        client.open("parts/november.tally", part)
        XCTAssertEqual(client.codes("parts/november.tally"), ["E0401"])
        // The root exists only as an unsaved buffer; opening it makes it the root.
        client.open("main.tally", main)
        XCTAssertEqual(client.codes("parts/november.tally"), [])
        // Removing the include in the buffer makes the part its own budget again.
        client.change("main.tally", version: 2, range: ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 0]], text: "")
        XCTAssertEqual(client.codes("parts/november.tally"), ["E0401"])
    }

    func testUnsavedTextOfAnIncludedFileIsSeenByTheRoot() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        client.write("main.tally", main)
        client.write("parts/november.tally", part)
        client.initialize()
        client.open("main.tally", main)
        XCTAssertEqual(client.codes("parts/november.tally"), [])
        client.open("parts/november.tally", part)
        client.change("parts/november.tally", version: 2, range: ["start": ["line": 0, "character": 11], "end": ["line": 0, "character": 19]], text: "Chekcing")
        XCTAssertEqual(client.codes("parts/november.tally"), ["E0401"])
        XCTAssertEqual(client.diagnostics("parts/november.tally")?["version"], 2)
        // Closing the buffer brings back the disk's text, which is fine.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("parts/november.tally"))]])
        XCTAssertEqual(client.codes("parts/november.tally"), [])
    }

    func testTheRootIsFollowedUpwardsThroughSeveralIncludes() {
        let client = TestClient()
        client.write("top.tally", "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nexpense Fun\ninclude \"middle.tally\"\n")
        client.write("middle.tally", "include \"leaf.tally\"\n")
        client.write("leaf.tally", part)
        client.initialize()
        client.open("leaf.tally", part)
        XCTAssertEqual(client.codes("leaf.tally"), [])
    }

    func testDiagnosticsInTheRootAreShownWhenAnIncludedFileIsOpened() {
        let client = TestClient()
        client.write("main.tally", main.replacingOccurrences(of: "wallet Checking", with: "wallet Checking\nwallet Checking").replacingOccurrences(of: "parts/", with: ""))
        client.write("november.tally", part)
        client.initialize()
        client.open("november.tally", part)
        XCTAssertEqual(client.codes("main.tally"), ["E0402"], "the root's problems are published for the root's file")
        XCTAssertNil(client.diagnostics("main.tally")?["version"], "a file that is not open has no version")
    }

    func testAConfiguredRootServesFilesNothingIncludes() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("elsewhere/a/b/c"), withIntermediateDirectories: true)
        // The root lives outside the workspace folder and deeper than the search around the
        // file goes (`BudgetSearch.siblingDepth`), so only the setting can find it.
        client.write("elsewhere/a/b/c/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "../../../../ws/november.tally"))
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("ws"), withIntermediateDirectories: true)
        client.write("ws/november.tally", part)
        client.initialize(options: ["root": .string(client.folder.appendingPathComponent("elsewhere/a/b/c/main.tally").path)], workspace: false)
        client.open("ws/november.tally", part)
        XCTAssertEqual(client.codes("ws/november.tally"), [])
        // A configured root that does not include the file is not used for it.
        client.open("ws/lonely.tally", part)
        XCTAssertEqual(client.codes("ws/lonely.tally"), ["E0401"])
    }

    func testIncludeCyclesDoNotHangRootFinding() {
        let client = TestClient()
        client.write("a.tally", "include \"b.tally\"\n")
        client.write("b.tally", "include \"a.tally\"\n")
        client.initialize()
        client.open("a.tally", "include \"b.tally\"\n")
        XCTAssertEqual(Set(client.codes("a.tally") + client.codes("b.tally")), ["E0302"])
    }

    func testARootFromTheWorkspaceSettingsAppliesAtOnce() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("elsewhere/a/b/c"), withIntermediateDirectories: true)
        // Beyond the search's reach, as above.
        client.write("elsewhere/a/b/c/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "../../../../november.tally"))
        client.initialize(workspace: false)
        client.open("november.tally", part)
        XCTAssertEqual(client.codes("november.tally"), ["E0401"])
        client.notify("workspace/didChangeConfiguration", ["settings": ["tally": ["root": .string(client.folder.appendingPathComponent("elsewhere/a/b/c/main.tally").path)]]])
        XCTAssertEqual(client.codes("november.tally"), [])
    }

    /// Neovim and eglot take the open file's own folder as the workspace folder when no
    /// marker is above it: the root one folder up is found all the same. Before: E0401
    /// "unknown wallet" for every entry of `years/2026.tally`.
    func testTheRootAboveTheWorkspaceFolderIsFound() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("budget/years"), withIntermediateDirectories: true)
        client.write("budget/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "years/2026.tally"))
        client.write("budget/years/2026.tally", part)
        client.initialize(workspaceFolder: "budget/years")
        client.open("budget/years/2026.tally", part)
        XCTAssertEqual(client.codes("budget/years/2026.tally"), [])
    }

    /// The root in a sibling folder (`budget/main.tally` including `../data/2026.tally`),
    /// with the included file's folder as the workspace folder, inside and outside a
    /// repository.
    func testTheRootInASiblingFolderIsFound() {
        for git in [false, true] {
            let client = TestClient()
            for folder in ["budget", "data"] + (git ? [".git"] : []) {
                try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            client.write("budget/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "../data/2026.tally"))
            client.write("data/2026.tally", part)
            client.initialize(workspaceFolder: "data")
            client.open("data/2026.tally", part)
            XCTAssertEqual(client.codes("data/2026.tally"), [], git ? "in a repository" : "outside a repository")
            // The root's own problems are the root's, not the open file's.
            XCTAssertEqual(client.codes("budget/main.tally"), [])
        }
    }
}
