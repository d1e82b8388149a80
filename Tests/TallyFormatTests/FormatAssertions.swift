import Foundation
import TallyFormat
import TallySyntax
import XCTest

/// What every formatted text must satisfy, whatever the input.
enum FormatAssertions {
    /// Formats `bytes` and checks the promises: never more than whitespace changed, the
    /// structure read back is the same, formatting again changes nothing, and the edits
    /// give the same text as the whole-document result. Returns the formatted bytes.
    @discardableResult
    static func check(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8]? {
        let tree = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
        let output: [UInt8]
        switch Formatter.format(tree) {
        case .unchanged:
            output = bytes
        case .formatted(let formatted):
            XCTAssertNotEqual(formatted, bytes, "\(label): `.formatted` with an unchanged text", file: file, line: line)
            output = formatted
        case .refused(let reason):
            XCTFail("\(label): the guard refused: \(reason)", file: file, line: line)
            return nil
        }
        // The guard's promise, checked independently of the guard.
        XCTAssertEqual(
            bytes.filter { !isWhitespace($0) }, output.filter { !isWhitespace($0) },
            "\(label): more than whitespace changed", file: file, line: line)
        XCTAssertNil(WhitespaceGuard.check(original: tree, formatted: output), label, file: file, line: line)
        // Idempotent.
        let again = Formatter.format(Parser.parse(SourceText(path: "input.tally", bytes: output)))
        if again != .unchanged {
            var detail = ""
            if case .formatted(let third) = again {
                detail = "\n--- first\n" + String(decoding: output, as: UTF8.self) + "\n--- second\n" + String(decoding: third, as: UTF8.self)
            }
            XCTFail("\(label): formatting twice changes the text again: \(again)\(detail)", file: file, line: line)
        }
        // Edits give the same text.
        XCTAssertEqual(apply(Formatter.edits(tree), to: bytes), output, "\(label): edits differ from format", file: file, line: line)
        return output
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

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
