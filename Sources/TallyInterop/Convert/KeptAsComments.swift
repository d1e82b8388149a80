import TallyCore
import TallySyntax

/// The journal lines of what was not converted, kept in the budget as comments at their
/// place, so that nothing is lost even as text: each block starts with
/// `; not converted (FILE:LINE): REASON` and holds the original lines, each after `;   `.
///
/// A block is a transaction or directive (its first line and the indented lines after it)
/// when that was left out as a whole, else the one posting line that was. A dated block
/// goes among the entries of its date (the date its first line starts with), right after
/// the entry it belongs to; an undated one (a periodic or automated transaction, a
/// directive) goes with the declarations.
///
/// A block of which nothing was converted (``LeftOut/isWhole``) names the journal's
/// format after its place, `; not converted (FILE:LINE, ledger): REASON`, so that `tally
/// export` to that format writes its lines back as they were (``KeptBlock``).
struct KeptAsComments {
    /// The comment blocks with a date, and where in their day they go.
    var dated: [BudgetBuilder.Line] = []
    /// The blocks without a date, in file order.
    var undated: [String] = []
    /// The formats the blocks kept whole name, in the order first named.
    var formats: [String] = []

    /// The prefix of every kept block's first line, which the header names.
    static let marker = KeptBlock.marker

    /// The blocks for `items` (sorted by source), the original text read by `text` (file
    /// → content); `place` gives the reading order of an entry by its first line.
    /// `format` names the format of a journal file (path, text), nil for what is no journal.
    init(_ items: [LeftOut], text: (String) -> String?, place: [SourceLine: Int], format: (String, String) -> String? = { _, _ in nil }) {
        var files: [String: [ArraySlice<UInt8>]] = [:]
        var formats: [String: String] = [:]
        var withinStrings: [String: Set<Int>] = [:]  // beancount's multi-line strings, per file
        var blocks: [(start: SourceLine, items: [LeftOut])] = []
        var lastLine: [String: Int] = [:]
        for item in items { lastLine[item.source.file] = max(lastLine[item.source.file] ?? 0, item.source.line) }
        for item in items {
            if files[item.source.file] == nil {
                let content = text(item.source.file)
                formats[item.source.file] = content.flatMap { format(item.source.file, $0) }
                let bytes = content.map { Array($0.utf8) } ?? []
                let within = formats[item.source.file] == "beancount" ? BeancountStrings.continuationLines(bytes) : []
                withinStrings[item.source.file] = within
                // No text (an app's export): no lines to quote, not even an empty one.
                files[item.source.file] = content == nil ? [] : KeptAsComments.lines(bytes, through: lastLine[item.source.file] ?? 0, within: within)
            }
            let lines = files[item.source.file] ?? []
            let start = KeptAsComments.blockStart(item.source, lines, within: withinStrings[item.source.file] ?? [])
            if let last = blocks.last, last.start == start { blocks[blocks.count - 1].items.append(item) } else { blocks.append((start, [item])) }
        }
        for block in blocks {
            let lines = files[block.start.file] ?? []
            let wholeBlock = block.items.contains { $0.source == block.start }
            // Written back by an export to its format only when nothing of it was converted.
            let format = block.items.contains { $0.isWhole && $0.source == block.start } ? formats[block.start.file] : nil
            if let format, !self.formats.contains(format) { self.formats.append(format) }
            var text: [String] = []
            var taken = Set<Int>()
            for item in block.items {
                // A reason may quote a value with a line break in it (a CSV cell): one
                // comment line must stay one line.
                let reason = item.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
                let place = "\(KeptAsComments.fileName(item.source.file)):\(item.source.line)" + (format.map { ", " + $0 } ?? "")
                text.append("\(KeptAsComments.marker) (\(place)): \(reason)")
                if !wholeBlock && taken.insert(item.source.line).inserted, let line = KeptAsComments.quoted(item.source.line, lines) { text.append(line) }
            }
            if wholeBlock {
                let within = withinStrings[block.start.file] ?? []
                var n = block.start.line
                repeat {
                    if let line = KeptAsComments.quoted(n, lines) { text.append(line) }
                    n += 1
                } while n <= lines.count && (KeptAsComments.isIndented(lines[n - 1]) || within.contains(n))
            }
            let joined = text.joined(separator: "\n")
            if block.start.line <= lines.count, let date = KeptAsComments.date(lines[block.start.line - 1]) {
                dated.append(BudgetBuilder.Line(date: date, order: place[block.start] ?? Int.max / 4, text: joined))
            } else {
                undated.append(joined)
            }
        }
    }

    /// The lines of `bytes` up to line `last` and the block it is in (the indented lines
    /// after it, and those `within` a multi-line string): a large journal with a few lines
    /// left out is not cut up whole.
    static func lines(_ bytes: [UInt8], through last: Int, within: Set<Int> = []) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var iterator = JournalLines(bytes)
        while let line = iterator.next() {
            if lines.count >= last && !isIndented(line) && !within.contains(lines.count + 1) { break }
            lines.append(line)
        }
        return lines
    }

    /// The first line of the block `source` is in: the line itself unless it is indented,
    /// else the unindented line above it.
    static func blockStart(_ source: SourceLine, _ lines: [ArraySlice<UInt8>], within: Set<Int> = []) -> SourceLine {
        var n = source.line
        while n > 1, n <= lines.count, isIndented(lines[n - 1]) || within.contains(n) { n -= 1 }
        return SourceLine(file: source.file, line: n)
    }

    /// A line that continues the block above it: indented and not blank.
    static func isIndented(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first == ASCII.space || first == ASCII.tab else { return false }
        return line.contains { $0 != ASCII.space && $0 != ASCII.tab }
    }

    /// Line `n` (1-based) as a comment line.
    static func quoted(_ n: Int, _ lines: [ArraySlice<UInt8>]) -> String? {
        // No text to quote (an app's export, whose notes are about the whole file).
        guard n >= 1, n <= lines.count else { return nil }
        return KeptBlock.quote + String(decoding: lines[n - 1], as: UTF8.self)
    }

    /// The date a line starts with (`2024-01-05`, `2024/1/5`, `2024.01.05`), nil for none.
    static func date(_ line: ArraySlice<UInt8>) -> CivilDate? {
        let word = line.prefix { ASCII.isDigit($0) || $0 == ASCII.minus || $0 == ASCII.slash || $0 == ASCII.dot }
        guard !word.isEmpty else { return nil }
        return LedgerJournalReader.date(word)
    }

    /// The file's name without its folders: the budget names its sources so.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
