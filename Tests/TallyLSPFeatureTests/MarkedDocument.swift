import TallyCore
import TallyLSP
import TallySyntax

/// A test document with positions marked in its text: `⟨|⟩` marks a cursor, and
/// `⟨` … `⟩` mark a range. The markers are removed before the text is read; offsets are
/// UTF-8 bytes of the text without them.
struct MarkedDocument {
    let text: String
    /// Cursor offsets, in order.
    let cursors: [Int]
    /// Marked ranges, in order.
    let ranges: [ByteRange]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var cursors: [Int] = []
        var ranges: [ByteRange] = []
        var open: [Int] = []
        var rest = Substring(marked)
        while let c = rest.first {
            if rest.hasPrefix("⟨|⟩") {
                cursors.append(bytes.count)
                rest = rest.dropFirst(3)
            } else if c == "⟨" {
                open.append(bytes.count)
                rest = rest.dropFirst()
            } else if c == "⟩" {
                ranges.append(ByteRange(start: open.removeLast(), end: bytes.count))
                rest = rest.dropFirst()
            } else {
                bytes.append(contentsOf: String(c).utf8)
                rest = rest.dropFirst()
            }
        }
        text = String(decoding: bytes, as: UTF8.self)
        self.cursors = cursors
        self.ranges = ranges
    }

    /// The first cursor.
    var cursor: Int { cursors[0] }
    /// The first range.
    var range: ByteRange { ranges[0] }

    /// The text of `range`.
    func text(_ range: ByteRange) -> String {
        String(decoding: Array(text.utf8)[range.start ..< range.end], as: UTF8.self)
    }
}

/// Test helpers that read and interpret budgets held in memory.
enum Fixture {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// Interprets `files` (path → text) rooted at `root`.
    static func analysis(_ files: [String: String], root: String = "main.tally", today: CivilDate = today) -> BudgetAnalysis {
        let budget = try! BudgetLoader(provider: InMemoryFileProvider(files)).load(root)
        return BudgetAnalysis(budget: budget, today: today)
    }

    /// Interprets one file at `main.tally`.
    static func analysis(_ text: String, today: CivilDate = today) -> BudgetAnalysis {
        analysis(["main.tally": text], today: today)
    }

    /// Applies edits to a text (edits must not overlap).
    static func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start ..< edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
