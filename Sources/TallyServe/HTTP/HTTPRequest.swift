#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// One HTTP/1.1 request as ``RequestReader`` read it: the method, the target split into
/// its decoded path and query, the headers (names in lower case) and the body.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD` or `POST` (the reader refuses every other method).
    public let method: String
    /// The request target as sent (`/register?period=2026-11`).
    public let target: String
    /// The path, percent-decoded (`/register`).
    public let path: String
    /// The query's pairs, decoded, in order (`period` → `2026-11`).
    public let query: [(String, String)]
    /// The header fields, names in lower case, in order.
    public let headers: [(String, String)]
    /// The body (empty unless `Content-Length` gave one).
    public let body: [UInt8]

    /// A request made in memory (tests, the router's own redirects).
    public init(method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = FormData.decode(String(parts.first ?? "")) ?? ""
        query = parts.count > 1 ? FormData.pairs(String(parts[1])) : []
        self.headers = headers.map { ($0.0.lowercased(), $0.1) }
        self.body = body
    }

    /// The first value of the header `name` (any case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0 == wanted }?.1
    }

    /// The first value of the query parameter `name`.
    public func parameter(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// The form fields of a `application/x-www-form-urlencoded` body, or the text fields
    /// of a `multipart/form-data` one.
    public var form: [(String, String)] {
        if let multipart { return multipart.fields }
        return FormData.pairs(String(decoding: body, as: UTF8.self))
    }

    /// The body read as `multipart/form-data` (a form with a file), when it was sent so.
    public var multipart: MultipartForm? {
        guard let type = header("content-type"), type.lowercased().hasPrefix("multipart/form-data") else { return nil }
        return MultipartForm(body, contentType: type)
    }

    /// The first value of the form field `name`.
    public func field(_ name: String) -> String? { form.first { $0.0 == name }?.1 }

    /// The value of the cookie `name`, if the request carries it.
    public func cookie(_ name: String) -> String? {
        for header in headers where header.0 == "cookie" {
            for part in header.1.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingSpaces() == name { return String(pair[1]) }
            }
        }
        return nil
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.body == b.body && a.headers.map { "\($0.0):\($0.1)" } == b.headers.map { "\($0.0):\($0.1)" }
    }
}
