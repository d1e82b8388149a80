import Foundation
import TallyCore
import TallyImport
import TallySyntax
import Testing

/// Enable Banking's transactions and balances read in process through a stand-in for
/// the network answering the documented shapes, and a trickling server on 127.0.0.1
/// stopped by the deadline.
@Suite struct EnableBankingFeedTests {
    static let since = CivilDate(iso: "2026-03-01")!

    /// Answers by path: two pages, then the balances.
    static func answer(balances: String) -> @Sendable (HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer {
        { request throws(HTTPFetchFailure) in
            let body: String
            if request.url.hasSuffix("/balances") {
                body = balances
            } else if request.url.contains("continuation_key=k%2F2") {
                body = #"{"transactions":[{"transaction_id":"T-9","transaction_amount":{"amount":"0.10","currency":"EUR"},"credit_debit_indicator":"CRDT","status":"BOOK","booking_date":"2026-03-20","debtor":{"name":"Bank"}}]}"#
            } else {
                body = #"{"transactions":[{"entry_reference":"E-1","transaction_amount":{"amount":"12.30","currency":"EUR"},"credit_debit_indicator":"DBIT","status":"BOOK","booking_date":"2026-03-05","creditor":{"name":"Cafe"},"debtor":{"name":"Me"},"remittance_information":["Latte","x2"]},{"entry_reference":"E-2","transaction_amount":{"amount":"5.00","currency":"EUR"},"credit_debit_indicator":"DBIT","status":"PDNG","booking_date":"2026-03-30"}],"continuation_key":"k/2"}"#
            }
            return HTTPFetchAnswer(status: 200, body: Array(body.utf8))
        }
    }

    /// 100.00 − 12.30 + 0.10 = 87.80 is what the budget will check against CLBD.
    @Test func pagesAreReadBookedOnlyWithTheSignFromTheIndicator() throws {
        let stand = SimpleFINFeedTests.Stand(
            Self.answer(balances: #"{"balances":[{"balance_amount":{"amount":"87.80","currency":"EUR"},"balance_type":"CLBD","reference_date":"2026-03-31"}]}"#))
        let client = EnableBankingFeed.Client(base: "https://api.example", token: "jwt-secret", fetcher: stand)
        let statement = try EnableBankingFeed.statement(uid: "uid 1", since: Self.since, currency: "EUR", client: client)
        #expect(
            stand.requests.map(\.url) == [
                "https://api.example/accounts/uid%201/transactions?date_from=2026-03-01",
                "https://api.example/accounts/uid%201/transactions?date_from=2026-03-01&continuation_key=k%2F2",
                "https://api.example/accounts/uid%201/balances"
            ])
        #expect(stand.requests.allSatisfy { $0.headers.contains(HTTPHeaderField("Authorization", "Bearer jwt-secret")) })
        #expect(statement.rows.map(\.bankID) == ["E-1", "T-9"])
        #expect(statement.rows.map { $0.amount.description } == ["-12.30", "0.10"])
        // A debit's payee is the creditor, a credit's the debtor.
        #expect(statement.rows.map(\.payee) == ["Cafe", "Bank"] && statement.rows.first?.description == "Latte x2")
        #expect(statement.skipped.count == 1)
        #expect(statement.closingBalance?.description == "87.80" && statement.closingDate?.description == "2026-03-31")
    }

    @Test func withoutABookedBalanceNothingIsRead() throws {
        let stand = SimpleFINFeedTests.Stand(
            Self.answer(balances: #"{"balances":[{"balance_amount":{"amount":"87.80","currency":"EUR"},"balance_type":"ITAV","reference_date":"2026-03-31"}]}"#))
        let client = EnableBankingFeed.Client(token: "jwt-secret", fetcher: stand)
        #expect {
            _ = try EnableBankingFeed.statement(uid: "uid-1", since: Self.since, currency: "EUR", client: client)
        } throws: { error in
            (error as? StatementError)?.message.contains("gives no booked balance (CLBD or ITBD)") == true
        }
    }

    @Test func anExpiredSessionSaysHowToRelinkWithoutTheToken() throws {
        let stand = SimpleFINFeedTests.Stand { _ throws(HTTPFetchFailure) in
            HTTPFetchAnswer(status: 401, body: Array(#"{"message":"Session expired for token jwt-secret","code":401}"#.utf8))
        }
        let client = EnableBankingFeed.Client(token: "jwt-secret", fetcher: stand)
        #expect {
            _ = try EnableBankingFeed.statement(uid: "uid-1", since: Self.since, currency: "EUR", client: client)
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("HTTP 401") && message.contains("tally feed enablebanking link") && !message.contains("jwt-secret")
        }
    }

    @Test func aTricklingServerIsStoppedByTheDeadline() throws {
        let server = try FioDeadlineTests.TricklingServer(interval: 0.4)
        let client = EnableBankingFeed.Client(base: "http://127.0.0.1:\(server.port)", token: "jwt-secret", fetcher: ProcessFetcher(), deadline: 2)
        let started = Date()
        #expect {
            _ = try EnableBankingFeed.statement(uid: "uid-1", since: Self.since, currency: "EUR", client: client)
        } throws: { error in
            (error as? StatementError)?.message.contains("Enable Banking's server did not send its whole answer within 2 seconds") == true
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 1.9 && elapsed < 8, "stopped after \(elapsed) s, the deadline being 2 s")
    }
}
