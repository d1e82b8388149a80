import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// What a bank feed's HTTP status means, in the same words for every feed (SimpleFIN,
/// Enable Banking): refusals of the credentials, a consent run out, a rate limit, a fault
/// of the service. The server's own words are quoted cut short and with every secret
/// taken out, since an error page may echo the request.
public enum FeedAnswer {
    /// Throws the refusal `answer` stands for, or returns when its status is 2xx.
    /// `relink` says how to renew the credentials ("claim a new setup token with …").
    public static func check(
        _ answer: HTTPFetchAnswer, service: String, relink: String, secrets: [String]
    ) throws(StatementError) {
        let status = answer.status
        if (200 ..< 300).contains(status) { return }
        let said = serverSaid(answer.body, secrets: secrets)
        let message: String
        switch status {
        case 401, 403:
            message = "\(service) refused the credentials (HTTP \(status)): they are mistyped, revoked or their consent has run out; \(relink)"
        case 402: message = "\(service) asks for payment before it answers (HTTP 402); renew the subscription"
        case 408, 504: message = "\(service) took too long to answer (HTTP \(status)); try again later"
        case 409: message = "\(service) refused the request as conflicting with one still running (HTTP 409); wait a minute and try again"
        case 429:
            let wait = answer.headers["retry-after"].flatMap { Int($0) }.map { " (it asks to wait \($0) seconds)" } ?? ""
            message = "\(service) limits how often it may be asked and refused this request (HTTP 429)\(wait); try again later"
        case 500 ... 599: message = "\(service) has a fault (HTTP \(status)); try again later"
        default: message = "\(service) answered HTTP \(status)"
        }
        throw StatementError(path: service, position: nil, message: message + said + "; nothing was read")
    }

    /// The server's words, cut to 200 characters on one line, each secret replaced by `…`.
    static func serverSaid(_ body: [UInt8], secrets: [String]) -> String {
        var text = String(decoding: body.prefix(2000), as: UTF8.self)
        for secret in secrets where !secret.isEmpty { text = text.replacingText(secret, with: "…") }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" }).joined(separator: " ")
        guard !words.isEmpty else { return "" }
        return " (it says: `\(words.count > 200 ? String(words.prefix(200)) + "…" : words)`)"
    }

    /// The UTC day of a Unix time in seconds.
    public static func utcDay(_ seconds: Int) -> CivilDate? {
        CivilDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    }
}
