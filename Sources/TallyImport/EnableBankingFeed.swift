import TallyCore
import TallySyntax

/// Enable Banking's account information API (enablebanking.com/docs/api) through the
/// one ``HTTPFetching`` seam, each request with the application's JWT as its bearer
/// token: `POST /auth` starts a consent (a link the account holder opens), `POST
/// /sessions` turns the code the bank's redirect carries into a session with its
/// accounts, and `GET /accounts/{uid}/transactions` (paged by `continuation_key`) and
/// `/balances` read an account.
///
/// Booked transactions only (`status` `BOOK`); the bank id is `entry_reference`, else
/// `transaction_id`; `credit_debit_indicator` (`CRDT`, `DBIT`) gives the sign, and the
/// counterparty is the debtor of a credit, the creditor of a debit. The booked balance
/// (`CLBD`, else `ITBD`) becomes the closing balance, checked as an assert.
public enum EnableBankingFeed {
    /// Where movements are said to come from in messages.
    public static let service = "Enable Banking"
    /// The API.
    public static let apiURL = "https://api.enablebanking.com"
    /// How long one request may take, start to last byte, in seconds.
    public static let totalDeadline: Double = 120
    /// The most pages one account's transactions are read in: a server that keeps
    /// handing out continuation keys is stopped.
    public static let maximumPages = 500
    /// How to get a new consent, said when the old one is refused or has run out.
    public static let relink = "link the account again with `tally feed enablebanking link BANK COUNTRY`"

    /// How requests reach the API: where, with which token, through what.
    public struct Client: Sendable {
        public let base: String
        public let token: String
        public let fetcher: any HTTPFetching
        public let deadline: Double

        public init(base: String = apiURL, token: String, fetcher: any HTTPFetching, deadline: Double = totalDeadline) {
            self.base = base
            self.token = token
            self.fetcher = fetcher
            self.deadline = deadline
        }

        /// The JSON answer to `method path`, refused unless 2xx and well-formed.
        func call(_ method: String, _ path: String, body: String? = nil, secrets: [String] = []) throws(StatementError) -> StatementJSON {
            var headers = [HTTPHeaderField("Authorization", "Bearer \(token)"), HTTPHeaderField("Accept", "application/json")]
            if body != nil { headers.append(HTTPHeaderField("Content-Type", "application/json")) }
            let answer: HTTPFetchAnswer
            do {
                answer = try fetcher.fetch(HTTPFetchRequest(url: base + path, method: method, headers: headers, body: Array((body ?? "").utf8), deadline: deadline))
            } catch {
                throw StatementError(path: service, position: nil, message: error.words(server: "Enable Banking's server"))
            }
            try FeedAnswer.check(answer, service: service, relink: relink, secrets: [token] + secrets)
            do { return try StatementJSON.parse(String(decoding: answer.body, as: UTF8.self), path: service) } catch {
                throw StatementError(path: service, position: error.position, message: "Enable Banking's answer cannot be read whole: \(error.message); nothing was read")
            }
        }
    }

    /// An account of a session, as `POST /sessions` lists it.
    public struct Account: Sendable, Equatable {
        public let uid: String
        /// The IBAN (or other id) and the bank's name, for matching a profile's `account`.
        public let iban: String?
        public let name: String?
        public let currency: String?
    }

    /// A session: a secret id, the accounts it may read, and when its consent runs out.
    public struct Session: Sendable, Equatable {
        public let id: String
        public let validUntil: String
        public let accounts: [Account]

        public init(id: String, validUntil: String, accounts: [Account]) {
            self.id = id
            self.validUntil = validUntil
            self.accounts = accounts
        }

        /// The day the consent runs out (the date part of `valid_until`).
        public var lastDay: CivilDate? { CivilDate(iso: String(validUntil.prefix(10))) }

        /// The session as kept in its credential file (JSON).
        public var text: String {
            let list = accounts.map { a in
                let fields = [("uid", a.uid), ("iban", a.iban), ("name", a.name), ("currency", a.currency)].compactMap { key, value in
                    value.map { #""\#(key)":"\#(JWS.jsonEscaped($0))""# }
                }
                return "{" + fields.joined(separator: ",") + "}"
            }
            return #"{"session_id":"\#(JWS.jsonEscaped(id))","valid_until":"\#(JWS.jsonEscaped(validUntil))","accounts":[\#(list.joined(separator: ","))]}"#
        }

        /// Reads a session from its file's text, or from `POST /sessions`'s answer.
        public init(text: String) throws(StatementError) {
            try self.init(json: try StatementJSON.parse(text, path: service))
        }

        init(json: StatementJSON) throws(StatementError) {
            guard let id = json["session_id"]?.text, !id.isEmpty else {
                throw StatementError(path: service, position: nil, message: "the session holds no `session_id`")
            }
            self.id = id
            self.validUntil = json["valid_until"]?.text ?? json["access"]?["valid_until"]?.text ?? ""
            guard case .array(let list)? = json["accounts"] else {
                throw StatementError(path: service, position: nil, message: "the session lists no accounts")
            }
            accounts = list.compactMap { a in
                guard let uid = a["uid"]?.text else { return nil }
                let iban = a["iban"]?.text ?? a["account_id"]?["iban"]?.text ?? a["account_id"]?["other"]?["identification"]?.text
                return Account(uid: uid, iban: iban, name: a["name"]?.text, currency: a["currency"]?.text)
            }
        }
    }

    /// `POST /auth`: the link where the account holder gives consent at `bank` (its name
    /// as Enable Banking lists it) in `country` until `validUntil` (RFC 3339), coming back
    /// to `redirect` with `?code=…&state=state`.
    public static func startAuthorization(
        bank: String, country: String, validUntil: String, redirect: String, state: String, client: Client
    ) throws(StatementError) -> String {
        let body =
            #"{"access":{"valid_until":"\#(JWS.jsonEscaped(validUntil))"},"aspsp":{"name":"\#(JWS.jsonEscaped(bank))","country":"\#(JWS.jsonEscaped(country))"},"state":"\#(JWS.jsonEscaped(state))","redirect_url":"\#(JWS.jsonEscaped(redirect))","psu_type":"personal"}"#
        let json = try client.call("POST", "/auth", body: body)
        guard let url = json["url"]?.text, url.hasPrefix("https://") || url.hasPrefix("http://127.0.0.1") else {
            throw StatementError(path: service, position: nil, message: "Enable Banking's answer to /auth holds no consent link")
        }
        return url
    }

    /// `POST /sessions`: the session the redirect's `code` opens.
    public static func authorizeSession(code: String, client: Client) throws(StatementError) -> Session {
        try Session(json: try client.call("POST", "/sessions", body: #"{"code":"\#(JWS.jsonEscaped(code))"}"#, secrets: [code]))
    }

    /// The booked movements of account `uid` from `since` on, every page read, with the
    /// booked balance as the closing balance; `label` names the account in the summary.
    public static func statement(
        uid: String, since: CivilDate, currency: String?, label: String? = nil, client: Client
    ) throws(StatementError) -> Statement {
        let escaped = uid.addingURLQueryEscapes
        var rows: [StatementRow] = [], skipped: [(position: StatementPosition, reason: String)] = []
        var key: String?
        var pages = 0
        repeat {
            pages += 1
            guard pages <= maximumPages else {
                throw StatementError(path: service, position: nil, message: "Enable Banking kept paging past \(maximumPages) pages; nothing was read")
            }
            var path = "/accounts/\(escaped)/transactions?date_from=\(since)"
            if let key { path += "&continuation_key=\(key.addingURLQueryEscapes)" }
            let json = try client.call("GET", path)
            guard case .array(let list)? = json["transactions"] else {
                throw StatementError(path: service, position: nil, message: "Enable Banking's answer lists no `transactions`; nothing was read")
            }
            for transaction in list {
                let position = StatementPosition(line: rows.count + skipped.count + 1, column: 1)
                if let row = try row(transaction, position: position, currency: currency) {
                    rows.append(row)
                } else {
                    skipped.append((position, "not booked (status \(transaction["status"]?.text ?? "none"))"))
                }
            }
            key = json["continuation_key"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        } while key != nil
        rows.sort { $0.date < $1.date }
        var statement = Statement(path: label.map { "\(service) \($0)" } ?? service, format: .enableBanking, rows: rows, currency: currency?.uppercased())
        statement.skipped = skipped
        let (balance, day) = try bookedBalance(uid: escaped, client: client)
        if let last = rows.last?.date, last > day {
            throw StatementError(
                path: service, position: nil, message: "Enable Banking dates the booked balance \(day), before the movement of \(last), so it cannot be checked; nothing was read")
        }
        statement.closingBalance = balance
        statement.closingDate = day
        return statement
    }

    /// One transaction as a row; nil when it is not booked.
    static func row(_ t: StatementJSON, position: StatementPosition, currency: String?) throws(StatementError) -> StatementRow? {
        guard t["status"]?.text == "BOOK" else { return nil }
        func fail(_ what: String) -> StatementError { StatementError(path: service, position: position, message: "Enable Banking's transaction \(what); nothing was read") }
        let id = t["entry_reference"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? t["transaction_id"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        guard let id else { throw fail("has neither `entry_reference` nor `transaction_id`") }
        guard let text = t["transaction_amount"]?["amount"]?.text, let size = AmountText.parse(text, mark: .point), !size.isNegative else {
            throw fail("`\(id)` has no amount")
        }
        if let stated = t["transaction_amount"]?["currency"]?.text, let currency, stated.uppercased() != currency.uppercased() {
            throw fail("`\(id)` is in \(stated), the account in \(currency)")
        }
        let amount: Money
        switch t["credit_debit_indicator"]?.text {
        case "CRDT": amount = size
        case "DBIT": amount = size.negated
        default: throw fail("`\(id)` does not say which way the money moved (`credit_debit_indicator`)")
        }
        guard let date = (t["booking_date"]?.text ?? t["value_date"]?.text).flatMap({ CivilDate(iso: $0) }) else { throw fail("`\(id)` has no booking date") }
        let other = amount.isNegative ? t["creditor"]?["name"]?.text : t["debtor"]?["name"]?.text
        var purpose: String?
        if case .array(let lines)? = t["remittance_information"] { purpose = lines.compactMap(\.text).joined(separator: " ") }
        return StatementRow(
            date: date, amount: amount, payee: other.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0.trimmingWhitespace },
            description: purpose.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0.trimmingWhitespace }, bankID: id, position: position)
    }

    /// The booked balance (`CLBD`, else `ITBD`) and its day.
    static func bookedBalance(uid: String, client: Client) throws(StatementError) -> (Money, CivilDate) {
        let json = try client.call("GET", "/accounts/\(uid)/balances")
        guard case .array(let list)? = json["balances"] else {
            throw StatementError(path: service, position: nil, message: "Enable Banking's answer lists no `balances`; nothing was read")
        }
        for type in ["CLBD", "ITBD"] {
            guard let b = list.first(where: { $0["balance_type"]?.text == type }) else { continue }
            guard let text = b["balance_amount"]?["amount"]?.text, let amount = AmountText.parse(text, mark: .point),
                let day = (b["reference_date"]?.text ?? b["last_change_date_time"]?.text).flatMap({ CivilDate(iso: String($0.prefix(10))) })
            else { break }
            return (amount, day)
        }
        throw StatementError(
            path: service, position: nil, message: "Enable Banking gives no booked balance (CLBD or ITBD) with its date, so the movements cannot be checked; nothing was read")
    }
}

extension String {
    /// The text with everything but unreserved characters percent-escaped (RFC 3986).
    var addingURLQueryEscapes: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16).uppercased()
            }
        }
        return out
    }
}
