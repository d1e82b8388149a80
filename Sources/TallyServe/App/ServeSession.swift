import TallyCore
import TallyReports
import TallySyntax

/// A running `tally serve`: the server listening, the app answering, the URL to open.
public final class ServeSession: Sendable {
    /// The address to open, with this run's token.
    public let url: String
    /// The app answering requests.
    public let app: ServeApp
    private let server: HTTPServer

    /// Why a session could not start.
    public struct StartError: Error {
        public let message: String
    }

    /// Starts serving the budget at `files` on `host` and `port` (0: any free port).
    /// Only an IP address is accepted as `host` (`localhost` means 127.0.0.1); every
    /// request must carry a token made here, printed once in the URL.
    public init(
        files: [String], host: String, port: Int, today: CivilDate?, environment: [String: String] = [:]
    ) throws(StartError) {
        // Before the server's threads start: one heap for all of them (see FreedMemory).
        // With an arena each, what one worker freed after a budget's reading or a large
        // answer stayed in its arena, unused by the next worker's, and the peak grew by it.
        FreedMemory.shareOneHeap()
        let address = host == "localhost" ? "127.0.0.1" : host
        guard port >= 0, port <= 65535 else { throw StartError(message: "`--port`: \(port) is not a port (0 to 65535)") }
        let server = HTTPServer(host: address, port: port)
        do { try server.listen() } catch { throw StartError(message: error.description) }
        let rules = AccessRules(host: address, port: server.port, token: AccessRules.newToken())
        let app = ServeApp(store: BudgetStore(files: files, today: today), rules: rules, today: today, environment: environment)
        server.serve(app.handle, screen: rules.screen)
        self.server = server
        self.app = app
        url = rules.url
    }

    /// The port listened on.
    public var port: Int { server.port }

    /// Listening on every address (`0.0.0.0`, `::`): the address to open at each of this
    /// machine's own addresses but loopback and link-local ones, as a phone on the same
    /// network opens it (with the token); else none.
    public var networkURLs: [String] {
        let rules = app.rules
        guard rules.host == "0.0.0.0" || rules.host == "::" else { return [] }
        return OwnAddresses.current(includingIPv6: rules.host == "::")
            .filter { !AccessRules.isLoopback($0) && !$0.hasPrefix("fe80:") }.sorted()
            .map { AccessRules(host: $0, port: port, token: rules.token).url }
    }

    /// What `tally serve` prints on standard output as it starts: ``url`` (the first line,
    /// alone), then ``networkURLs``; then, on a terminal only, when the address is for
    /// another machine (`--host`), a QR code of the first such address for the phone to
    /// read (white on black with `colour`). The token is in each: this is the one place
    /// it is shown. Never written to standard error or a log, and no QR code when
    /// standard output is a file or a pipe, which may be kept.
    public func printedAddresses(onTerminal: Bool, colour: Bool) -> String {
        var text = ([url] + networkURLs).map { $0 + "\n" }.joined()
        let forPhone = networkURLs.first ?? (AccessRules.isLoopback(app.rules.host) ? nil : url)
        if onTerminal, let forPhone, let code = QRCode(text: forPhone) {
            text += "\nOn a phone on the same network, scan this for \(forPhone):\n" + code.terminalText(colour: colour)
        }
        return text
    }

    /// Stops listening.
    public func stop() { server.stop() }
}
