import TallyReports
import TallySyntax

/// The frame of every page: the head (the binary's own style sheets and live script, no
/// other resource), the navigation, and the main part whose `data-live` regions the live
/// script swaps when the budget changes on disk. Pages are built of ``HTML`` values, so
/// every name and word they show is escaped unless it is already markup.
enum PageLayout {
    /// The pages, in the navigation's order: path and name.
    static let pages: [(path: String, name: String)] = [
        ("/", "Overview"), ("/envelopes", "Envelopes"), ("/register", "Register"), ("/goals", "Goals"),
        ("/due", "Due"), ("/import", "Import"), ("/diagnostics", "Diagnostics")
    ]

    /// What a page says when the budget changed on disk after it was drawn.
    static let staleFigures = "The budget changed on disk; the figures below are the new ones."

    /// The start of every page's head, up to its title: what a page that loads nothing
    /// (``WayInPage``) shares with the others.
    static func headStart(title: String) -> HTML {
        var head: HTML = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        head += "<meta name=\"theme-color\" content=\"\(AppIcon.themeColor)\"/>\n"
        return head + "<title>\(title) · tally</title>\n"
    }

    /// A whole page; `stale` is what it says when the budget changes on disk while it is
    /// open (a page without live figures says what that means for it).
    static func document(title: String, path: String, version: String, body: HTML, stale: String = staleFigures) -> HTML {
        var page = headStart(title: title)
        page += "<link rel=\"manifest\" href=\"/manifest.webmanifest\" crossorigin=\"use-credentials\"/>\n<link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\"/>\n"
        page += "<link rel=\"apple-touch-icon\" href=\"/assets/icon-180.png\"/>\n"
        page += "<link rel=\"stylesheet\" href=\"/assets/report.css\"/>\n<link rel=\"stylesheet\" href=\"/assets/serve.css\"/>\n"
        page += "<script src=\"/assets/live.js\" defer=\"defer\"></script>\n</head>\n"
        page += "<body data-version=\"\(version)\">\n<a class=\"skip\" href=\"#main\">Skip to the figures</a>\n"
        // Second in the tab order on every page: the add form is two Tabs and Enter away.
        page += "<a class=\"add-link\" id=\"add-link\" href=\"\(addFormHref(path))\">+ Add a purchase</a>\n"
        page += "<nav aria-label=\"Pages\"><ul>"
        for item in pages {
            let current: HTML = item.path == path ? " aria-current=\"page\"" : ""
            page += "<li><a href=\"\(item.path)\"\(current)>\(item.name)</a></li>"
        }
        page += "</ul></nav>\n<div class=\"page\">\n<main id=\"main\">\n<h1>\(title)</h1>\n"
        page += "<p id=\"stale\" class=\"stale\" role=\"status\" hidden=\"hidden\">\(stale)</p>\n"
        page += body
        page += "</main>\n</div>\n</body>\n</html>\n"
        return page
    }

    /// Where the "Add a purchase" link leads: the form on this page (the overview and the
    /// register carry it), else the overview's.
    static func addFormHref(_ path: String) -> String {
        path == "/" || path == "/register" ? "#add-form" : "/#add-form"
    }

    /// A region the live script replaces with the same region of the page drawn again.
    static func live(_ id: String, _ content: HTML) -> HTML {
        "<div id=\"\(id)\" data-live=\"\(id)\">\n\(content)</div>\n"
    }

    /// A table: headers, rows of cells, the numeric columns right-aligned; its text cells
    /// wrap so that it fits a 390 px screen without scrolling sideways.
    static func table(caption: String, headers: [String], numeric: Set<Int> = [], rows: [[HTML]], rowClasses: [String?] = []) -> HTML {
        func kind(_ i: Int) -> HTML { numeric.contains(i) ? " class=\"num\"" : "" }
        var out = tableHead(caption: caption, headers: headers, numeric: numeric)
        for (r, row) in rows.enumerated() {
            let rowClass = r < rowClasses.count ? rowClasses[r] : nil
            out += rowClass.map { "<tr class=\"\($0)\">" } ?? "<tr>"
            for (i, cell) in row.enumerated() {
                out += i == 0 ? "<th scope=\"row\">\(cell)</th>" : "<td\(kind(i))>\(cell)</td>"
            }
            out += "</tr>\n"
        }
        if rows.isEmpty { out += "<tr><td colspan=\"\(headers.count)\" class=\"muted\">Nothing to show</td></tr>\n" }
        return out + "</tbody>\n</table></div>\n"
    }

    /// A table's opening up to its body: rows (``tableEnd(_:columns:)`` closes it) come
    /// from a page's own row function, so that each page draws its rows in one place.
    static func tableHead(caption: String, headers: [String], numeric: Set<Int> = [], classes: [Int: String] = [:]) -> HTML {
        var out: HTML = "<div class=\"table-box\"><table>\n<caption>\(caption)</caption>\n<thead><tr>"
        for (i, header) in headers.enumerated() {
            let kind = ([numeric.contains(i) ? "num" : nil, classes[i]].compactMap { $0 }).joined(separator: " ")
            let attribute: HTML = kind.isEmpty ? "" : " class=\"\(kind)\""
            out += "<th scope=\"col\"\(attribute)>\(header)</th>"
        }
        return out + "</tr></thead>\n<tbody>\n"
    }

    /// The end of a table begun by ``tableHead(caption:headers:numeric:classes:)``:
    /// "Nothing to show" when it has no rows.
    static func tableEnd(_ rows: HTML, columns: Int) -> HTML {
        let empty: HTML = rows.isEmpty ? "<tr><td colspan=\"\(columns)\" class=\"muted\">Nothing to show</td></tr>\n" : ""
        return rows + empty + "</tbody>\n</table></div>\n"
    }

    /// A progress bar `fraction` (0...1) full, drawn in SVG (the policy allows no inline
    /// style), red when `over`.
    static func bar(_ fraction: Double, label: String, over: Bool = false) -> HTML {
        let width = Int((min(1, max(0, fraction)) * 100).rounded())
        return "<svg class=\"bar\" viewBox=\"0 0 100 8\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(label)\">"
            + "<rect width=\"100\" height=\"8\" rx=\"4\" fill=\"#8883\"/><rect width=\"\(width)\" height=\"8\" rx=\"4\" fill=\"\(over ? "#c62828" : "#2f9e44")\"/></svg>"
    }

    /// A link.
    static func link(_ href: String, _ text: String) -> HTML { "<a href=\"\(href)\">\(text)</a>" }

    /// The register's address for `pairs` of its query parameters.
    static func register(_ pairs: [(String, String)]) -> String { "/register" + FormData.query(pairs) }

    /// The hidden fields every form carries: the session's token and the version of the
    /// budget the page was drawn from.
    static func formGuard(token: String, version: String) -> HTML {
        "<input type=\"hidden\" name=\"\(AccessRules.formField)\" value=\"\(token)\"/>"
            + "<input type=\"hidden\" name=\"version\" value=\"\(version)\"/>"
    }

    /// A message box (a refusal or a note) at the top of a page.
    static func message(_ text: String, kind: String = "note") -> HTML {
        "<p class=\"message \(kind)\" role=\"\(kind == "error" ? "alert" : "status")\">\(text)</p>\n"
    }
}
