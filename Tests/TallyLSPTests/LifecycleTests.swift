import TallyLSP
import XCTest

final class LifecycleTests: XCTestCase {
    func testInitializeStatesCapabilitiesAndServerInfo() {
        let client = TestClient()
        let result = client.initialize()
        XCTAssertEqual(result["serverInfo"]?["name"], "tally")
        XCTAssertEqual(result["capabilities"]?["textDocumentSync"]?["change"], 2)
        XCTAssertEqual(result["capabilities"]?["textDocumentSync"]?["openClose"], true)
    }

    func testUTF8IsChosenWhenOfferedElseUTF16() {
        XCTAssertEqual(TestClient().initialize(encodings: ["utf-16", "utf-8"])["capabilities"]?["positionEncoding"], "utf-8")
        XCTAssertEqual(TestClient().initialize(encodings: ["utf-32", "utf-16"])["capabilities"]?["positionEncoding"], "utf-16")
        XCTAssertEqual(TestClient().initialize()["capabilities"]?["positionEncoding"], "utf-16")
    }

    func testRequestsBeforeInitializeAreRefusedWithServerNotInitialized() {
        let client = TestClient()
        XCTAssertEqual(client.request("textDocument/hover", [:])["error"]?["code"], -32002)
        XCTAssertEqual(client.request("shutdown")["error"]?["code"], -32002)
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///x.tally", "version": 1, "text": "wallet"]])
        XCTAssertTrue(client.messages.allSatisfy { $0["method"] == nil }, "notifications before initialize are dropped")
        client.initialize()
    }

    func testASecondInitializeIsAnError() {
        let client = TestClient()
        client.initialize()
        XCTAssertEqual(client.request("initialize", ["capabilities": [:]])["error"]?["code"], -32600)
    }

    func testUnknownRequestsAreMethodNotFoundAndUnknownNotificationsAreIgnored() {
        let client = TestClient()
        client.initialize()
        XCTAssertEqual(client.request("tally/unknown", [:])["error"]?["code"], -32601)
        client.clear()
        client.notify("tally/whatever", ["x": 1])
        client.notify("$/cancelRequest", ["id": 99])
        client.notify("$/cancelRequest", "nonsense")
        XCTAssertEqual(client.messages, [])
        XCTAssertEqual(client.request("shutdown")["result"], .null)
    }

    func testMalformedJSONIsAParseErrorWithNullID() {
        let client = TestClient()
        client.send(raw: "{\"jsonrpc\":\"2.0\",\"id\":1,")
        XCTAssertEqual(client.messages.last?["error"]?["code"], -32700)
        XCTAssertEqual(client.messages.last?["id"], .null)
    }

    func testMessagesThatAreNotRequestsAreInvalidRequests() {
        let client = TestClient()
        client.initialize()
        for raw in ["[1,2]", "{\"id\":1}", "{\"id\":1,\"method\":5}", "{\"id\":[1],\"method\":\"shutdown\"}", "42"] {
            client.clear()
            client.send(raw: raw)
            XCTAssertEqual(client.messages.last?["error"]?["code"], -32600, raw)
        }
    }

    func testWrongParameterTypesAreInvalidParams() {
        let client = TestClient()
        XCTAssertEqual(client.request("initialize", ["capabilities": "none"])["error"]?["code"], -32602)
        client.initialize()
        // A broken notification has no answer, and the server keeps serving.
        client.notify("textDocument/didOpen", ["textDocument": ["uri": 5]])
        client.notify("textDocument/didChange", "text")
        XCTAssertEqual(client.request("shutdown")["result"], .null)
    }

    func testShutdownThenExitGivesZero() {
        let client = TestClient()
        client.initialize()
        XCTAssertEqual(client.request("shutdown")["result"], .null)
        XCTAssertEqual(client.request("textDocument/hover", [:])["error"]?["code"], -32600, "requests after shutdown are invalid")
        XCTAssertNil(client.server.exitCode)
        client.notify("exit")
        XCTAssertEqual(client.server.exitCode, 0)
    }

    func testExitWithoutShutdownGivesOne() {
        let client = TestClient()
        client.initialize()
        client.notify("exit")
        XCTAssertEqual(client.server.exitCode, 1)
    }

    func testLogLinesReachTheClientOnlyWhenAskedAndNeverHoldFileContents() {
        let quiet = TestClient()
        quiet.initialize()
        quiet.open("a.tally", "wallet SecretBank bank\n")
        XCTAssertFalse(quiet.messages.contains { $0["method"] == "window/logMessage" })

        let client = TestClient()
        client.initialize(options: ["logMessages": true])
        client.open("a.tally", "wallet SecretBank bank\n")
        let logs = client.messages.filter { $0["method"] == "window/logMessage" }.compactMap { $0["params"]?["message"]?.stringValue }
        XCTAssertTrue(logs.contains { $0.hasPrefix("analysed 1 budget(s)") }, logs.joined(separator: "\n"))
        XCTAssertFalse(logs.contains { $0.contains("SecretBank") })
    }

    func testTheServerAsksToWatchTallyFilesWhenTheClientCan() {
        let plain = TestClient()
        plain.initialize()
        XCTAssertFalse(plain.messages.contains { $0["method"] == "client/registerCapability" })

        let client = TestClient()
        _ = client.result("initialize", ["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        client.notify("initialized", [:])
        let registration = client.messages.first { $0["method"] == "client/registerCapability" }
        XCTAssertEqual(registration?["params"]?["registrations"]?.arrayValue?.first?["registerOptions"]?["watchers"], [["globPattern": "**/*.tally"]])
        XCTAssertNotNil(registration?["id"])
        // The client's answer is read and ignored.
        client.send(raw: #"{"jsonrpc":"2.0","id":"tally-watch-files","result":null}"#)
        XCTAssertEqual(client.request("shutdown")["result"], .null)
    }
}
