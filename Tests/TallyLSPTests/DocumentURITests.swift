import TallyLSP
import XCTest

final class DocumentURITests: XCTestCase {
    func testFileURIsRoundTripThroughPathsWithSpacesAndUnicode() {
        let path = "/home/anna/My Budget/café #1.tally"
        let uri = DocumentURI.uri(of: path)
        XCTAssertEqual(uri, "file:///home/anna/My%20Budget/caf%C3%A9%20%231.tally")
        XCTAssertEqual(DocumentURI.path(of: uri), path)
    }

    func testURIsAreNormalized() {
        XCTAssertEqual(DocumentURI.path(of: "file:///a/./b/../c.tally"), "/a/c.tally")
        XCTAssertEqual(DocumentURI.path(of: "file://localhost/a/c.tally"), "/a/c.tally")
        XCTAssertEqual(DocumentURI.path(of: "file:///a/%63.tally"), "/a/c.tally")
    }

    func testOtherSchemesAreTheirOwnName() {
        XCTAssertEqual(DocumentURI.path(of: "untitled:Untitled-1"), "untitled:Untitled-1")
        XCTAssertEqual(DocumentURI.uri(of: "untitled:Untitled-1"), "untitled:Untitled-1")
    }

    func testAnUntitledBufferIsCheckedOnItsOwn() {
        let client = TestClient()
        client.initialize()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "untitled:Untitled-1", "languageId": "tally", "version": 1, "text": "2026-11-02 Cash Fun -1.00\n"]])
        let published = client.messages.last { $0["params"]?["uri"] == "untitled:Untitled-1" }
        XCTAssertEqual(published?["params"]?["diagnostics"]?.arrayValue?.first?["code"], "E0401")
    }

    func testAWorkspaceFolderWithSpacesIsSearchedForRoots() {
        let client = TestClient()
        try? FileManager.default.createDirectory(at: client.folder.appendingPathComponent("my budget"), withIntermediateDirectories: true)
        client.write("my budget/main.tally", "currency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\nexpense Fun\ninclude \"nov.tally\"\n")
        client.write("my budget/nov.tally", "2026-11-02 Cash Fun -1.00\n")
        client.initialize()
        client.open("my budget/nov.tally", "2026-11-02 Cash Fun -1.00\n")
        XCTAssertEqual(client.codes("my budget/nov.tally"), [])
        XCTAssertNotNil(client.diagnostics("my budget/nov.tally"))
    }

    func testWatchedFileChangesAndNewFoldersAreNoticed() {
        let client = TestClient()
        client.initialize(workspace: false)
        client.open("nov.tally", "2026-11-02 Cash Fun -1.00\n")
        XCTAssertEqual(client.codes("nov.tally"), ["E0401"])
        client.write("main.tally", "currency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\nexpense Fun\ninclude \"nov.tally\"\n")
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": .string(DocumentURI.uri(of: client.folder.path)), "name": "w"]], "removed": []]])
        XCTAssertEqual(client.codes("nov.tally"), [])
        client.write("main.tally", "currency EUR\nexpense Fun\ninclude \"nov.tally\"\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("main.tally")), "type": 2]]])
        XCTAssertEqual(client.codes("nov.tally"), ["E0401"])
    }
}
