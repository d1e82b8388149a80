import TallyCore
import TallyImport
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Setting up the bank feeds outside any budget — `tally feed simplefin claim`, `tally
/// feed enablebanking link`, `tally feed doctor`: the credentials each feed keeps, in
/// files of mode 600 in ``FeedCredentials/folder(environment:)``. No secret is ever in a
/// result: each says where it was kept.
public enum FeedSetup {
    /// Claims a SimpleFIN setup token for the access URL and keeps it.
    public struct ClaimRequest: Sendable {
        /// The setup token, as read from standard input (never from argv).
        public var setupToken: String
        public var environment: [String: String]
        public var fetcher: any HTTPFetching

        public init(setupToken: String, environment: [String: String], fetcher: any HTTPFetching = ProcessFetcher()) {
            self.setupToken = setupToken
            self.environment = environment
            self.fetcher = fetcher
        }
    }

    /// Where a credential was kept.
    public struct Kept: Sendable, Equatable {
        /// The credential file.
        public let path: String
        /// What a person reads: what was kept and what to do next.
        public let message: String
    }

    /// Claims the setup token and keeps the access URL (mode 600).
    public static func claimSimpleFIN(_ request: ClaimRequest) throws(ActionRefusal) -> Kept {
        let access: String
        do { access = try SimpleFINFeed.claim(setupToken: request.setupToken, fetcher: request.fetcher) } catch {
            throw .request("\(error.description); nothing stored")
        }
        let path = FeedCredentials.path(FeedCredentials.simpleFINFile, environment: request.environment)
        do { try FeedCredentials.store(access, as: FeedCredentials.simpleFINFile, environment: request.environment) } catch { throw .request(error.message) }
        return Kept(
            path: path,
            message: "SimpleFIN's access URL is kept in \(path) (mode 600); a wallet whose `import` profile says `feed simplefin` now syncs with `tally sync BUDGET`")
    }

    /// Starts linking an account at a bank through Enable Banking.
    public struct LinkRequest: Sendable {
        /// The bank's name as Enable Banking lists it, and its country (ISO 3166, `FI`).
        public var bank: String
        public var country: String
        /// The application id and its private key's file.
        public var app: String
        public var keyPath: String
        /// Where the bank sends the account holder back, as the application registered it.
        public var redirect: String
        /// How many days the consent is asked for (the bank may allow fewer; at most 180).
        public var days: Int
        public var environment: [String: String]
        public var fetcher: any HTTPFetching
        public var today: CivilDate
        /// Unix seconds now, for the signed token; nil for the clock's.
        public var now: Int?

        public init(
            bank: String, country: String, app: String, keyPath: String, redirect: String, days: Int = 180, environment: [String: String],
            fetcher: any HTTPFetching = ProcessFetcher(), today: CivilDate, now: Int? = nil
        ) {
            self.bank = bank
            self.country = country
            self.app = app
            self.keyPath = keyPath
            self.redirect = redirect
            self.days = days
            self.environment = environment
            self.fetcher = fetcher
            self.today = today
            self.now = now
        }
    }

    /// The consent link to open, and the `state` the redirect must carry back.
    public struct Consent: Sendable, Equatable {
        public let link: String
        public let state: String
    }

    /// `POST /auth`: the link where the account holder gives consent.
    public static func startLink(_ request: LinkRequest) throws(ActionRefusal) -> Consent {
        let client = try client(request)
        let days = min(max(request.days, 1), 180)
        let until = request.today.adding(days: days) ?? request.today
        var seed = SystemRandomNumberGenerator()
        let state = (0 ..< 4).map { _ in String(seed.next() as UInt32, radix: 16) }.joined()
        do {
            let link = try EnableBankingFeed.startAuthorization(
                bank: request.bank, country: request.country.uppercased(), validUntil: "\(until)T00:00:00Z", redirect: request.redirect, state: state,
                client: client)
            return Consent(link: link, state: state)
        } catch {
            throw .request("\(error.description); nothing stored")
        }
    }

    /// `POST /sessions` with the code of `redirected` (the redirect URL as pasted, or the
    /// code alone), checked against the consent's state, and keeps the session.
    public static func finishLink(_ request: LinkRequest, consent: Consent, redirected: String) throws(ActionRefusal) -> Kept {
        let pasted = redirected.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        var code = pasted
        if let query = pasted.split(separator: "?", maxSplits: 1).dropFirst().first {
            let pairs = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
            if let state = pairs.first(where: { $0.first == "state" })?.last, state != consent.state {
                throw .request("the redirect carries another consent's state; open the link just printed and paste where it leads; nothing stored")
            }
            guard let found = pairs.first(where: { $0.first == "code" && $0.count == 2 })?.last else {
                throw .request("the pasted address holds no `code`; the bank may have refused the consent; nothing stored")
            }
            code = found
        }
        guard !code.isEmpty else { throw .request("no code was pasted; nothing stored") }
        let session: EnableBankingFeed.Session
        let client = try client(request)
        do { session = try EnableBankingFeed.authorizeSession(code: code, client: client) } catch {
            throw .request("\(error.description); nothing stored")
        }
        let name = FeedCredentials.enableBankingFile(app: request.app)
        do { try FeedCredentials.store(session.text, as: name, environment: request.environment) } catch { throw .request(error.message) }
        let path = FeedCredentials.path(name, environment: request.environment)
        let accounts = session.accounts.map { $0.iban ?? $0.name ?? $0.uid }.joined(separator: ", ")
        return Kept(
            path: path,
            message: "the session is kept in \(path) (mode 600) until \(session.lastDay.map(\.description) ?? "the bank says"); its accounts: \(accounts)")
    }

    private static func client(_ request: LinkRequest) throws(ActionRefusal) -> EnableBankingFeed.Client {
        let keyPath = FeedCredentials.expanded(request.keyPath, environment: request.environment)
        if let problem = FeedCredentials.problem(at: keyPath) { throw .request("the private key: \(problem)") }
        do {
            let base = try EnableBankingSource.baseURL(environment: request.environment)
            let signer = OpenSSLSigner(keyPath: keyPath, executable: request.environment["TALLY_OPENSSL"])
            let token = try JWS.enableBankingToken(app: request.app, now: request.now ?? Int(time(nil)), signer: signer)
            return EnableBankingFeed.Client(base: base, token: token, fetcher: request.fetcher)
        } catch let error as UsageError {
            throw .request(error.message)
        } catch let error as StatementError {
            throw .request("\(error.description); nothing stored")
        } catch {
            throw .request("\(error)")
        }
    }

    /// What `tally feed doctor` finds: a line per check, and whether every one passed.
    public struct Checkup: Sendable, Equatable {
        public let lines: [String]
        public let healthy: Bool
    }

    /// Checks that `openssl` is there, and that each kept credential is a file only its
    /// owner may read.
    public static func doctor(environment: [String: String]) -> Checkup {
        var lines: [String] = [], healthy = true
        if let openssl = environment["TALLY_OPENSSL"] ?? OpenSSLSigner.find(path: environment["PATH"]) {
            lines.append("ok       openssl: \(openssl) (signs Enable Banking's token)")
        } else {
            lines.append("missing  openssl: none on PATH; Enable Banking needs it to sign its token")
            healthy = false
        }
        let folder = FeedCredentials.folder(environment: environment)
        lines.append("         credentials are kept in \(folder)")
        let names = FeedCredentials.kept(environment: environment)
        if names.isEmpty { lines.append("         no feed credentials are kept yet") }
        for name in names.sorted() {
            if let problem = FeedCredentials.problem(at: folder + "/" + name) {
                lines.append("problem  \(problem)")
                healthy = false
            } else {
                lines.append("ok       \(name): mode 600, readable")
            }
        }
        return Checkup(lines: lines, healthy: healthy)
    }
}
