import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Downloads the movements of a Fio banka account through the bank's API
/// (`periods/{token}/{from}/{to}/transactions.json`) and reads them whole, as
/// `FioStatementReader` reads a saved file, through the one ``HTTPFetching`` seam.
///
/// The token is a secret: it is sent in the URL, as the API requires, and appears in no
/// message, error or log (the bank's answers are shown with it cut out). The API allows
/// one request per token every 30 seconds; a refusal for that (HTTP 409) says so. A
/// download that fails or cannot be read whole gives an error, never a part.
public enum FioDownload {
    /// The bank's API.
    public static let bankURL = "https://fioapi.fio.cz/v1/rest"

    /// The environment variable that points the download at a replay server on this
    /// machine, for tests; any other host is refused.
    public static let testURLVariable = "TALLY_FIO_TEST_URL"

    /// Where the statement is said to come from in messages.
    public static let source = "Fio banka"

    /// How long a whole download may take, in seconds, from the request to the answer's
    /// last byte. The request's own timeout is per pause, so a server that trickles a
    /// byte now and then would otherwise keep the import waiting for ever.
    public static let totalDeadline: TimeInterval = 120

    /// The base URL to use: the bank's, or a test server on this machine.
    public static func baseURL(environment: [String: String]) throws(StatementError) -> String {
        guard let test = environment[testURLVariable] else { return bankURL }
        guard let host = URL(string: test)?.host, ["127.0.0.1", "localhost", "::1"].contains(host) else {
            throw StatementError(
                path: source, position: nil, message: "\(testURLVariable) may name only this machine (127.0.0.1 or localhost): it is for tests")
        }
        return test
    }

    /// The movements booked from `from` through `to`, read whole, within `deadline`
    /// seconds (``totalDeadline`` unless a test asks for less).
    public static func statement(
        token: String, from: CivilDate, to: CivilDate, baseURL: String, deadline: TimeInterval = totalDeadline,
        fetcher: any HTTPFetching = ProcessFetcher()
    ) throws(StatementError) -> Statement {
        let escaped = token.percentEncoded { $0.isAlphanumeric || "-_.~".unicodeScalars.contains($0) }
        guard !token.isEmpty,
            let url = URL(string: "\(baseURL)/periods/\(escaped)/\(from)/\(to)/transactions.json")
        else {
            throw StatementError(path: source, position: nil, message: "the token is empty or not one the bank could have made")
        }
        let answer: HTTPFetchAnswer
        do {
            answer = try fetcher.fetch(
                HTTPFetchRequest(url: url.absoluteString, headers: [HTTPHeaderField("Accept", "application/json")], deadline: deadline))
        } catch {
            throw StatementError(path: source, position: nil, message: error.words(server: "the bank's server"))
        }
        let (status, body) = (answer.status, answer.body)
        func bankSaid() -> String {
            let text = String(decoding: body.prefix(2000), as: UTF8.self).replacingText(token, with: "…")
            let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" }).joined(separator: " ")
            return words.isEmpty ? "" : " (the bank says: `\(words)`)"
        }
        switch status {
        case 200: break
        case 409:
            throw StatementError(
                path: source, position: nil,
                message: "the bank allows one download per token every 30 seconds, and refused this one (HTTP 409); wait half a minute and import again")
        case 401, 403, 404, 500:
            throw StatementError(
                path: source, position: nil,
                message: "the bank refused the request (HTTP \(status)): the token is mistyped, expired (a token lasts at most 180 days) or revoked, or the bank has a fault; make a new token in internet banking if it persists\(bankSaid())")
        case 413:
            throw StatementError(path: source, position: nil, message: "the bank refused the request (HTTP 413): too many movements at once")
        default:
            throw StatementError(path: source, position: nil, message: "the bank answered HTTP \(status)\(bankSaid())")
        }
        do {
            return try FioStatementReader.readJSON(String(decoding: body, as: UTF8.self), path: source)
        } catch {
            throw StatementError(path: source, position: error.position, message: "the download cannot be read whole: \(error.message)")
        }
    }
}
