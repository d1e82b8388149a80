import TallyCore
import TallySyntax

/// `tally print`: the dated entries a filter keeps, each as its lines stand in its file
/// (split lines and metadata below it included), in date order, as hledger's `print`
/// shows transactions. Needs a budget opened with its sources kept.
public struct PrintReport: Sendable {
    /// Each entry kept: its index in `BudgetModel.entries` and its text, ending in a line
    /// break.
    public let entries: [(entry: Int, text: String)]

    /// The entries dated in `filter`'s range; when `byLine` (a query or a filter other
    /// than the dates), only those with a line the filter keeps, as `register` shows them.
    public init(_ budget: ReportBudget, filter: EntryFilter, byLine: Bool) {
        let model = budget.model
        let kept: Set<Int>? = byLine ? Set(model.register(filter).map(\.entry)) : nil
        var result: [(Int, String)] = []
        var shown = Set<SourceLocation>()
        for (index, entry) in model.entries.enumerated() {
            if let range = filter.range, !range.contains(entry.date) { continue }
            if let kept, !kept.contains(index) { continue }
            // An entry the walk made from another (a recurring occurrence) is not text.
            guard let source = budget.sources[entry.location.file], shown.insert(entry.location).inserted else { continue }
            result.append((index, Self.lines(of: entry.location.range, in: source.bytes)))
        }
        entries = result
    }

    /// The whole lines `range` touches, with the indented lines right below them.
    static func lines(of range: ByteRange, in bytes: [UInt8]) -> String {
        let newline = UInt8(ascii: "\n")
        var start = min(range.start, bytes.count)
        while start > 0, bytes[start - 1] != newline { start -= 1 }
        var end = min(max(range.end, range.start + 1), bytes.count)
        while end < bytes.count, bytes[end - 1] != newline { end += 1 }
        // The lines of the entry's block: indented, and not blank.
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
            var next = end
            while next < bytes.count, bytes[next] != newline { next += 1 }
            let line = bytes[end ..< next]
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) else { break }
            end = min(next + 1, bytes.count)
        }
        var text = String(decoding: bytes[start ..< end], as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }

    /// The entries' text, one after the other.
    public var text: String { entries.map(\.text).joined() }
}
