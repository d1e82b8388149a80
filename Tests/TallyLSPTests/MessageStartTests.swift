import TallyLSP
import XCTest

/// The id of a request read from the first bytes of a message too large to read whole.
final class MessageStartTests: XCTestCase {
    private func id(_ text: String) -> JSON? { MessageStart.requestID(in: Array(text.utf8)) }

    func testTheIdOfARequestCutAnywhereInItsParams() {
        XCTAssertEqual(id(#"{"jsonrpc":"2.0","id":7,"method":"x","params":{"text":"aaa"#), 7)
        XCTAssertEqual(id(#"{ "id" : "a\"b" , "params": [1, {"#), "a\"b")
        XCTAssertEqual(id(#"{"method":"x","params":{"id":3,"n":[{}]},"id":-4,"more":tr"#), -4)
        XCTAssertEqual(id(#"{"jsonrpc":"2.0","method":"x","id":12"#), nil, "the number may go on")
        XCTAssertEqual(id(#"{"jsonrpc":"2.0","method":"x","id":12,"#), 12)
        XCTAssertEqual(id(#"{"\u0069d":5,"#), 5, "escaped keys are read")
    }

    func testNoIdWhenItIsNotARequestsOwn() {
        XCTAssertNil(id(#"{"method":"textDocument/didOpen","params":{"id":1,"text":"#), "an id inside params")
        XCTAssertNil(id(#"{"id":1,"result":{"items":["#), "a response from the client")
        XCTAssertNil(id(#"{"id":1,"error":{"#))
        XCTAssertNil(id(#"{"id":null,"method":"x","#))
        XCTAssertNil(id(#"{"id":1.5,"method":"x","#))
        XCTAssertNil(id(#"[{"id":1}]"#))
        XCTAssertNil(id(""))
        XCTAssertNil(id("garbage\u{0}\u{FF}"))
        XCTAssertNil(MessageStart.requestID(in: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A]))
    }
}
