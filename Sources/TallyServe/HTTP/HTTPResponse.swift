import TallyReports

/// A response: status, headers and body. ``bytes(forHead:)`` adds the length, closes the
/// connection, and sets the headers every answer carries: a Content-Security-Policy that
/// allows only the page's own script and style (served from the binary), no framing, no
/// sniffing, no referrer to other sites (same-origin: a browser sends `Origin: null` on a
/// form posted under `no-referrer`, which the origin check must see), no caching.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    /// Header fields beyond those every answer carries.
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// A body made as it is sent, in pieces handed to the function given (instead of
    /// ``body``): a large answer is never held whole. Sent without a length, ended by
    /// closing the connection (every answer closes it).
    public var stream: (@Sendable (_ sink: ([UInt8]) -> Void) -> Void)?

    /// A response with `body` of `contentType`.
    public init(_ status: HTTPStatus = .ok, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// An HTML page (built of ``HTML``, so every text in it was escaped on the way).
    public static func html(_ page: HTML, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status, contentType: "text/html; charset=utf-8", body: Array(page.rendered.utf8))
    }

    /// JSON text.
    public static func json(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    /// JSON made as it is sent (``stream``).
    public static func jsonStream(_ write: @escaping @Sendable (_ sink: ([UInt8]) -> Void) -> Void) -> HTTPResponse {
        var response = HTTPResponse(contentType: "application/json; charset=utf-8", body: [])
        response.stream = write
        return response
    }

    /// The whole body: ``body``, or what ``stream`` makes, collected.
    public var wholeBody: [UInt8] {
        guard let stream else { return body }
        var all: [UInt8] = []
        stream { all.append(contentsOf: $0) }
        return all
    }

    /// Plain text (refusals, errors).
    public static func text(_ text: String, status: HTTPStatus) -> HTTPResponse {
        HTTPResponse(status, contentType: "text/plain; charset=utf-8", body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// A redirect to `location` (a path on this server) after a form was handled.
    public static func redirect(_ location: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(.seeOther, contentType: "text/plain; charset=utf-8", body: Array("See \(location)\n".utf8), headers: [("Location", location)] + headers)
    }

    /// The policy: the page's own script and style, same-origin requests, nothing else.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; manifest-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The response as sent; without the body for a `HEAD` request.
    public func bytes(forHead: Bool = false) -> [UInt8] {
        head() + (forHead ? [] : wholeBody)
    }

    /// The status line and headers, with the length unless the body is a ``stream``.
    public func head() -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        var all = headers
        if status.code == 405 { all.append(("Allow", "GET, HEAD, POST")) }
        if stream == nil { all.append(("Content-Length", String(body.count))) }
        all += [
            ("Connection", "close"), ("Cache-Control", "no-store"),
            ("Content-Security-Policy", Self.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"), ("Referrer-Policy", "same-origin"), ("Cross-Origin-Resource-Policy", "same-origin")
        ]
        for (name, value) in all {
            // A header value never carries a line break, whatever it was built from.
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            head += "\(name): \(clean)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8)
    }
}
