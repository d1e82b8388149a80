import TallyCore
import TallySyntax

/// `/source?file=N&line=L`: one of the budget's files, read-only, each line numbered and
/// anchored (`#L12`), line L highlighted. `file` is the file's place in the budget's list:
/// no path is ever taken from the request.
enum SourcePage {
    static func render(_ snapshot: BudgetStore.Snapshot, file index: Int, line wanted: Int?) -> (title: String, body: String)? {
        guard snapshot.files.indices.contains(index), let file = snapshot.opened?.budget.file(snapshot.files[index]) else { return nil }
        let text = String(decoding: file.tree.source.bytes, as: UTF8.self)
        var body = "<p class=\"muted\">Read-only. "
        body += snapshot.files.enumerated().map { i, path in
            i == index ? "<strong>\(PageLayout.esc(path))</strong>" : PageLayout.link("/source?file=\(i)", path)
        }.joined(separator: " · ")
        body += "</p>\n<pre class=\"source\" aria-label=\"\(PageLayout.esc(file.path))\">"
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let content = line.hasSuffix("\r") ? line.dropLast() : line
            let hit = number == wanted ? " class=\"hit\"" : ""
            body += "<span id=\"L\(number)\"\(hit)><b>\(number)</b>\(PageLayout.esc(String(content)))</span>"
        }
        body += "</pre>\n"
        return (file.path, PageLayout.live("source", body))
    }
}
