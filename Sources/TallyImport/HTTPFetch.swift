import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request a bank feed makes: the seam between what a feed asks (Fio banka's
/// API, SimpleFIN, Enable Banking) and how the bytes travel, so every feed shares one
/// deadline rule and one way of telling a failure in words, and tests (or a fetcher in
/// another process) can stand in for the network.
public struct HTTPFetchRequest: Sendable, Equatable {
    /// The absolute URL. It may hold a secret (Fio's token, SimpleFIN's access URL): it
    /// is never put in a message, a log or argv.
    public var url: String
    /// `GET`, `POST`, …
    public var method: String
    /// Header fields in the order sent (an `Authorization` value is a secret too).
    public var headers: [HTTPHeaderField]
    /// The body, empty for none.
    public var body: [UInt8]
    /// Seconds for the whole exchange, from the request to the answer's last byte: a
    /// server that trickles a byte now and then is stopped at this deadline.
    public var deadline: Double

    public init(url: String, method: String = "GET", headers: [HTTPHeaderField] = [], body: [UInt8] = [], deadline: Double) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.deadline = deadline
    }
}

/// A header field's name and value.
public struct HTTPHeaderField: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The server's answer: any status, the caller decides what it means.
public struct HTTPFetchAnswer: Sendable, Equatable {
    public var status: Int
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no answer came, in words a person reads: never the URL or a number only a
/// programmer knows (`URLError -1`).
public enum HTTPFetchFailure: Error, Sendable, Equatable {
    /// The whole answer did not come within the request's deadline (seconds).
    case overDeadline(Double)
    /// The connection could not be made or was cut; the words say which.
    case connection(String)

    /// The failure as a sentence about `server` ("the bank's server", "SimpleFIN's server").
    public func words(server: String) -> String {
        switch self {
        case .overDeadline(let seconds):
            "\(server) did not send its whole answer within \(Int(seconds.rounded(.up))) seconds, so the download was stopped; nothing was read, try again later"
        case .connection(let what): "the download failed: \(what); nothing was read, try again later"
        }
    }
}

/// Makes HTTP requests. The one way Tally opens a connection to a bank or a feed.
public protocol HTTPFetching: Sendable {
    /// The answer to `request`, whatever its status, within the request's deadline.
    func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer
}

/// Fetches with Foundation's URLSession: ephemeral (no cache, no cookies kept), one
/// attempt, at most 60 seconds without a byte and the request's deadline in all.
public struct URLSessionFetcher: HTTPFetching {
    public init() {}

    public func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer {
        guard let url = URL(string: request.url) else { throw .connection("the address is not one a server could have") }
        let deadline = request.deadline
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: min(60, deadline))
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForResource = deadline
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        nonisolated(unsafe) var result: HTTPFetchAnswer?
        nonisolated(unsafe) var failure: URLError.Code?
        let done = DispatchSemaphore(value: 0)
        let started = DispatchTime.now()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                failure = (error as? URLError)?.code ?? .unknown
            } else if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
                }
                result = HTTPFetchAnswer(status: response.statusCode, headers: headers, body: Array(data ?? Data()))
            }
            done.signal()
        }
        task.resume()
        // The session's own resource timeout is not kept by every Foundation: the wait is
        // bounded here too, and a download still running at the deadline is cancelled.
        if done.wait(timeout: .now() + deadline) == .timedOut {
            task.cancel()
            _ = done.wait(timeout: .now() + 5)
            throw .overDeadline(deadline)
        }
        if failure == .timedOut, DispatchTime.now() >= started + deadline { throw .overDeadline(deadline) }
        guard let result else { throw .connection(Self.plainWords(failure)) }
        return result
    }

    /// What went wrong with the connection, in words. The error's own description names
    /// the URL, and so any secret in it: only its kind is told.
    static func plainWords(_ failure: URLError.Code?) -> String {
        switch failure {
        case .timedOut?: "no answer within 60 seconds"
        case .notConnectedToInternet?: "this machine is not connected to the internet"
        case .cannotFindHost?, .dnsLookupFailed?: "the server cannot be found (is the network up?)"
        case .cannotConnectToHost?: "the server did not take the connection"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?, .serverCertificateNotYetValid?,
            .serverCertificateHasUnknownRoot?:
            "a secure connection to the server could not be made"
        default: "the connection failed or was cut off before the whole answer came"
        }
    }
}
