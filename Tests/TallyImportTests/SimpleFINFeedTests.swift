import Foundation
import TallyCore
import TallyImport
import TallySyntax
import Testing

/// SimpleFIN's claim and Account Set read in process, through a stand-in for the network
/// that answers as the protocol (simplefin.org/protocol.html) documents.
@Suite struct SimpleFINFeedTests {
    /// Answers each request with `answer`, keeping the requests.
    final class Stand: HTTPFetching, @unchecked Sendable {
        let answer: @Sendable (HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer
        var requests: [HTTPFetchRequest] = []
        init(_ answer: @escaping @Sendable (HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer) { self.answer = answer }
        func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer {
            requests.append(request)
            return try answer(request)
        }
    }

    static let access = "https://user123:pa55word@bridge.example/simplefin"
    /// Two posted movements (2026-03-29 12:00 and 2026-03-31 09:00 UTC) and one pending;
    /// the balance at 2026-04-01 00:00 UTC.
    static let accountSet = """
        {"errors":[],"accounts":[{"org":{"domain":"mybank.com","sfin-url":"https://sfin.mybank.com"},
        "id":"ACT-2000","name":"Everyday Checking","currency":"USD","balance":"1045.50","available-balance":"1035.51",
        "balance-date":1775001600,"transactions":[
        {"id":"TRN-1","posted":1774785600,"amount":"-54.50","description":"WHOLE FOODS #123","payee":"Whole Foods","transacted_at":1774785600},
        {"id":"TRN-2","posted":1774947600,"amount":"100.00","description":"PAYROLL ACME"},
        {"id":"TRN-3","posted":0,"amount":"-9.99","description":"NETFLIX","pending":true}]}]}
        """

    @Test func claimPostsToTheDecodedURLAndReturnsTheAccessURL() throws {
        let claimURL = "https://bridge.example/simplefin/claim/DEMO-TOKEN"
        let setup = Base64Text.encode(Array(claimURL.utf8))
        let stand = Stand { _ throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 200, body: Array(Self.access.utf8)) }
        #expect(try SimpleFINFeed.claim(setupToken: setup + "\n", fetcher: stand) == Self.access)
        #expect(stand.requests.map(\.url) == [claimURL] && stand.requests.map(\.method) == ["POST"])
        let again = Stand { _ throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 403, body: Array("Forbidden".utf8)) }
        #expect {
            _ = try SimpleFINFeed.claim(setupToken: setup, fetcher: again)
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("claimed already") && !message.contains("DEMO-TOKEN") && !message.contains(setup)
        }
        #expect(throws: StatementError.self) { try SimpleFINFeed.claim(setupToken: "not base64!", fetcher: stand) }
    }

    /// Basic auth from the access URL goes in a header, the URL sent holds no
    /// credentials; pending is left out and counted; the balance is the closing balance.
    @Test func accountsAreReadBookedOnlyWithTheirBalance() throws {
        let stand = Stand { _ throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 200, body: Array(Self.accountSet.utf8)) }
        let access = try #require(SimpleFINFeed.Access(Self.access))
        let accounts = try SimpleFINFeed.accounts(access: access, since: try #require(CivilDate(iso: "2026-03-02")), fetcher: stand)
        let request = try #require(stand.requests.first)
        // 2026-03-02 is day 20,514 since 1970-01-01; × 86,400 = 1,772,409,600.
        #expect(request.url == "https://bridge.example/simplefin/accounts?start-date=1772409600&pending=1")
        // base64("user123:pa55word") = dXNlcjEyMzpwYTU1d29yZA==
        #expect(request.headers.contains(HTTPHeaderField("Authorization", "Basic dXNlcjEyMzpwYTU1d29yZA==")))
        #expect(!request.url.contains("pa55word"))
        let account = try #require(accounts.first)
        #expect(account.id == "ACT-2000" && account.name == "Everyday Checking")
        let rows = account.statement.rows
        #expect(rows.map(\.bankID) == ["TRN-1", "TRN-2"])
        #expect(rows.map { $0.amount.description } == ["-54.50", "100.00"])
        #expect(rows.map { $0.date.description } == ["2026-03-29", "2026-03-31"])
        #expect(rows.first?.payee == "Whole Foods" && rows.first?.description == "WHOLE FOODS #123")
        #expect(account.statement.skipped.count == 1)
        #expect(account.statement.closingBalance?.description == "1045.50" && account.statement.closingDate?.description == "2026-04-01")
        #expect(account.statement.currency == "USD")
    }

    @Test func refusalsSayWhatHappenedWithoutTheSecrets() throws {
        let access = try #require(SimpleFINFeed.Access(Self.access))
        let day = try #require(CivilDate(iso: "2026-03-02"))
        func message(_ answer: @escaping @Sendable (HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer) -> String {
            do {
                _ = try SimpleFINFeed.accounts(access: access, since: day, fetcher: Stand(answer))
                return ""
            } catch { return error.message }
        }
        let limited = message { _ throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 429, headers: ["retry-after": "60"], body: []) }
        #expect(limited.contains("HTTP 429") && limited.contains("wait 60 seconds"))
        let echoed = message { r throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 403, body: Array("denied for \(Self.access)".utf8)) }
        #expect(echoed.contains("refused the credentials") && !echoed.contains("pa55word") && !echoed.contains("user123"))
        let broken = message { _ throws(HTTPFetchFailure) in HTTPFetchAnswer(status: 200, body: Array("{\"accounts\":[".utf8)) }
        #expect(broken.contains("cannot be read whole"))
        let cut = message { _ throws(HTTPFetchFailure) in throw .connection("the connection failed or was cut off before the whole answer came") }
        #expect(cut.contains("cut off") && cut.contains("nothing was read"))
        let late = message { _ throws(HTTPFetchFailure) in throw .overDeadline(120) }
        #expect(late.contains("within 120 seconds"))
        let problem = message { _ throws(HTTPFetchFailure) in
            HTTPFetchAnswer(status: 200, body: Array(#"{"errors":["Connection to MyBank may need attention"],"accounts":[]}"#.utf8))
        }
        #expect(problem.contains("may need attention"))
    }

    /// A SimpleFIN server on 127.0.0.1 that trickles a byte every 0.4 s is stopped at the
    /// 2-second deadline, through URLSessionFetcher, with the credentials in no message.
    @Test func aTricklingServerIsStoppedByTheDeadline() throws {
        let server = try FioDeadlineTests.TricklingServer(interval: 0.4)
        let access = try #require(SimpleFINFeed.Access("http://user123:pa55word@127.0.0.1:\(server.port)/simplefin"))
        let started = Date()
        #expect {
            _ = try SimpleFINFeed.accounts(access: access, since: try #require(CivilDate(iso: "2026-03-02")), fetcher: ProcessFetcher(), deadline: 2)
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("SimpleFIN's server did not send its whole answer within 2 seconds") && !message.contains("pa55word")
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 1.9 && elapsed < 8, "stopped after \(elapsed) s, the deadline being 2 s")
    }
}
