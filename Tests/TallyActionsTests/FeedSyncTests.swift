import Foundation
import TallyActions
import TallyCore
import TallyImport
import TallySyntax
import TallyTestSupport
import Testing

/// `tally sync` in process: SimpleFIN and Enable Banking stood in for by a fake that
/// answers their documented requests with their documented shapes, driven through a
/// first sync, a second (nothing added), an expired consent, a rate limit and a cut
/// connection; and every output, file and spawned argv searched for the secrets.
@Suite struct FeedSyncTests {
    static let today = CivilDate(iso: "2026-04-01")!
    /// 2026-04-01T00:00:00Z.
    static let now = 1_775_001_600
    static let accessURL = "https://user123:pa55word@bridge.example/simplefin"
    static let sessionID = "sess-7f3a9c1e-secret"
    static let budget = """
        currency USD
        wallet Checking bank opening 1000.00 on 2026-03-01
        wallet Giro bank currency EUR opening 500.00 on 2026-03-01
        expense Groceries
        expense Salary

        import Checking  feed simplefin  account "ACT-2000"  token "env:SIMPLEFIN_URL"
        import Giro  feed enablebanking  app "app-4711"  token "file:KEYFILE"  account "DE89 3704 0044 0532 0130 00"
        match "WHOLE FOODS" Groceries
        match "REWE" Groceries

        """

    /// The two services' documented answers, by request; the requests are kept.
    final class FakeFeeds: HTTPFetching, @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [HTTPFetchRequest] = []
        /// When set, every request fails so.
        var failure: HTTPFetchFailure?
        /// When set, every answer has this status and an empty body.
        var status: Int?
        var requests: [HTTPFetchRequest] { lock.withLock { kept } }

        func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer {
            lock.withLock { kept.append(request) }
            if let failure { throw failure }
            if let status { return HTTPFetchAnswer(status: status, body: Array(#"{"message":"Too many requests"}"#.utf8)) }
            let url = request.url
            let body: String
            if url.hasPrefix("https://bridge.example/simplefin/accounts?") {
                body = SimpleFINFeedShapes.accountSet
            } else if url.contains("/accounts/uid-1/transactions?") {
                body = url.contains("continuation_key=page-2") ? EnableBankingShapes.page2 : EnableBankingShapes.page1
            } else if url.hasSuffix("/accounts/uid-1/balances") {
                body = EnableBankingShapes.balances
            } else if url.hasSuffix("/auth") {
                body = #"{"url":"https://tilisy.enablebanking.com/welcome?sessionid=abc","authorization_id":"auth-1"}"#
            } else if url.hasSuffix("/sessions") {
                body = EnableBankingShapes.session(validUntil: "2026-09-28T00:00:00.000000+00:00")
            } else {
                return HTTPFetchAnswer(status: 404, body: [])
            }
            return HTTPFetchAnswer(status: 200, headers: ["content-type": "application/json"], body: Array(body.utf8))
        }
    }

    /// A budget folder, a configuration folder with the Enable Banking session kept, a
    /// key made by openssl and an openssl wrapper logging its argv.
    struct Setting {
        let folder: TemporaryFolder
        let environment: [String: String]
        let keyText: String

        init(sessionValidUntil: String = "2026-09-28T00:00:00.000000+00:00") throws {
            folder = try TemporaryFolder("feed-sync")
            let openssl = try #require(OpenSSLSigner.find(path: ProcessInfo.processInfo.environment["PATH"]), "openssl is needed")
            let key = folder.path("eb-key.pem")
            let make = Process()
            make.executableURL = URL(fileURLWithPath: openssl)
            make.arguments = ["genrsa", "-out", key, "2048"]
            make.standardError = FileHandle.nullDevice
            try make.run()
            make.waitUntilExit()
            chmod(key, 0o600)
            keyText = try folder.read("eb-key.pem")
            let wrapper = try folder.write("#!/bin/sh\necho \"$@\" >> \(folder.path("argv.log"))\nexec \(openssl) \"$@\"\n", to: "openssl-wrapper")
            chmod(wrapper, 0o755)
            _ = try folder.write(FeedSyncTests.budget.replacingOccurrences(of: "KEYFILE", with: key), to: "budget.tally")
            environment = [
                "SIMPLEFIN_URL": FeedSyncTests.accessURL, "XDG_CONFIG_HOME": folder.path("config"), "TALLY_OPENSSL": wrapper, "HOME": folder.path("home")
            ]
            let session = try EnableBankingFeed.Session(text: EnableBankingShapes.session(validUntil: sessionValidUntil))
            try FeedCredentials.store(session.text, as: FeedCredentials.enableBankingFile(app: "app-4711"), environment: environment)
        }

        func sync(_ fake: FakeFeeds) throws -> ImportStatements.Result {
            var request = ImportStatements.Request(budget: folder.path("budget.tally"), today: FeedSyncTests.today, environment: environment)
            request.sync = true
            request.fetcher = fake
            request.now = FeedSyncTests.now
            return try ImportStatements.perform(request)
        }

        func refusal(_ fake: FakeFeeds) -> String {
            do {
                _ = try sync(fake)
                return ""
            } catch let error as ActionRefusal { return error.message() } catch { return "\(error)" }
        }
    }

    /// Checking: 1000.00 − 54.50 + 100.00 = 1045.50, SimpleFIN's balance; the pending
    /// −9.99 is left out and counted. Giro: 500.00 − 25.00 + 1200.00 = 1675.00, the
    /// booked balance (ITBD); the pending −3.50 is left out. A second sync adds nothing.
    @Test func aSecondSyncAddsNothing() throws {
        let setting = try Setting()
        defer { setting.folder.remove() }
        let fake = FakeFeeds()
        let first = try setting.sync(fake)
        #expect(first.written && first.counts.added == 4, "\(first.summary)")
        let text = try setting.folder.read("budget.tally")
        #expect(text.contains("TRN-1") && text.contains("TRN-2") && text.contains("E-1") && text.contains("T-3"))
        #expect(!text.contains("TRN-3") && !text.contains("\"T-2\""), "pending movements are not imported")
        #expect(text.contains("1045.50") && text.contains("1675.00"), "each balance is asserted")
        #expect(text.contains("Whole Foods") && text.contains("REWE Markt") && text.contains("ACME GmbH"))
        #expect(first.summary.contains("Import into Checking from SimpleFIN ACT-2000 (SimpleFIN): 2 movements\n  added            2"))
        #expect(first.summary.contains("Import into Giro from Enable Banking DE89370400440532013000 (Enable Banking): 2 movements"))
        #expect(first.summary.contains("  not booked       1\n  balance          2026-04-01 assert Checking 1045.50"))
        // The requests as documented: start-date is 2026-01-02 (90 days back) at 00:00 UTC
        // = 1,767,312,000; Enable Banking pages through its continuation key.
        let urls = fake.requests.map(\.url)
        #expect(urls.contains("https://bridge.example/simplefin/accounts?start-date=1767312000&pending=1"))
        #expect(urls.contains { $0.hasSuffix("/accounts/uid-1/transactions?date_from=2026-01-02&continuation_key=page-2") })
        let bearer = fake.requests.first { $0.url.contains("enablebanking") }?.headers.first { $0.name == "Authorization" }?.value ?? ""
        #expect(bearer.hasPrefix("Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6ImFwcC00NzExIn0."))
        let second = try setting.sync(FakeFeeds())
        #expect(second.counts.added == 0 && second.changesNothing, "\(second.summary)")
        #expect(try setting.folder.read("budget.tally") == text)
        try expectNoSecrets(setting, outputs: [first.summary, second.summary] + first.refusals + [bearer], bearer: bearer)
    }

    @Test func anExpiredConsentWritesNothingAndSaysHowToRelink() throws {
        let setting = try Setting(sessionValidUntil: "2026-03-31T00:00:00.000000+00:00")
        defer { setting.folder.remove() }
        let before = try setting.folder.read("budget.tally")
        let message = setting.refusal(FakeFeeds())
        #expect(message.contains("ran out on 2026-03-31") && message.contains("tally feed enablebanking link"))
        #expect(try setting.folder.read("budget.tally") == before)
        let unauthorized = FakeFeeds()
        unauthorized.status = 401
        let refused = setting.refusal(unauthorized)
        #expect(refused.contains("HTTP 401"))
    }

    /// `--from` one feed for a wallet whose profile names another is refused.
    @Test func aWalletOfAnotherFeedIsRefused() throws {
        let setting = try Setting()
        defer { setting.folder.remove() }
        var request = ImportStatements.Request(
            budget: setting.folder.path("budget.tally"), from: .simplefin, wallet: "Giro", today: Self.today, environment: setting.environment)
        request.fetcher = FakeFeeds()
        #expect {
            _ = try ImportStatements.perform(request)
        } throws: { error in
            (error as? ActionRefusal)?.message() == "the `import` profile of `Giro` names `feed enablebanking`, not simplefin"
        }
    }

    @Test func aConsentAboutToRunOutIsWarnedOf() throws {
        let setting = try Setting(sessionValidUntil: "2026-04-10T00:00:00Z")
        defer { setting.folder.remove() }
        let result = try setting.sync(FakeFeeds())
        #expect(result.summary.contains("warning: the Enable Banking consent runs out on 2026-04-10"))
    }

    @Test func aRateLimitOrACutConnectionWritesNothing() throws {
        let setting = try Setting()
        defer { setting.folder.remove() }
        let before = try setting.folder.read("budget.tally")
        let limited = FakeFeeds()
        limited.status = 429
        #expect(setting.refusal(limited).contains("HTTP 429"))
        let cut = FakeFeeds()
        cut.failure = .connection("the connection failed or was cut off before the whole answer came")
        let message = setting.refusal(cut)
        #expect(message.contains("cut off") && message.contains("nothing written"))
        let late = FakeFeeds()
        late.failure = .overDeadline(120)
        #expect(setting.refusal(late).contains("within 120 seconds"))
        #expect(try setting.folder.read("budget.tally") == before)
    }

    /// Linking: the consent link from `POST /auth`, then the pasted redirect's code for a
    /// session kept in a file of mode 600; a redirect of another consent is refused.
    @Test func linkingKeepsTheSessionInAPrivateFile() throws {
        let setting = try Setting()
        defer { setting.folder.remove() }
        let fake = FakeFeeds()
        let link = FeedSetup.LinkRequest(
            bank: "Nordea", country: "fi", app: "app-4711", keyPath: setting.folder.path("eb-key.pem"), redirect: "https://example.org/back",
            environment: setting.environment, fetcher: fake, today: Self.today, now: Self.now)
        let consent = try FeedSetup.startLink(link)
        #expect(consent.link == "https://tilisy.enablebanking.com/welcome?sessionid=abc")
        let auth = try #require(fake.requests.first)
        let body = String(decoding: auth.body, as: UTF8.self)
        // 2026-04-01 + 180 days = 2026-09-28.
        #expect(body.contains(#""valid_until":"2026-09-28T00:00:00Z""#) && body.contains(#""aspsp":{"name":"Nordea","country":"FI"}"#))
        #expect(throws: ActionRefusal.self) {
            try FeedSetup.finishLink(link, consent: consent, redirected: "https://example.org/back?state=other&code=c0de")
        }
        let kept = try FeedSetup.finishLink(link, consent: consent, redirected: "https://example.org/back?state=\(consent.state)&code=c0de\n")
        #expect(FeedCredentials.problem(at: kept.path) == nil)
        var info = stat()
        stat(kept.path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(!kept.message.contains(Self.sessionID) && kept.message.contains("DE89370400440532013000"))
        #expect(fake.requests.last.map { String(decoding: $0.body, as: UTF8.self) } == #"{"code":"c0de"}"#)
        let doctor = FeedSetup.doctor(environment: setting.environment)
        #expect(doctor.healthy && doctor.lines.contains { $0.contains("enablebanking-session-app-4711: mode 600") })
        chmod(kept.path, 0o644)
        #expect(!FeedSetup.doctor(environment: setting.environment).healthy)
    }

    /// Nothing shown, written into the budget or put in a spawned argv holds a secret.
    private func expectNoSecrets(_ setting: Setting, outputs: [String], bearer: String) throws {
        let token = String(bearer.dropFirst("Bearer ".count))
        let keyBody = setting.keyText.split(separator: "\n").dropFirst().first.map(String.init) ?? "?"
        let secrets = [Self.accessURL, "pa55word", "dXNlcjEyMzpwYTU1d29yZA==", Self.sessionID, token, keyBody]
        let argv = try setting.folder.read("argv.log")
        #expect(argv.contains("dgst -sha256 -sign"), "openssl was run through the wrapper")
        let budget = try setting.folder.read("budget.tally")
        for secret in secrets {
            #expect(!budget.contains(secret) && !argv.contains(secret))
            for output in outputs.dropLast() { #expect(!output.contains(secret)) }
        }
    }
}

/// SimpleFIN's Account Set (simplefin.org/protocol.html) for the account ACT-2000.
enum SimpleFINFeedShapes {
    /// Posted 2026-03-29 12:00 and 2026-03-31 09:00 UTC, one pending; the balance at
    /// 2026-04-01 00:00 UTC.
    static let accountSet = """
        {"errors":[],"accounts":[{"org":{"domain":"mybank.com","sfin-url":"https://sfin.mybank.com"},
        "id":"ACT-2000","name":"Everyday Checking","currency":"USD","balance":"1045.50","available-balance":"1035.51",
        "balance-date":1775001600,"transactions":[
        {"id":"TRN-1","posted":1774785600,"amount":"-54.50","description":"WHOLE FOODS #123","payee":"Whole Foods","transacted_at":1774785600},
        {"id":"TRN-2","posted":1774947600,"amount":"100.00","description":"PAYROLL ACME"},
        {"id":"TRN-3","posted":0,"amount":"-9.99","description":"NETFLIX","pending":true}]}]}
        """
}

/// Enable Banking's answers (enablebanking.com/docs/api/reference) for account uid-1.
enum EnableBankingShapes {
    static func session(validUntil: String) -> String {
        #"{"session_id":"\#(FeedSyncTests.sessionID)","accounts":[{"uid":"uid-1","account_id":{"iban":"DE89370400440532013000"},"name":"Girokonto","currency":"EUR"}],"aspsp":{"name":"Nordea","country":"FI"},"psu_type":"personal","access":{"valid_until":"\#(validUntil)"}}"#
    }
    static let page1 = """
        {"transactions":[
        {"entry_reference":"E-1","transaction_amount":{"currency":"EUR","amount":"25.00"},"credit_debit_indicator":"DBIT","status":"BOOK",
         "booking_date":"2026-03-10","value_date":"2026-03-10","creditor":{"name":"REWE Markt"},"remittance_information":["REWE SAGT DANKE 10.03."]},
        {"transaction_id":"T-2","transaction_amount":{"currency":"EUR","amount":"3.50"},"credit_debit_indicator":"DBIT","status":"PDNG",
         "booking_date":"2026-03-30","creditor":{"name":"Kiosk"}}],
        "continuation_key":"page-2"}
        """
    static let page2 = """
        {"transactions":[
        {"entry_reference":"","transaction_id":"T-3","transaction_amount":{"currency":"EUR","amount":"1200.00"},"credit_debit_indicator":"CRDT",
         "status":"BOOK","booking_date":"2026-03-25","debtor":{"name":"ACME GmbH"},"remittance_information":["Gehalt Maerz"]}],
        "continuation_key":null}
        """
    static let balances = """
        {"balances":[{"name":"Booked","balance_amount":{"currency":"EUR","amount":"1675.00"},"balance_type":"ITBD","reference_date":"2026-03-31"},
        {"name":"Available","balance_amount":{"currency":"EUR","amount":"1671.50"},"balance_type":"ITAV","reference_date":"2026-04-01"}]}
        """
}
