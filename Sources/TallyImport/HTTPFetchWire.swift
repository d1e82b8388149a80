/// How `tally` and its download helper `tally-fetch` talk: a request on the helper's
/// standard input, its answer (or failure) on its standard output, each a sequence of
/// records `NAME LENGTH\n` followed by LENGTH bytes and `\n`, ended by the end of the
/// stream. Lengths make any byte safe in a value (a body, a header), and nothing is in
/// argv or the environment, where other users of the machine could read a secret.
///
/// A request: `version 1`, `url`, `method`, `deadline` (seconds, as Swift writes a
/// `Double`), then `header-name` and `header-value` pairs in order, then `body`. An answer:
/// `version 1`, `status`, the header pairs, `body`; or `version 1` and one of
/// `over-deadline` (seconds) or `connection` (words a person reads). The body comes last
/// even when empty, so a stream cut between records is told from a whole one.
public enum HTTPFetchWire {
    /// The one version both ends speak; a helper from another release is refused.
    static let version = "1"

    /// The request as bytes for the helper's standard input.
    public static func encode(_ request: HTTPFetchRequest) -> [UInt8] {
        var out: [UInt8] = []
        append("version", version, to: &out)
        append("url", request.url, to: &out)
        append("method", request.method, to: &out)
        append("deadline", String(request.deadline), to: &out)
        for field in request.headers {
            append("header-name", field.name, to: &out)
            append("header-value", field.value, to: &out)
        }
        append("body", request.body, to: &out)
        return out
    }

    /// The request `bytes` hold; nil when they are not one of this version.
    public static func request(from bytes: [UInt8]) -> HTTPFetchRequest? {
        guard let records = records(bytes), records.first?.value == Array(version.utf8), records.first?.name == "version" else { return nil }
        var url: String?
        var method = "GET"
        var deadline: Double?
        var headers: [HTTPHeaderField] = []
        var pendingName: String?
        var body: [UInt8] = []
        for (name, value) in records.dropFirst() {
            let text = String(decoding: value, as: UTF8.self)
            switch name {
            case "url": url = text
            case "method": method = text
            case "deadline": deadline = Double(text)
            case "header-name": pendingName = text
            case "header-value":
                guard let name = pendingName else { return nil }
                headers.append(HTTPHeaderField(name, text))
                pendingName = nil
            case "body": body = value
            default: return nil
            }
        }
        guard let url, let deadline, deadline > 0, pendingName == nil, records.last?.name == "body" else { return nil }
        return HTTPFetchRequest(url: url, method: method, headers: headers, body: body, deadline: deadline)
    }

    /// The helper's outcome as bytes for its standard output.
    public static func encode(_ outcome: Result<HTTPFetchAnswer, HTTPFetchFailure>) -> [UInt8] {
        var out: [UInt8] = []
        append("version", version, to: &out)
        switch outcome {
        case .success(let answer):
            append("status", String(answer.status), to: &out)
            for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
                append("header-name", name, to: &out)
                append("header-value", value, to: &out)
            }
            append("body", answer.body, to: &out)
        case .failure(.overDeadline(let seconds)): append("over-deadline", String(seconds), to: &out)
        case .failure(.connection(let words)): append("connection", words, to: &out)
        }
        return out
    }

    /// The outcome `bytes` hold; nil when they are not one of this version.
    public static func outcome(from bytes: [UInt8]) -> Result<HTTPFetchAnswer, HTTPFetchFailure>? {
        guard let records = records(bytes), records.first?.value == Array(version.utf8), records.first?.name == "version" else { return nil }
        var status: Int?
        var headers: [String: String] = [:]
        var pendingName: String?
        var body: [UInt8] = []
        for (name, value) in records.dropFirst() {
            let text = String(decoding: value, as: UTF8.self)
            switch name {
            case "over-deadline":
                guard let seconds = Double(text) else { return nil }
                return .failure(.overDeadline(seconds))
            case "connection": return .failure(.connection(text))
            case "status": status = Int(text)
            case "header-name": pendingName = text
            case "header-value":
                guard let name = pendingName else { return nil }
                headers[name] = text
                pendingName = nil
            case "body": body = value
            default: return nil
            }
        }
        guard let status, pendingName == nil, records.last?.name == "body" else { return nil }
        return .success(HTTPFetchAnswer(status: status, headers: headers, body: body))
    }

    private static func append(_ name: String, _ value: String, to out: inout [UInt8]) {
        append(name, Array(value.utf8), to: &out)
    }

    private static func append(_ name: String, _ value: [UInt8], to out: inout [UInt8]) {
        out += Array("\(name) \(value.count)\n".utf8)
        out += value
        out.append(UInt8(ascii: "\n"))
    }

    /// The records of `bytes` in order; nil when the framing is broken anywhere.
    static func records(_ bytes: [UInt8]) -> [(name: String, value: [UInt8])]? {
        var records: [(name: String, value: [UInt8])] = []
        var at = 0
        while at < bytes.count {
            guard let lineEnd = bytes[at...].firstIndex(of: UInt8(ascii: "\n")), lineEnd - at <= 64 else { return nil }
            let head = bytes[at ..< lineEnd].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard head.count == 2, let count = Int(String(decoding: head[1], as: UTF8.self)), count >= 0,
                count <= bytes.count - lineEnd - 2, bytes[lineEnd + 1 + count] == UInt8(ascii: "\n")
            else { return nil }
            records.append((String(decoding: head[0], as: UTF8.self), Array(bytes[(lineEnd + 1) ..< (lineEnd + 1 + count)])))
            at = lineEnd + 2 + count
        }
        return records
    }
}
