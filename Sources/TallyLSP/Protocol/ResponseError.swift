/// An error answer to a request, with the codes JSON-RPC and LSP 3.17 define.
public struct ResponseError: Error, Equatable, Sendable {
    /// The numeric code.
    public var code: Int
    /// A short explanation for people.
    public var message: String

    /// Creates the error.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The message body was not JSON.
    public static let parseErrorCode = -32700
    /// The JSON was not a request, notification or response.
    public static let invalidRequestCode = -32600
    /// No handler for the method.
    public static let methodNotFoundCode = -32601
    /// The parameters had the wrong shape or types.
    public static let invalidParamsCode = -32602
    /// A request arrived before `initialize`.
    public static let serverNotInitializedCode = -32002
    /// The client cancelled the request.
    public static let requestCancelledCode = -32800
    /// The request failed for a reason the user should see (for example a rename that
    /// cannot be done).
    public static let requestFailedCode = -32803

    /// Invalid parameters, saying which.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: invalidParamsCode, message: message)
    }

    /// The request could not be answered for a reason the user should see.
    public static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: requestFailedCode, message: message)
    }

    /// The error object as sent.
    public var json: JSON { ["code": .int(code), "message": .string(message)] }
}
