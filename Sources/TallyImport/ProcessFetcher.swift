import TallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches through Tally's download helper `tally-fetch`, a second executable that alone
/// links Foundation's networking (URLSession, libcurl, OpenSSL): `tally` itself then loads
/// none of it, and starts in a few milliseconds (issue 39).
///
/// The request goes to the helper's standard input and the answer comes back on its
/// standard output (``HTTPFetchWire``), so a secret in the URL or a header is never in
/// argv or the environment. The helper keeps the request's deadline; this side keeps it
/// too, and kills a helper still running a second after it.
public struct ProcessFetcher: HTTPFetching {
    /// The helper's file name.
    public static let helperName = "tally-fetch"

    /// The helper to run; nil: ``locate()``'s.
    public var helper: String?

    public init(helper: String? = nil) { self.helper = helper }

    public func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchFailure) -> HTTPFetchAnswer {
        guard let path = helper ?? Self.locate() else {
            throw .connection(
                "Tally's download helper \(Self.helperName) is missing (it belongs in the folder of the tally executable, \(Self.ownFolder() ?? "?")); reinstall Tally")
        }
        let output = try HelperRun.exchange(path: path, input: HTTPFetchWire.encode(request), deadline: request.deadline + 1)
        guard let output else { throw .overDeadline(request.deadline) }
        guard let outcome = HTTPFetchWire.outcome(from: output) else {
            throw .connection("Tally's download helper \(Self.helperName) stopped without an answer it could read")
        }
        return try outcome.get()
    }

    /// The helper beside the running executable, else (a development build under
    /// `.build/<platform>/<configuration>/`) in a sibling configuration's folder; nil when
    /// none is there.
    public static func locate() -> String? {
        guard let folder = ownFolder() else { return nil }
        var candidates = [folder + "/" + helperName]
        let parent = Paths.deletingLastComponent(of: folder)
        if parent.contains("/.build/") || parent.hasSuffix("/.build") {
            candidates += ["debug", "release"].map { parent + "/" + $0 + "/" + helperName }
        }
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// The folder of the running executable (`/proc/self/exe`'s).
    static func ownFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path: String
        if length > 0 {
            path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else {
            guard let first = CommandLine.arguments.first, first.hasPrefix("/") else { return nil }
            path = first
        }
        return Paths.deletingLastComponent(of: path)
    }
}
