import TallyReports
import TallySyntax

/// The form that adds a purchase (`tally add`): date, payee, wallet, category, amount
/// and note, the names offered from the budget.
enum PurchaseForm {
    static func render(_ budget: ReportBudget, token: String, version: String) -> HTML {
        let model = budget.model
        guard !model.wallets.isEmpty else { return HTML() }
        func options(_ names: [String], empty: String?) -> HTML {
            (empty.map { "<option value=\"\">\($0)</option>" } ?? HTML()) + names.map { "<option>\($0)</option>" as HTML }.joined()
        }
        var out: HTML = "<form class=\"card\" method=\"post\" action=\"/add\" id=\"add-form\"><h2>Add a purchase</h2>"
        out += PageLayout.formGuard(token: token, version: version)
        out += "<label for=\"add-date\">Date</label><input id=\"add-date\" name=\"date\" type=\"date\" value=\"\(budget.today)\" required=\"required\"/>"
        out += "<label for=\"add-payee\">Payee</label><input id=\"add-payee\" name=\"payee\" autocomplete=\"off\"/>"
        out += "<label for=\"add-wallet\">Wallet</label><select id=\"add-wallet\" name=\"wallet\" required=\"required\">"
        out += options(model.wallets.map(\.name), empty: nil) + "</select>"
        out += "<label for=\"add-category\">Category</label><select id=\"add-category\" name=\"category\">"
        out += options(model.categories.map(\.name), empty: "(the payee's usual)") + "</select>"
        out += "<label for=\"add-amount\">Amount</label><input id=\"add-amount\" name=\"amount\" inputmode=\"decimal\" required=\"required\" placeholder=\"12.50 or 12,50\" title=\"A comma followed by one or two digits is the decimal mark; 1,234 is refused as it reads two ways\"/>"
        out += "<label for=\"add-note\">Note</label><input id=\"add-note\" name=\"note\"/>"
        out += "<button type=\"submit\">Add</button>" + EntryActions.splitButton + "</form>\n"
        return out
    }
}
