import Foundation
import Testing

/// A time or a size measured once rots in a comment unless it says where it came from:
/// every comment paragraph in `Sources` that quotes milliseconds, microseconds, KB, MB
/// or GB (outside backticks) also names the day it was measured (issue 39). Limits
/// written as code constants are quoted in backticks or as the constant itself.
@Suite struct DatedFiguresTests {
    @Test func everyMeasuredFigureInACommentIsDated() throws {
        var undated: [String] = []
        for target in try LayeringTests.targets() {
            for file in try LayeringTests.swiftFiles(of: target) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for (line, paragraph) in Self.commentParagraphs(of: text) where Self.quotesAnUndatedFigure(paragraph) {
                    undated.append("\(file.split(separator: "/").suffix(2).joined(separator: "/")):\(line)")
                }
            }
        }
        #expect(undated.isEmpty, "figures without the date they were measured: \(undated)")
    }

    @Test func theReaderTellsAMeasurementFromALimit() {
        #expect(Self.quotesAnUndatedFigure("cost 20 MB of peak memory"))
        #expect(Self.quotesAnUndatedFigure("took 3.5ms to answer"))
        #expect(!Self.quotesAnUndatedFigure("cost 20 MB of peak memory (`bench`, 2026-11-26)"))
        #expect(!Self.quotesAnUndatedFigure("a body over `1 MB` is refused"))
        #expect(!Self.quotesAnUndatedFigure("reads 20 MBps"))
        #expect(!Self.quotesAnUndatedFigure("version 1.2 and 40 % of it"))
    }

    /// Each run of consecutive `//` lines as one paragraph, with its first line's number.
    static func commentParagraphs(of text: String) -> [(Int, String)] {
        var paragraphs: [(Int, String)] = []
        var current: (Int, String)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("//") {
                let words = trimmed.drop { $0 == "/" }
                current = current.map { ($0.0, $0.1 + " " + words) } ?? (index + 1, String(words))
            } else if let done = current {
                paragraphs.append(done)
                current = nil
            }
        }
        if let done = current { paragraphs.append(done) }
        return paragraphs
    }

    /// Whether `paragraph` holds a number with a unit of time or size outside backticks
    /// and no `YYYY-MM-DD` date.
    static func quotesAnUndatedFigure(_ paragraph: String) -> Bool {
        let outsideCode = paragraph.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        return hasFigure(outsideCode) && !hasDate(paragraph)
    }

    /// A number (digits, `,` and `.` inside) not glued to a word before it, then an
    /// optional space and a unit that ends there.
    static func hasFigure(_ text: String) -> Bool {
        let chars = Array(text)
        let units = ["ms", "µs", "KB", "MB", "GB"].map(Array.init)
        var i = 0
        while i < chars.count {
            guard chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == ".") else {
                i += 1
                continue
            }
            var end = i
            while end < chars.count, chars[end].isNumber || chars[end] == "," || chars[end] == "." { end += 1 }
            var start = end
            if start < chars.count, chars[start] == " " { start += 1 }
            for unit in units where chars[start...].starts(with: unit) {
                let after = start + unit.count
                if after == chars.count || !(chars[after].isLetter || chars[after].isNumber) { return true }
            }
            i = end
        }
        return false
    }

    /// Whether `text` holds a date `20YY-MM-DD`.
    static func hasDate(_ text: String) -> Bool {
        let chars = Array(text)
        let shape = Array("20##-##-##")
        guard chars.count >= shape.count else { return false }
        return (0 ... (chars.count - shape.count)).contains { start in
            zip(shape, chars[start...]).allSatisfy { $1 == $0 || ($0 == "#" && $1.isASCII && $1.isNumber) }
        }
    }
}
