/// The rules applied to a request's head as it arrives, so that a request that will be
/// refused is refused before the rest of it is read (and costs the server nothing more).
extension AccessRules {
    /// The answer for a head that ``verdict(_:)`` will refuse, as soon as that is sure:
    /// a `Host` that does not name this server (421); a `Cookie` header without it (a browser sends one `Cookie` header, RFC 6265 §5.4),
    /// or a whole head with neither cookie nor token in the URL (401, ``WayInPage``). Nil: read on.
    public func screen(_ head: RequestReader.HeadSoFar) -> HTTPResponse? {
        if let given = head.values("host").first, !names(given) {
            return .text("This server answers only to its own address.", status: .misdirected)
        }
        let inURL = HTTPRequest(method: head.method, target: head.target).parameter("token") == token && head.method != "POST"
        if inURL { return nil }
        let cookies = head.values("cookie")
        let carried = HTTPRequest(method: head.method, target: head.target, headers: cookies.map { ("cookie", $0) }).cookie(cookieName) == token
        if carried || (cookies.isEmpty && !head.isComplete) { return nil }
        return WayInPage.response(path: HTTPRequest(method: head.method, target: head.target).path)
    }
}
