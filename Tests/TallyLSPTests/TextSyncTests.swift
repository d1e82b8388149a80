import TallyLSP
import XCTest

final class TextSyncTests: XCTestCase {
    private func text(_ client: TestClient, _ name: String) -> String? { client.server.openDocument(client.uri(name))?.text }

    func testIncrementalEditsCountUTF16UnitsOverEmojiAndCJK() {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("2026-01-02 \"😀 咖啡⟨a⟩\" Checking⟨b⟩ Fun -1.00\n")
        client.open("a.tally", marked.text)
        client.change("a.tally", version: 2, range: marked.range("a", "a"), text: "店")
        XCTAssertEqual(text(client, "a.tally"), "2026-01-02 \"😀 咖啡店\" Checking Fun -1.00\n")
        // The emoji takes UTF-16 units 12 and 13; the space after it is unit 14.
        client.change("a.tally", version: 3, range: ["start": ["line": 0, "character": 14], "end": ["line": 0, "character": 15]], text: "")
        XCTAssertEqual(text(client, "a.tally"), "2026-01-02 \"😀咖啡店\" Checking Fun -1.00\n")
        XCTAssertEqual(client.server.openDocument(client.uri("a.tally"))?.version, 3)
    }

    func testHugeNumbersFromTheClientAreClampedNeverATrap() {
        let client = TestClient()
        client.initialize(encodings: ["utf-8"])
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(client.uri("a.tally")), "languageId": "tally",
                    "version": .int(Int.max), "text": "ab\ncd\n"
                ]
            ])
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(client.uri("a.tally"))],
                "contentChanges": [
                    ["range": ["start": ["line": 1, "character": .int(Int.max)], "end": ["line": 1, "character": .int(Int.max)]], "text": "!"]
                ]
            ])
        XCTAssertEqual(text(client, "a.tally"), "ab\ncd!\n")
    }

    func testUTF8PositionsWhenNegotiated() {
        let client = TestClient()
        client.initialize(encodings: ["utf-8"])
        let marked = MarkedText("; 咖啡 ⟨a⟩x⟨b⟩\n")
        client.open("a.tally", marked.text)
        client.change("a.tally", version: 2, range: marked.range("a", "b", encoding: "utf-8"), text: "tea")
        XCTAssertEqual(text(client, "a.tally"), "; 咖啡 tea\n")
    }

    func testChangesInOneNotificationApplyInOrder() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "abc\n")
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(client.uri("a.tally")), "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": "x\n"],
                    ["range": ["start": ["line": 1, "character": 1], "end": ["line": 1, "character": 2]], "text": "B"],
                    ["text": "whole\n"],
                    ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]], "text": "end"]
                ]
            ])
        XCTAssertEqual(text(client, "a.tally"), "whole\nend")
    }

    func testCRLFLinesAreLinesToo() {
        let client = TestClient()
        client.initialize()
        let marked = MarkedText("currency EUR\r\nwallet ⟨a⟩Cash⟨b⟩ cash\r\n")
        client.open("a.tally", marked.text)
        XCTAssertEqual(marked.position("a"), ["line": 1, "character": 7])
        client.change("a.tally", version: 2, range: marked.range("a", "b"), text: "Purse")
        XCTAssertEqual(text(client, "a.tally"), "currency EUR\r\nwallet Purse cash\r\n")
    }

    func testOutOfRangePositionsAreClamped() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "ab\ncd\n")
        client.change("a.tally", version: 2, range: ["start": ["line": 0, "character": 99], "end": ["line": 1, "character": 0]], text: "-")
        XCTAssertEqual(text(client, "a.tally"), "ab-cd\n")
        client.change("a.tally", version: 3, range: ["start": ["line": 50, "character": 0], "end": ["line": 70, "character": 3]], text: "!")
        XCTAssertEqual(text(client, "a.tally"), "ab-cd\n!")
        client.change("a.tally", version: 4, range: ["start": ["line": -3, "character": -1], "end": ["line": 0, "character": 1]], text: "A")
        XCTAssertEqual(text(client, "a.tally"), "Ab-cd\n!")
        // An end before the start inserts at the start.
        client.change("a.tally", version: 5, range: ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 0]], text: "_")
        XCTAssertEqual(text(client, "a.tally"), "Ab_-cd\n!")
    }

    func testChangesToUnopenedDocumentsAndBadRangesAreIgnored() {
        let client = TestClient()
        client.initialize()
        client.change("never-opened.tally", version: 2, range: nil, text: "x")
        client.open("a.tally", "abc")
        client.change("a.tally", version: 2, range: ["start": "x", "end": 3], text: "zzz")
        XCTAssertEqual(text(client, "a.tally"), "abc")
        XCTAssertEqual(client.result("shutdown"), .null)
    }

    func testCloseForgetsTheBuffer() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "abc")
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(client.uri("a.tally"))]])
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("a.tally"))]])
        XCTAssertNil(client.server.openDocument(client.uri("a.tally")))
    }

    func testSavingAnOpenFileDoesNotRecheckWhatDidNotChange() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", "wallet Cash cash\n")
        client.clear()
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(client.uri("a.tally"))]])
        XCTAssertEqual(client.messages, [], "nothing changed, so nothing is published again")
    }
}
