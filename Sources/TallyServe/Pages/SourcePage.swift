import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// `/source?file=N&line=L`: one of the budget's files, read-only, each line numbered and
/// anchored (`#L12`), line L highlighted; a file over 1,000 lines is shown 1,000 lines
/// around L at a time. `file` is the file's place in the budget's list:
/// no path is ever taken from the request.
enum SourcePage {
    /// How many lines a page shows at most.
    static let window = 1000

    static func render(_ snapshot: BudgetStore.Snapshot, file index: Int, line wanted: Int?) -> (title: String, body: HTML)? {
        guard snapshot.files.indices.contains(index), let file = snapshot.opened?.budget.file(snapshot.files[index]) else { return nil }
        let bytes = file.tree.source.bytes
        var body: HTML = "<p class=\"muted\">Read-only. "
        body += snapshot.files.enumerated().map { i, path in
            i == index ? "<strong>\(path)</strong>" : PageLayout.link("/source?file=\(i)", path)
        }.joined(separator: " · ")
        body += "</p>\n"
        // Only the window's lines are decoded and escaped: at 100k transactions decoding
        // and splitting the whole file took most of a request's time.
        let starts = lineStarts(bytes)
        let count = starts.count
        // A large file is shown a window at a time, so a page stays small and quick.
        let first = max(1, min((wanted ?? 1) - window / 2, count - window + 1)), last = min(count, first + window - 1)
        if first > 1 { body += "<p>" + PageLayout.link("/source?file=\(index)&line=\(max(1, first - window / 2))", "Earlier lines") + "</p>\n" }
        body += "<pre class=\"source\" aria-label=\"\(file.path)\">"
        for number in first ... max(first, last) where number <= count {
            let start = starts[number - 1]
            var end = number < count ? starts[number] - 1 : bytes.count
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            // An import profile's token that may be the token itself is never shown.
            let content = SecretValues.masked(file.tree.source, line: ByteRange(start: start, end: end))
            let hit: HTML = number == wanted ? " class=\"hit\"" : ""
            body += "<span id=\"L\(number)\"\(hit)><b>\(number)</b>\(content)</span>"
        }
        body += "</pre>\n"
        if last < count { body += "<p>" + PageLayout.link("/source?file=\(index)&line=\(last + window / 2)", "Later lines") + "</p>\n" }
        return (file.path, PageLayout.live("source", body))
    }

    /// Where each line starts, lines ending at `\n` (a `\r` before it is left out when a
    /// line is shown); a text ending with `\n` has an empty last line. `memchr` finds the
    /// breaks of a file of megabytes in about a millisecond.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        return starts
    }
}
