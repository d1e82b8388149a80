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
