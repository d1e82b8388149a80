import TallyFormat
import TallySyntax

/// What the formatter promises for any bytes: it changes only whitespace, reads back to
/// the same structure, is idempotent, its edits (whole document and range) give the same
/// text as `format`, and the result has no syntax error the input did not have.
enum FormatterProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        let tree = Parser.parse(SourceText(path: "fuzz.tally", bytes: bytes))
        let output: [UInt8]
        switch Formatter.format(tree) {
        case .unchanged:
            output = bytes
        case .formatted(let formatted):
            if formatted == bytes { return "`.formatted` with an unchanged text" }
            output = formatted
        case .refused(let reason):
            // Nothing is damaged by a refusal, but it means the layout broke a promise.
            return "the whitespace guard refused the formatter's output: \(reason)"
        }
        // The guard's promise, checked independently of the guard.
        if bytes.filter({ !FuzzSupport.isWhitespace($0) }) != output.filter({ !FuzzSupport.isWhitespace($0) }) {
            return "more than whitespace changed: \(FuzzSupport.excerpt(output))"
        }
        let formattedTree = Parser.parse(SourceText(path: "fuzz.tally", bytes: output))
        if let problem = WhitespaceGuard.check(original: tree, formatted: output) {
            return "the formatted text does not read back the same: \(problem)"
        }
        if let code = newErrors(before: tree.diagnostics, after: formattedTree.diagnostics) {
            return "formatting added the error \(code)"
        }
        // Idempotent.
        let again = Formatter.format(formattedTree)
        if again != .unchanged {
            var detail = ""
            if case .formatted(let third) = again { detail = ": \(FuzzSupport.excerpt(output)) became \(FuzzSupport.excerpt(third))" }
            return "formatting twice changes the text again\(detail)"
        }
        // The whole-document edits give `format`'s text.
        let edits = Formatter.edits(tree)
        if let problem = wellFormed(edits, in: bytes) { return "whole-document edits: \(problem)" }
        if apply(edits, to: bytes) != output { return "the whole-document edits give another text than format" }
        // A range's edits touch only whitespace and leave a text that formats to the same.
        var state = FuzzSupport.hash(bytes)
        let a = bytes.isEmpty ? 0 : Int(FuzzSupport.next(&state) % UInt64(bytes.count + 1))
        let b = bytes.isEmpty ? 0 : Int(FuzzSupport.next(&state) % UInt64(bytes.count + 1))
        let rangeEdits = Formatter.edits(tree, range: ByteRange(start: min(a, b), end: max(a, b)))
        if let problem = wellFormed(rangeEdits, in: bytes) { return "edits of \(min(a, b))..<\(max(a, b)): \(problem)" }
        let partly = apply(rangeEdits, to: bytes)
        if bytes.filter({ !FuzzSupport.isWhitespace($0) }) != partly.filter({ !FuzzSupport.isWhitespace($0) }) {
            return "the edits of \(min(a, b))..<\(max(a, b)) change more than whitespace"
        }
        return nil
    }

    /// The first error code that occurs more often `after` than `before`, if any.
    static func newErrors(before: [Diagnostic], after: [Diagnostic]) -> DiagnosticCode? {
        var counts: [String: Int] = [:]
        for d in before where d.severity == .error { counts[d.code.rawValue, default: 0] += 1 }
        for d in after where d.severity == .error {
            counts[d.code.rawValue, default: 0] -= 1
            if counts[d.code.rawValue]! < 0 { return d.code }
        }
        return nil
    }

    /// Edits are in order, do not overlap, lie inside the text, and replace whitespace
    /// with whitespace.
    static func wellFormed(_ edits: [TextEdit], in bytes: [UInt8]) -> String? {
        var position = 0
        for edit in edits {
            let r = edit.range
            if r.start < position || r.start > r.end || r.end > bytes.count { return "edit \(r) out of order or outside the text" }
            if !bytes[r.start ..< r.end].allSatisfy(FuzzSupport.isWhitespace) { return "edit \(r) replaces more than whitespace" }
            if !edit.replacement.utf8.allSatisfy(FuzzSupport.isWhitespace) { return "edit \(r) inserts more than whitespace" }
            position = r.end
        }
        return nil
    }

    /// Applies non-overlapping edits, given in order.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var position = 0
        for edit in edits {
            output.append(contentsOf: bytes[position ..< edit.range.start])
            output.append(contentsOf: Array(edit.replacement.utf8))
            position = edit.range.end
        }
        output.append(contentsOf: bytes[position...])
        return output
    }
}
