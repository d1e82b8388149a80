import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// Enable Banking behind ``BankFeed``: the session `tally feed enablebanking link` kept
/// for the profile's application (`app "…"`), the application's token signed with the
/// private key the profile's `token "file:…"` names, each wallet taking the session's
/// account its profile's `account` names (IBAN, name or uid), or the only one.
struct EnableBankingSource: BankFeed {
    /// The environment variable that points the feed at a test server on this machine.
    static let testURLVariable = "TALLY_ENABLEBANKING_TEST_URL"
    /// How many days before a consent runs out a sync warns.
    static let warningDays = 14

    mutating func statement(of wallet: Int, since: CivilDate, session feeds: FeedSession) throws(UsageError) -> Statement {
        let name = feeds.model.wallets[wallet].name
        let profile = feeds.model.importProfile(of: wallet)
        guard let app = profile?.app else {
            throw UsageError("the `import` profile of `\(name)` names no Enable Banking application; add `app \"APPLICATION-ID\"` to it")
        }
        let session = try Self.session(app: app, environment: feeds.environment, today: feeds.today)
        let account = try Self.account(of: session, wanted: profile?.account, wallet: name)
        let client = try Self.client(app: app, keySource: profile?.token, feeds: feeds)
        do {
            var statement = try EnableBankingFeed.statement(
                uid: account.uid, since: since, currency: account.currency, label: account.iban ?? account.name, client: client)
            statement.account = profile?.account
            return statement
        } catch {
            throw UsageError("\(error.description); nothing written")
        }
    }

    /// The kept session of `app`, refused when its consent has run out.
    static func session(app: String, environment: [String: String], today: CivilDate) throws(UsageError) -> EnableBankingFeed.Session {
        let path = FeedCredentials.path(FeedCredentials.enableBankingFile(app: app), environment: environment)
        guard FeedCredentials.problem(at: path) != "`\(path)` does not exist" else {
            throw UsageError("no Enable Banking session is kept for application \(app); \(EnableBankingFeed.relink)")
        }
        let session: EnableBankingFeed.Session
        let text = try FeedCredentials.readWhole(path)
        do { session = try EnableBankingFeed.Session(text: text) } catch {
            throw UsageError("the Enable Banking session in `\(path)` cannot be read (\(error.message)); \(EnableBankingFeed.relink)")
        }
        if let last = session.lastDay, last < today {
            throw UsageError("the consent to read the accounts ran out on \(last); \(EnableBankingFeed.relink)")
        }
        return session
    }

    /// What a sync says about a consent that runs out within ``warningDays``.
    static func expiryNotice(_ session: EnableBankingFeed.Session, today: CivilDate) -> String? {
        guard let last = session.lastDay, today.days(until: last) <= warningDays else { return nil }
        return "the Enable Banking consent runs out on \(last); \(EnableBankingFeed.relink) before then"
    }

    /// The session's account the profile names (IBAN, name or uid), or its only one.
    static func account(of session: EnableBankingFeed.Session, wanted: String?, wallet: String) throws(UsageError) -> EnableBankingFeed.Account {
        let listed = session.accounts.map { $0.iban ?? $0.name ?? $0.uid }.joined(separator: ", ")
        guard let wanted else {
            guard session.accounts.count == 1 else {
                throw UsageError("the Enable Banking session has \(session.accounts.count) accounts; name the one of `\(wallet)` with `account \"IBAN\"` in its profile (one of \(listed))")
            }
            return session.accounts[0]
        }
        guard let found = session.accounts.first(where: { a in [a.iban, a.name, a.uid].contains { $0.map(ImportProfile.account) == wanted } }) else {
            throw UsageError("the Enable Banking session has no account `\(wanted)` for `\(wallet)`; it has \(listed); \(EnableBankingFeed.relink)")
        }
        return found
    }

    /// A client with a freshly signed application token.
    static func client(app: String, keySource: TokenSource?, feeds: FeedSession) throws(UsageError) -> EnableBankingFeed.Client {
        guard case .file(let keyFile)? = keySource else {
            throw UsageError("Enable Banking's private key is named by `token \"file:PATH\"` in the profile (the .pem file the Control Panel gave)")
        }
        let keyPath = FeedCredentials.expanded(keyFile, environment: feeds.environment)
        if let problem = FeedCredentials.problem(at: keyPath) { throw UsageError("the private key: \(problem)") }
        let base = try baseURL(environment: feeds.environment)
        do {
            let token = try JWS.enableBankingToken(app: app, now: feeds.now, signer: OpenSSLSigner(keyPath: keyPath, executable: feeds.environment["TALLY_OPENSSL"]))
            return EnableBankingFeed.Client(base: base, token: token, fetcher: feeds.fetcher)
        } catch {
            throw UsageError("\(error.description); nothing written")
        }
    }

    /// The API's URL, or a test server on this machine.
    static func baseURL(environment: [String: String]) throws(UsageError) -> String {
        guard let test = environment[testURLVariable] else { return EnableBankingFeed.apiURL }
        guard test.hasPrefix("http://127.0.0.1:") || test.hasPrefix("http://localhost:") || test.hasPrefix("http://[::1]:") else {
            throw UsageError("\(testURLVariable) may name only this machine (127.0.0.1 or localhost): it is for tests")
        }
        return test
    }
}
