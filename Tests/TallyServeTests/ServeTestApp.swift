import Foundation
import TallySyntax
import TallyTestSupport

@testable import TallyServe

/// A `tally serve` app answering in memory (no socket), as `tally serve FILE --today DAY`
/// makes it. Its requests carry the session's cookie, as a browser's do once the printed
/// URL was opened, unless they bring a `Cookie` of their own or are told not to.
struct ServeTestApp {
    let app: ServeApp
    let host: String

    init(files: [String], today: String = "2026-11-22", host: String = "127.0.0.1", port: Int = 8080) {
        let rules = AccessRules(host: host, port: port, token: "0123456789abcdef0123456789abcdef")
        app = ServeApp(
            store: BudgetStore(files: files), rules: rules, today: CivilDate(iso: today))
        self.host = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The `Cookie` header a browser sends once it has opened the printed URL.
    var cookie: (String, String) { ("Cookie", "\(app.rules.cookieName)=\(app.rules.token)") }

    /// The headers of a request: `Host`, the session's cookie unless `headers` has a
    /// `Cookie` or `withCookie` is false, then `headers`.
    func headers(_ headers: [(String, String)], withCookie: Bool) -> [(String, String)] {
        let own = withCookie && !headers.contains { $0.0.lowercased() == "cookie" }
        return [("Host", host)] + (own ? [cookie] : []) + headers
    }

    /// `GET target` from the server's own address (with the session's cookie unless told
    /// otherwise: a stranger's request).
    func get(_ target: String, headers: [(String, String)] = [], withCookie: Bool = true) -> HTTPResponse {
        app.handle(HTTPRequest(method: "GET", target: target, headers: self.headers(headers, withCookie: withCookie)))
    }

    /// `POST target` with form `fields`, from the server's own pages unless told otherwise.
    func post(
        _ target: String, _ fields: [(String, String)], origin: String? = nil, token: String? = nil, version: String? = nil,
        withCookie: Bool = true
    ) -> HTTPResponse {
        var all = fields
        all.append((AccessRules.formField, token ?? app.rules.token))
        all.append(("version", version ?? app.store.currentVersion()))
        let body = all.map { FormData.encode($0.0) + "=" + FormData.encode($0.1) }.joined(separator: "&")
        return app.handle(
            HTTPRequest(
                method: "POST", target: target,
                headers: headers(
                    [("Origin", origin ?? "http://\(host)"), ("Content-Type", "application/x-www-form-urlencoded")], withCookie: withCookie),
                body: Array(body.utf8)))
    }

    /// `POST target` as `multipart/form-data` (a form with a file): text `fields` and
    /// `files` (field, file name, contents), from the server's own pages.
    func postMultipart(_ target: String, _ fields: [(String, String)], files: [(String, String, String)]) -> HTTPResponse {
        let boundary = "----tally-test-boundary"
        var body = ""
        for (name, value) in fields + [(AccessRules.formField, app.rules.token), ("version", app.store.currentVersion())] {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        for (name, filename, contents) in files {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
            body += "Content-Type: application/octet-stream\r\n\r\n\(contents)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return app.handle(
            HTTPRequest(
                method: "POST", target: target,
                headers: headers([("Origin", "http://\(host)"), ("Content-Type", "multipart/form-data; boundary=\(boundary)")], withCookie: true),
                body: Array(body.utf8)))
    }

    /// What the built `tally ARGUMENTS` prints: the command line, the other front end.
    static func cli(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        do {
            let result = try TallyBinary.run(arguments)
            return (result.status, result.stdout, result.stderr)
        } catch {
            return (-1, "", "\(error)")
        }
    }
}

extension HTTPResponse {
    var text: String { String(decoding: wholeBody, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}
