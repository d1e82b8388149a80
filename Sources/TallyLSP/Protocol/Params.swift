/// Typed reading of request parameters: a wrong or missing field is an invalid-params
/// error naming the field, never a crash.
struct Params {
    let json: JSON

    init(_ json: JSON) { self.json = json }

    /// The value at a dotted path (`textDocument.uri`), or nil.
    func value(_ path: String) -> JSON? {
        var current: JSON? = json
        for key in path.split(separator: ".") { current = current?[String(key)] }
        if current?.isNull == true { return nil }
        return current
    }

    func string(_ path: String) throws(ResponseError) -> String {
        guard let value = value(path)?.stringValue else { throw .invalidParams("`\(path)` must be a string") }
        return value
    }

    func int(_ path: String) throws(ResponseError) -> Int {
        guard let value = value(path)?.intValue else { throw .invalidParams("`\(path)` must be an integer") }
        return value
    }

    func optionalInt(_ path: String) throws(ResponseError) -> Int? {
        guard let raw = value(path) else { return nil }
        guard let value = raw.intValue else { throw .invalidParams("`\(path)` must be an integer") }
        return value
    }

    func array(_ path: String) throws(ResponseError) -> [JSON] {
        guard let value = value(path)?.arrayValue else { throw .invalidParams("`\(path)` must be an array") }
        return value
    }

    func position(_ path: String) throws(ResponseError) -> Position {
        let line = try int(path + ".line")
        let character = try int(path + ".character")
        return Position(line: line, character: character)
    }

    func range(_ path: String) throws(ResponseError) -> LSPRange {
        LSPRange(start: try position(path + ".start"), end: try position(path + ".end"))
    }

    func optionalRange(_ path: String) throws(ResponseError) -> LSPRange? {
        value(path) == nil ? nil : try range(path)
    }
}
