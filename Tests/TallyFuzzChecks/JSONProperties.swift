import TallyLSP

/// What the language server's JSON parser and printer promise for any bytes: parsing
/// never crashes (nesting is limited, so no stack overflow), and what was parsed prints to
/// a text that parses back to the same value and prints the same again.
enum JSONProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        guard let value = try? JSON.parse(bytes) else { return nil }
        let printed = value.bytes
        let reparsed: JSON
        do { reparsed = try JSON.parse(printed) } catch {
            return "the printed value does not parse: \(error.message) in \(FuzzSupport.excerpt(printed))"
        }
        let again = reparsed.bytes
        if again != printed {
            return "printing is not a fixed point: \(FuzzSupport.excerpt(printed)) then \(FuzzSupport.excerpt(again))"
        }
        if !sameShape(value, reparsed) { return "the printed value parses to another value: \(FuzzSupport.excerpt(printed))" }
        // What the server reads from every message: these must answer, not trap.
        _ = value["id"]?.intValue
        _ = value["method"]?.stringValue
        _ = value["params"]?["textDocument"]?["uri"]?.stringValue
        return nil
    }

    /// Equal values, except that a number may change between `int` and `double` in print.
    static func sameShape(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameShape)
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameShape(value, $0) } ?? false }
        default: return a == b
        }
    }
}
