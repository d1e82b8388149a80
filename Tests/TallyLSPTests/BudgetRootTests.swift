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
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        // The root lives outside the workspace folder, so only the setting can find it.
        client.write("elsewhere/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "../ws/november.tally"))
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("ws"), withIntermediateDirectories: true)
        client.write("ws/november.tally", part)
        client.initialize(options: ["root": .string(client.folder.appendingPathComponent("elsewhere/main.tally").path)], workspace: false)
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
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        client.write("elsewhere/main.tally", main.replacingOccurrences(of: "parts/november.tally", with: "../november.tally"))
        client.initialize(workspace: false)
        client.open("november.tally", part)
        XCTAssertEqual(client.codes("november.tally"), ["E0401"])
        client.notify("workspace/didChangeConfiguration", ["settings": ["tally": ["root": .string(client.folder.appendingPathComponent("elsewhere/main.tally").path)]]])
        XCTAssertEqual(client.codes("november.tally"), [])
    }
}
