import TallyCore
import TallySyntax

/// `/source?file=N&line=L`: one of the budget's files, read-only, each line numbered and
/// anchored (`#L12`), line L highlighted; a file over 1,000 lines is shown 1,000 lines
/// around L at a time. `file` is the file's place in the budget's list:
/// no path is ever taken from the request.
enum SourcePage {
    /// How many lines a page shows at most.
    static let window = 1000

    static func render(_ snapshot: BudgetStore.Snapshot, file index: Int, line wanted: Int?) -> (title: String, body: String)? {
        guard snapshot.files.indices.contains(index), let file = snapshot.opened?.budget.file(snapshot.files[index]) else { return nil }
        let text = String(decoding: file.tree.source.bytes, as: UTF8.self)
        var body = "<p class=\"muted\">Read-only. "
        body += snapshot.files.enumerated().map { i, path in
            i == index ? "<strong>\(PageLayout.esc(path))</strong>" : PageLayout.link("/source?file=\(i)", path)
        }.joined(separator: " · ")
        body += "</p>\n"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A large file is shown a window at a time, so a page stays small and quick.
        let first = max(1, min((wanted ?? 1) - window / 2, lines.count - window + 1)), last = min(lines.count, first + window - 1)
        if first > 1 { body += "<p>" + PageLayout.link("/source?file=\(index)&line=\(max(1, first - window / 2))", "Earlier lines") + "</p>\n" }
        body += "<pre class=\"source\" aria-label=\"\(PageLayout.esc(file.path))\">"
        for number in first ... max(first, last) where number <= lines.count {
            let line = lines[number - 1]
            let content = line.hasSuffix("\r") ? line.dropLast() : line
            let hit = number == wanted ? " class=\"hit\"" : ""
            body += "<span id=\"L\(number)\"\(hit)><b>\(number)</b>\(PageLayout.esc(String(content)))</span>"
        }
        body += "</pre>\n"
        if last < lines.count { body += "<p>" + PageLayout.link("/source?file=\(index)&line=\(last + window / 2)", "Later lines") + "</p>\n" }
        return (file.path, PageLayout.live("source", body))
    }
}
