/// Who may ask what of the server. Every request must name this server in its `Host`
/// header (a page of another site that rebinds its name to this machine is refused);
/// every request must carry the session's token (from the printed URL, then a cookie), on
/// the loopback address too: another account on this machine reaches 127.0.0.1 as well,
/// and must neither read nor write the budget (as Jupyter does); every request that
/// writes must come from the server's own pages: its `Origin` is this server and its
/// form carries the session's token.
public struct AccessRules: Sendable {
    /// The address listened on.
    public let host: String
    /// The port listened on.
    public let port: Int
    /// The session's secret: in the printed URL, then in a cookie, and in every form.
    public let token: String

    /// The rules for a server on `host` and `port` with `token`.
    public init(host: String, port: Int, token: String) {
        self.host = host
        self.port = port
        self.token = token
    }

    /// The start of the name of the cookie that carries the token (``cookieName``).
    public static let cookie = "tally_token"

    /// The cookie's name, with the port: a browser sends a host's cookies to every port
    /// on it (cookies know no port, RFC 6265 §8.5), so two servers on one machine would
    /// otherwise overwrite each other's token.
    public var cookieName: String { "\(Self.cookie)_\(port)" }

    /// Whether `host` is a loopback address (127.0.0.0/8, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part).map { _ in !part.isEmpty } ?? false }
    }

    /// The `Host` values that name this server, its interfaces' addresses aside.
    public var hostNames: Set<String> {
        var names: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        names.insert((host.contains(":") ? "[\(host)]" : host) + ":\(port)")
        return names
    }

    /// Whether the `Host` value `hostHeader` names this server: one of ``hostNames``, or,
    /// listening on every address (`0.0.0.0`, `::`), one of this machine's own addresses
    /// with the port (as a phone on the LAN sends it). A name that is no address of this
    /// machine is refused, whatever it resolves to (DNS rebinding).
    public func names(_ hostHeader: String) -> Bool {
        let asked = hostHeader.lowercased()
        if hostNames.contains(asked) { return true }
        guard host == "0.0.0.0" || host == "::", asked.hasSuffix(":\(port)") else { return false }
        var address = String(asked.dropLast(":\(port)".count))
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        return OwnAddresses.current(includingIPv6: host == "::").contains(address)
    }

    /// The URL to print, with the token: the one way in. Printed once to the person who
    /// started the server, never logged.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/?token=\(token)"
    }

    /// What to do with a request before routing it.
    public enum Verdict: Sendable, Equatable {
        /// Route it.
        case allow
        /// Answer with this status and message.
        case refuse(HTTPStatus, String)
        /// The token came in the URL: set the cookie and send the browser to `location`.
        case acceptToken(location: String)
    }

    /// The verdict on `request`.
    public func verdict(_ request: HTTPRequest) -> Verdict {
        guard let hostHeader = request.header("host"), names(hostHeader) else {
            return .refuse(.misdirected, "This server answers only to its own address.")
        }
        if request.parameter("token") == token, request.method != "POST" {
            let rest = request.query.filter { $0.0 != "token" }
            return .acceptToken(location: FormData.encodePath(request.path) + FormData.query(rest))
        }
        guard request.cookie(cookieName) == token else {
            return .refuse(.unauthorized, Self.askForTheLink)
        }
        if request.method == "POST" {
            guard let origin = request.header("origin"), origin == "http://\(hostHeader.lowercased())" else {
                return .refuse(.forbidden, "Changes are accepted only from this server's own pages.")
            }
            guard request.field(Self.formField) == token else {
                return .refuse(.forbidden, "This form is not from this session of `tally serve`; reload the page.")
            }
        }
        return .allow
    }

    /// The answer to a request without the token: where to find the way in, nothing of
    /// the budget.
    public static let askForTheLink = "Open the address `tally serve` printed when it started (it carries this run's key)."

    /// The form field that carries the token in every form.
    public static let formField = "_token"

    /// The `Set-Cookie` header for the token: as tight as plain HTTP allows, named for
    /// the port, out of reach of scripts (`HttpOnly`), sent with no request another site
    /// starts (`SameSite=Strict`), gone when the browser closes (no `Max-Age`). Nothing
    /// keeps it from the host's other ports (`Secure` and the `__Host-` prefix need HTTPS).
    public var cookieHeader: (String, String) {
        ("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
    }

    /// A new random token: 32 hexadecimal digits from the system's generator.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0 ..< 4).map { _ in
            let word = generator.next() as UInt32
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }.joined()
    }
}
