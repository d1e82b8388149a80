import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// The edit form of a transfer between wallets, a `fill` or a `move`: the fields of the
/// form that adds one (a transfer: from, to, amount, date, note, and between currencies
/// what arrived or the rate; a fill: envelope, amount, date; a move: from, to, amount,
/// date), drawn with the entry's values or with what a person typed (a form gone stale,
/// re-checked). It posts to `/edit` with `kind`.
enum MovementForm {
    /// The fields a form sent, for the kind it names; nil when `kind` is none of the three
    /// (a purchase's form).
    static func fields(_ request: HTTPRequest) -> EditEntry.MovementFields? {
        guard let kind = request.field("kind").flatMap(EditEntry.MovementFields.Kind.init(rawValue:)) else { return nil }
        func value(_ name: String) -> String { request.field(name) ?? "" }
        let to = kind == .fill ? value("envelope") : value("to")
        return .init(
            kind: kind, date: value("date").trimmingSpaces(), from: value("from"), to: to, amount: value("amount"), note: value("note"),
            received: value("received"), rate: value("rate"))
    }

    /// What the form edits, in words (its title).
    static func title(_ kind: EditEntry.MovementFields.Kind) -> String {
        switch kind {
        case .transfer: "Edit a transfer"
        case .fill: "Edit money assigned"
        case .move: "Edit money moved"
        }
    }

    /// The form, its selects listing the budget's wallets (a transfer) or envelopes,
    /// with `hidden` fields (the entry's).
    static func render(_ values: EditEntry.MovementFields, _ model: BudgetModel, submit: String, hidden: [(String, String)], token: String, version: String) -> HTML {
        let names = values.kind == .transfer ? model.wallets.map(\.name) : model.envelopes.map(\.name)
        func select(_ name: String, _ label: String, selected: String) -> HTML {
            var out: HTML = "<label for=\"edit-\(name)\">\(label)</label><select id=\"edit-\(name)\" name=\"\(name)\" required=\"required\">"
            for option in names { out += option == selected ? "<option selected=\"selected\">\(option)</option>" : "<option>\(option)</option>" }
            return out + "</select>"
        }
        var out: HTML = "<form class=\"card entry-form\" method=\"post\" action=\"/edit\" id=\"entry-form\"><h2>\(title(values.kind))</h2>"
        out += PageLayout.formGuard(token: token, version: version) + "<input type=\"hidden\" name=\"kind\" value=\"\(values.kind.rawValue)\"/>"
        for (name, value) in hidden { out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>" }
        switch values.kind {
        case .fill: out += select("envelope", "Envelope", selected: values.to)
        case .transfer, .move: out += select("from", "From", selected: values.from) + select("to", "To", selected: values.to)
        }
        out += "<label for=\"edit-amount\">Amount</label><input id=\"edit-amount\" name=\"amount\" value=\"\(values.amount)\" inputmode=\"decimal\""
        out += " required=\"required\" placeholder=\"25.00 or 25,00\"/>"
        out += "<label for=\"edit-date\">Date</label><input id=\"edit-date\" name=\"date\" type=\"date\" value=\"\(values.date)\" required=\"required\"/>"
        if values.kind == .transfer { out += conversion(values, model) + "<label for=\"edit-note\">Note</label><input id=\"edit-note\" name=\"note\" value=\"\(values.note)\"/>" }
        return out + "<button type=\"submit\">\(submit)</button></form>\n"
    }

    /// A transfer's other side, when its wallets can hold two currencies: what arrived (in
    /// the receiving wallet's currency) or the rate, one of them, as the file has it.
    private static func conversion(_ values: EditEntry.MovementFields, _ model: BudgetModel) -> HTML {
        guard Set(model.wallets.map(\.currency)).count > 1 || !values.received.isEmpty || !values.rate.isEmpty else { return HTML() }
        let code = model.wallets.first { $0.name == values.to }?.currency ?? ""
        var out: HTML = "<p class=\"note\" id=\"conversion-help\">Between wallets of two currencies: the amount received, or the rate (\(code) per unit sent).</p>"
        out += "<label for=\"edit-received\">Received (\(code))</label><input id=\"edit-received\" name=\"received\" value=\"\(values.received)\""
        out += " inputmode=\"decimal\" aria-describedby=\"conversion-help\"/>"
        out += "<label for=\"edit-rate\">Rate</label><input id=\"edit-rate\" name=\"rate\" value=\"\(values.rate)\" inputmode=\"decimal\" aria-describedby=\"conversion-help\"/>"
        return out
    }
}
