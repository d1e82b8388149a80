import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// SimpleFIN Bridge (simplefin.org/protocol.html) through the one ``HTTPFetching`` seam:
/// a setup token (the claim URL in Base64) is claimed once, by a POST, for an access URL
/// `https://USER:PASSWORD@HOST/PATH`; `GET {access}/accounts?start-date=UNIX` then
/// answers every linked account with its balance and transactions as JSON.
///
/// The setup token and the access URL are secrets: the credentials are taken out of the
/// URL and sent as an `Authorization: Basic` header, and neither appears in a message.
/// Only posted transactions are read: a pending one (`pending: true`, or `posted` 0) is
/// left out and counted. Days are the UTC days of SimpleFIN's Unix times.
public enum SimpleFINFeed {
    /// Where movements are said to come from in messages.
    public static let service = "SimpleFIN"
    /// How long one request may take, start to last byte, in seconds.
    public static let totalDeadline: Double = 120
    /// How to get new credentials, said when the old ones are refused.
    public static let relink = "make a new setup token at the SimpleFIN Bridge and run `tally feed simplefin claim` again"

    /// One account SimpleFIN answered, read whole.
    public struct Account: Sendable {
        /// SimpleFIN's account id (`ACT-…`) and the bank's name for it.
        public let id: String
        public let name: String
        /// The account's movements, the balance and its day as the closing balance.
        public let statement: Statement
    }

    /// The access URL, parsed: where to ask and the Basic credentials to ask with.
    public struct Access: Sendable {
        /// The URL without the credentials.
        public let base: String
        /// `Basic …`: a secret.
        public let authorization: String
        /// The secrets in it, to cut out of anything shown.
        public let secrets: [String]

        /// Parses `url` (`https://USER:PASSWORD@HOST/PATH`); nil when it holds no credentials.
        public init?(_ url: String) {
            let text = url.trimmingWhitespace
            guard let scheme = text.firstRange(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") else { return nil }
            let credentials = String(text[scheme.upperBound ..< at])
            guard let colon = credentials.firstIndex(of: ":"), colon != credentials.startIndex else { return nil }
            let user = String(credentials[..<colon]).removingPercentEncodingOrSelf
            let password = String(credentials[credentials.index(after: colon)...]).removingPercentEncodingOrSelf
            var base = String(text[..<scheme.upperBound]) + String(text[text.index(after: at)...])
            while base.hasSuffix("/") { base.removeLast() }
            self.base = base
            self.authorization = "Basic " + Base64Text.encode(Array("\(user):\(password)".utf8))
            self.secrets = [text, credentials, user, password, self.authorization].filter { $0.count >= 4 }
        }
    }

    /// Claims `setupToken` (Base64 of the claim URL) for the access URL, a secret to
    /// keep. A token is claimed once: a second claim is refused (HTTP 403).
    public static func claim(setupToken: String, fetcher: any HTTPFetching, deadline: Double = totalDeadline) throws(StatementError) -> String {
        guard let bytes = Base64Text.decode(setupToken.trimmingWhitespace), let claimURL = String(validating: bytes, as: UTF8.self),
            claimURL.hasPrefix("https://") || claimURL.hasPrefix("http://127.0.0.1") || claimURL.hasPrefix("http://localhost")
        else {
            throw StatementError(path: service, position: nil, message: "this is not a SimpleFIN setup token (Base64 of an https address); copy it again from the SimpleFIN Bridge")
        }
        let answer: HTTPFetchAnswer
        do {
            answer = try fetcher.fetch(HTTPFetchRequest(url: claimURL, method: "POST", headers: [HTTPHeaderField("Content-Length", "0")], deadline: deadline))
        } catch {
            throw StatementError(path: service, position: nil, message: error.words(server: "SimpleFIN's server"))
        }
        if answer.status == 403 {
            throw StatementError(
                path: service, position: nil,
                message: "SimpleFIN refused the setup token (HTTP 403): it was claimed already, or is mistyped; make a new one at the SimpleFIN Bridge")
        }
        try FeedAnswer.check(answer, service: service, relink: relink, secrets: [setupToken, claimURL])
        let access = String(decoding: answer.body, as: UTF8.self).trimmingWhitespace
        guard Access(access) != nil else {
            throw StatementError(path: service, position: nil, message: "SimpleFIN's answer to the claim is not an access URL; nothing was stored")
        }
        return access
    }

    /// Every account's transactions posted from the start of `since` (a UTC day) on.
    public static func accounts(
        access: Access, since: CivilDate, fetcher: any HTTPFetching, deadline: Double = totalDeadline
    ) throws(StatementError) -> [Account] {
        let start = since.dayNumber * 86_400
        let request = HTTPFetchRequest(
            url: "\(access.base)/accounts?start-date=\(start)&pending=1",
            headers: [HTTPHeaderField("Authorization", access.authorization), HTTPHeaderField("Accept", "application/json")], deadline: deadline)
        let answer: HTTPFetchAnswer
        do {
            answer = try fetcher.fetch(request)
        } catch {
            throw StatementError(path: service, position: nil, message: error.words(server: "SimpleFIN's server"))
        }
        try FeedAnswer.check(answer, service: service, relink: relink, secrets: access.secrets)
        return try read(String(decoding: answer.body, as: UTF8.self))
    }

    /// The accounts of a `/accounts` answer (SimpleFIN's Account Set), read whole.
    public static func read(_ text: String) throws(StatementError) -> [Account] {
        let json: StatementJSON
        do { json = try StatementJSON.parse(text, path: service) } catch {
            throw StatementError(path: service, position: error.position, message: "SimpleFIN's answer cannot be read whole: \(error.message)")
        }
        guard case .array(let accounts)? = json["accounts"] else {
            throw StatementError(path: service, position: nil, message: "SimpleFIN's answer lists no `accounts`; nothing was read")
        }
        if case .array(let errors)? = json["errors"], !errors.isEmpty {
            let said = errors.compactMap(\.text).joined(separator: "; ")
            throw StatementError(
                path: service, position: nil,
                message: "SimpleFIN reports a problem with a connection (`\(String(said.prefix(200)))`); fix it at the SimpleFIN Bridge; nothing was read")
        }
        var read: [Account] = []
        for account in accounts { read.append(try self.account(account)) }
        return read
    }

    private static func account(_ json: StatementJSON) throws(StatementError) -> Account {
        func fail(_ what: String) -> StatementError { StatementError(path: service, position: nil, message: "SimpleFIN's answer \(what); nothing was read") }
        guard let id = json["id"]?.text, !id.isEmpty else { throw fail("has an account without an `id`") }
        let place = "account \(id)"
        guard let currency = json["currency"]?.text else { throw fail("gives no currency for \(place)") }
        var rows: [StatementRow] = []
        var skipped: [(position: StatementPosition, reason: String)] = []
        let transactions: [StatementJSON]
        if case .array(let list)? = json["transactions"] { transactions = list } else { transactions = [] }
        for (n, transaction) in transactions.enumerated() {
            let position = StatementPosition(line: n + 1, column: 1, element: "\(place), transaction \(n + 1)")
            let posted = transaction["posted"]?.text.flatMap { Int($0) } ?? 0
            if transaction["pending"] == .bool(true) || posted == 0 {
                skipped.append((position, "pending: not posted yet"))
                continue
            }
            guard let tid = transaction["id"]?.text, !tid.isEmpty else { throw fail("has a transaction without an `id` in \(place)") }
            guard let amountText = transaction["amount"]?.text, let amount = AmountText.parse(amountText, mark: .point) else {
                throw fail("has a transaction `\(tid)` in \(place) without an amount")
            }
            guard let date = FeedAnswer.utcDay(posted) else { throw fail("has a transaction `\(tid)` in \(place) with no date") }
            let payee = transaction["payee"]?.text.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0.trimmingWhitespace }
            let description = transaction["description"]?.text.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0.trimmingWhitespace }
            rows.append(StatementRow(date: date, amount: amount, payee: payee, description: description, bankID: tid, position: position))
        }
        rows.sort { $0.date < $1.date }
        var statement = Statement(path: "\(service) \(id)", format: .simplefin, rows: rows, currency: currency.uppercased())
        statement.account = id
        statement.skipped = skipped
        guard let balanceText = json["balance"]?.text, let balance = AmountText.parse(balanceText, mark: .point),
            let balanceTime = json["balance-date"]?.text.flatMap({ Int($0) }), let balanceDay = FeedAnswer.utcDay(balanceTime)
        else { throw fail("gives no `balance` and `balance-date` for \(place)") }
        if let last = rows.last?.date, last > balanceDay {
            throw fail("dates the balance of \(place) \(balanceDay), before its movement of \(last), so the balance cannot be checked")
        }
        statement.closingBalance = balance
        statement.closingDate = balanceDay
        return Account(id: id, name: json["name"]?.text ?? id, statement: statement)
    }
}

extension String {
    /// The text with `%XX` escapes decoded, or itself when it has none that decode.
    fileprivate var removingPercentEncodingOrSelf: String {
        guard contains("%") else { return self }
        var out: [UInt8] = []
        var bytes = Array(utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2, let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(value)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self) ?? self
    }
}
