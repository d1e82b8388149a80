import TallyCore
import Testing

/// The one JSON writer (issue 33): the reports' indented layout with keys as given and
/// the language server's compact one with keys sorted, over any value type.
@Suite struct JSONWriterTests {
    /// A value type of the test's own, as the reports and the server each have theirs.
    indirect enum Value: JSONTree {
        case text(String), number(Int), list([Value]), members([(String, Value)])

        var jsonNode: JSONNode<Value> {
            switch self {
            case .list(let items): .array(items)
            case .members(let pairs): .object(pairs)
            default: .scalar
            }
        }

        func appendScalar(to out: inout [UInt8]) {
            switch self {
            case .text(let s): JSONText.appendString(s, to: &out)
            case .number(let n): JSONText.appendInt(n, to: &out)
            default: Issue.record("a container written as a scalar")
            }
        }

        func written(_ layout: JSONLayout) -> String {
            var out: [UInt8] = []
            appendJSON(to: &out, layout: layout)
            return String(decoding: out, as: UTF8.self)
        }
    }

    static let document = Value.members([
        ("z", .text("a \"b\"\\\n\t\r\u{1}é")), ("a", .list([.number(-12), .number(0), .number(Int.min)])),
        ("m", .list([.members([("y", .list([])), ("x", .members([]))])]))
    ])

    @Test func reportsAreIndentedWithKeysAsGiven() {
        #expect(
            JSONWriterTests.document.written(.report) == """
                {
                  "z": "a \\"b\\"\\\\\\n\\t\\r\\u0001é",
                  "a": [-12, 0, -9223372036854775808],
                  "m": [
                    {
                      "y": [],
                      "x": {}
                    }
                  ]
                }
                """)
    }

    @Test func messagesAreCompactWithKeysSorted() {
        #expect(
            JSONWriterTests.document.written(.message)
                == #"{"a":[-12,0,-9223372036854775808],"m":[{"x":{},"y":[]}],"z":"a \"b\"\\\n\t\r\u0001é"}"#)
    }

    @Test func quotedTextIsTheStringWritten() {
        #expect(JSONText.quoted("plain") == "\"plain\"")
        #expect(JSONText.quoted("tab\there") == #""tab\there""#)
        var out: [UInt8] = []
        JSONText.appendInt(1_234_567, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1234567")
    }
}
