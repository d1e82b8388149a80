import Dispatch
import Foundation
import TallyImport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
