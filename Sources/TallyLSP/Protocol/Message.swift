/// One message from the client, classified.
public enum IncomingMessage: Equatable, Sendable {
    /// A request: it wants an answer with the same id.
    case request(id: JSON, method: String, params: JSON)
    /// A notification: no answer.
    case notification(method: String, params: JSON)
    /// An answer to a request the server sent.
    case response(id: JSON)

    /// Classifies a parsed message, or says why it is not one. An id must be a number or
    /// a string; params default to null.
    public static func classify(_ json: JSON) -> Result<IncomingMessage, ResponseError> {
        guard case .object(let members) = json else {
            return .failure(ResponseError(code: ResponseError.invalidRequestCode, message: "a message must be a JSON object"))
        }
        let id = members["id"]
        if let id, !isValidID(id) {
            return .failure(ResponseError(code: ResponseError.invalidRequestCode, message: "`id` must be a number or a string"))
        }
        guard let methodValue = members["method"] else {
            if let id, members["result"] != nil || members["error"] != nil { return .success(.response(id: id)) }
            return .failure(ResponseError(code: ResponseError.invalidRequestCode, message: "a message needs a `method`"))
        }
        guard let method = methodValue.stringValue else {
            return .failure(ResponseError(code: ResponseError.invalidRequestCode, message: "`method` must be a string"))
        }
        let params = members["params"] ?? .null
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }

    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .int, .string: return true
        default: return false
        }
    }
}

/// Builders for the messages the server sends.
public enum OutgoingMessage {
    static let version: JSON = "2.0"

    /// A successful answer.
    public static func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": version, "id": id, "result": result]
    }

    /// The printed text of a successful answer, as ``response(id:result:)`` prints it
    /// (keys sorted: `id`, `jsonrpc`, `result`). An answer already printed
    /// (``JSON/raw(_:)``, megabytes for a whole-file request) gets the message's head
    /// put before it in its own buffer, moved along in place when the buffer has room and
    /// is held by no one else, rather than copied into a second buffer beside it.
    static func responseBytes(id: JSON, result: consuming JSON) -> [UInt8] {
        switch consume result {
        case .raw(var printed):
            var head: [UInt8] = Array(#"{"id":"#.utf8)
            id.write(to: &head)
            head.append(contentsOf: #","jsonrpc":"2.0","result":"#.utf8)
            printed.insert(contentsOf: head, at: 0)
            printed.append(UInt8(ascii: "}"))
            return printed
        case let other:
            return response(id: id, result: other).bytes
        }
    }

    /// An error answer; `id` is null when the request's id could not be read.
    public static func error(id: JSON, _ error: ResponseError) -> JSON {
        ["jsonrpc": version, "id": id, "error": error.json]
    }

    /// A notification to the client.
    public static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": version, "method": .string(method), "params": params]
    }

    /// A request to the client.
    public static func request(id: JSON, _ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": version, "id": id, "method": .string(method), "params": params]
    }
}
