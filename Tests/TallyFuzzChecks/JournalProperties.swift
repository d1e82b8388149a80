import TallyFormat
import TallyInterop
import TallySyntax

/// What `tally convert` promises for any journal: reading it as hledger, ledger or
/// beancount (by the file name the input's hash picks) never crashes, traps or hangs;
/// what it cannot carry over is listed at lines of the journal; and the budget it makes
/// is laid out as `tally fmt` lays it out and, from a journal of clean text, has no
/// syntax error.
///
/// Includes name files the fuzzer cannot provide: reading one fails, as a missing file
/// does, and the conversion must say so rather than stop.
enum JournalProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        var state = FuzzSupport.hash(bytes)
        let names = ["main.journal", "main.ledger", "main.beancount", "main.hledger", "main.txt"]
        let path = names[Int(FuzzSupport.next(&state) % UInt64(names.count))]
        struct Missing: Error {}
        let result: ConversionResult
        do {
            result = try JournalConverter.convert(
                paths: [path],
                readFile: { name in
                    guard name == path else { throw Missing() }
                    return text
                })
        } catch {
            return nil  // a clear error is a kept promise; the command prints it
        }
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        for item in result.leftOut where item.source.file == path && (item.source.line < 1 || item.source.line > lines) {
            return "left out at line \(item.source.line) of a journal of \(lines) lines: \(item.reason)"
        }
        let tree = Parser.parse(SourceText(path: "converted.tally", bytes: Array(result.budget.utf8)))
        // A journal that is not clean text (invalid UTF-8, control characters) may carry
        // them into names; `tally convert` then shows the budget's error and writes
        // nothing, so only clean journals must give a budget without syntax errors.
        let clean =
            String(validating: bytes, as: UTF8.self) != nil
            && !bytes.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
        if clean, let error = tree.diagnostics.first(where: { $0.severity == .error }) {
            return "the converted budget has the syntax error \(error.code) (\(error.message)) in \(FuzzSupport.excerpt(Array(result.budget.utf8)))"
        }
        if Formatter.format(tree) != .unchanged {
            return "the converted budget is not laid out as tally fmt lays it out: \(FuzzSupport.excerpt(Array(result.budget.utf8)))"
        }
        return nil
    }
}
