import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// The purchase form drawn with values in it: an entry's own (the edit page), or what a
/// person typed (a split row asked for, a form gone stale re-checked). Split rows are
/// drawn by the server, so that adding a category row needs no script: the "Add a
/// category row" button sends the form back to be drawn with one row more, nothing written.
enum EntryForm {
    /// A purchase's fields, as typed or as the entry has them.
    struct Values {
        var date = "", payee = "", wallet = "", category = "", amount = "", note = "", tags = ""
        var splits: [AddEntry.Request.Split] = []

        /// The fields a form sent; split rows with neither a category nor an amount are left out.
        init(_ request: HTTPRequest) {
            func value(_ name: String) -> String { request.field(name) ?? "" }
            (date, payee, wallet, category, amount, note, tags) = (
                value("date"), value("payee"), value("wallet"), value("category"), value("amount"), value("note"), value("tags")
            )
            let categories = request.form.filter { $0.0 == "split-category" }.map(\.1)
            let amounts = request.form.filter { $0.0 == "split-amount" }.map(\.1)
            for (i, category) in categories.enumerated() {
                let amount = i < amounts.count ? amounts[i] : ""
                if !category.isEmpty || !amount.trimmingSpaces().isEmpty { splits.append(.init(category: category, amount: amount)) }
            }
        }

        /// The fields of the library's edit form (``EditEntry/fields(of:budget:model:)``).
        init(_ fields: EditEntry.Fields) {
            (date, payee, wallet, category, amount, note) = (fields.date, fields.payee, fields.wallet, fields.category, fields.amount, fields.note)
            tags = fields.tags.joined(separator: " ")
            splits = fields.splits
        }

        init() {}

        /// The request the fields make, for ``AddEntry`` and ``EditEntry``: one split row
        /// left is a purchase in its category (``AddEntry/Request/collapsing(category:amount:splits:)``).
        func request(root: String, today: CivilDate, dryRun: Bool = false) -> AddEntry.Request {
            let (category, amount, splits) = AddEntry.Request.collapsing(category: category, amount: amount, splits: splits)
            var request = AddEntry.Request(
                file: root, date: date.trimmingSpaces(),
                parties: .named(payee: payee, wallet: wallet, category: splits.isEmpty ? category : nil),
                amount: amount, note: note.isEmpty ? nil : note,
                tags: tags.split(separator: " ").map { String($0.drop { $0 == "#" }) }.filter { !$0.isEmpty }, today: today, dryRun: dryRun, root: root)
            request.splits = splits
            return request
        }
    }

    /// The form, posting to `action` (`/add` or `/edit`) with `hidden` fields (an edit's
    /// entry), `rows` split rows at least (with a blank one to fill when any are drawn).
    static func render(
        _ values: Values, _ model: BudgetModel, action: String, submit: String, hidden: [(String, String)], rows: Int = 0, token: String, version: String
    ) -> HTML {
        func options(_ names: [String], selected: String, empty: String?) -> HTML {
            var out = empty.map { "<option value=\"\">\($0)</option>" as HTML } ?? HTML()
            for name in names { out += name == selected ? "<option selected=\"selected\">\(name)</option>" : "<option>\(name)</option>" }
            return out
        }
        var out: HTML = "<form class=\"card entry-form\" method=\"post\" action=\"\(action)\" id=\"entry-form\">"
        out += PageLayout.formGuard(token: token, version: version)
        for (name, value) in hidden { out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>" }
        out += "<label for=\"entry-date\">Date</label><input id=\"entry-date\" name=\"date\" type=\"date\" value=\"\(values.date)\" required=\"required\"/>"
        out += "<label for=\"entry-payee\">Payee</label><input id=\"entry-payee\" name=\"payee\" value=\"\(values.payee)\" autocomplete=\"off\"/>"
        out += "<label for=\"entry-wallet\">Wallet</label><select id=\"entry-wallet\" name=\"wallet\" required=\"required\">"
        out += options(model.wallets.map(\.name), selected: values.wallet, empty: nil) + "</select>"
        let split = rows > 0 || !values.splits.isEmpty
        if !split {
            out += "<label for=\"entry-category\">Category</label><select id=\"entry-category\" name=\"category\">"
            out += options(model.categories.map(\.name), selected: values.category, empty: "(the payee's usual)") + "</select>"
        }
        out += "<label for=\"entry-amount\">\(split ? "Total" : "Amount")</label><input id=\"entry-amount\" name=\"amount\" value=\"\(values.amount)\" inputmode=\"decimal\""
        out += split ? " placeholder=\"the parts' sum\"/>" : " required=\"required\" placeholder=\"12.50 or 12,50\"/>"
        if split {
            out += "<div class=\"splits\" role=\"group\" aria-labelledby=\"splits-title\"><p id=\"splits-title\">Split across categories</p>"
            var parts = values.splits
            while parts.count < max(rows, values.splits.count + 1) { parts.append(.init(category: "", amount: "")) }
            for (i, part) in parts.enumerated() {
                out += "<label for=\"split-category-\(i)\">Category \(i + 1)</label><select id=\"split-category-\(i)\" name=\"split-category\">"
                out += options(model.categories.map(\.name), selected: part.category, empty: "") + "</select>"
                out += "<label for=\"split-amount-\(i)\">Amount \(i + 1)</label><input id=\"split-amount-\(i)\" name=\"split-amount\" value=\"\(part.amount)\" inputmode=\"decimal\""
                out += " placeholder=\"the rest\"/>"
            }
            out += "</div>"
        }
        out += "<label for=\"entry-note\">Note</label><input id=\"entry-note\" name=\"note\" value=\"\(values.note)\"/>"
        out += "<label for=\"entry-tags\">Tags</label><input id=\"entry-tags\" name=\"tags\" value=\"\(values.tags)\" placeholder=\"work trip\"/>"
        out += "<button type=\"submit\">\(submit)</button>"
        out += "<button type=\"submit\" name=\"more\" value=\"split\" formnovalidate=\"formnovalidate\" class=\"secondary\">Add a category row</button>"
        return out + "</form>\n"
    }
}
