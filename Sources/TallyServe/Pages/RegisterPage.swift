import TallyCore
import TallyReports
import TallySyntax

/// `/register?...`: the rows `tally register` lists for the same options (`period`,
/// `begin`, `end`, `wallet`, `category`, `tag`, `payee`, `type`, `search`, `sort`, `desc`,
/// and `q` for the query words), each row's date a link to its line in the source. When
/// the filters keep every line of a wallet, its opening balance is the first row
/// (``RegisterReport/openings(_:filter:fromBeginning:)``), so that a balance's rows add up to it.
enum RegisterPage {
    /// The most rows a page shows; the rest are counted, and `tally register` lists them.
    static let rowLimit = 2000

    static func render(_ snapshot: BudgetStore.Snapshot, _ budget: ReportBudget, query: [(String, String)]) throws(UsageError) -> HTML {
        let request = try ReportRequest(page: query)
        let filter = try budget.filter(request.filters, range: request.days(in: budget))
        let report = RegisterReport(budget, filter: filter, sort: request.sort, descending: request.descending)
        let model = budget.model
        var body = filterForm(query, budget)
        var rows: [[HTML]] = []
        // Openings first: rows up to a day then add up to the balance on it.
        let openings = RegisterReport.openings(model, filter: filter, fromBeginning: request.startsAtBeginning)
        for opening in openings {
            let wallet = model.wallets[opening.wallet]
            let amount = budget.plain(opening.amount, wallet.currency)
            rows.append(["\(opening.date?.description ?? "")", "Opening balance", "\(wallet.name)", "", "\(amount)", "\(amount)", ""])
        }
        for row in report.rows.prefix(rowLimit) {
            let entry = model.entries[row.entry]
            let source = SourceLinks.href(entry.location, snapshot) ?? ""
            let wallet = model.wallets[row.wallet]
            let category = row.category.map { model.categories[$0].name } ?? row.counterpart.map { "→ " + model.wallets[$0].name } ?? ""
            rows.append([
                source.isEmpty ? "\(row.date)" : PageLayout.link(source, row.date.description), "\(row.payee ?? "")", "\(wallet.name)",
                "\(category)", "\(budget.plain(row.amount, wallet.currency))", "\(budget.plain(row.balance, wallet.currency))",
                "\((row.note ?? "") + row.tags.map { " #" + $0 }.joined())" + EntryActions.editLink(entry, snapshot)
            ])
        }
        var live = PageLayout.table(
            caption: "\(report.rows.count) row\(report.rows.count == 1 ? "" : "s")" + (openings.isEmpty ? "" : " and \(openings.count) opening balance\(openings.count == 1 ? "" : "s")"),
            headers: ["Date", "Payee", "Wallet", "Category", "Amount", "Balance", "Note"], numeric: [4, 5], rows: rows)
        if report.rows.count > rowLimit {
            live += "<p class=\"note\">The first \(rowLimit) of \(report.rows.count) rows; narrow the period or filters for the rest.</p>\n"
        }
        body += PageLayout.live("register", live)
        return body
    }

    /// The filters as a form that asks for this page again (a GET: nothing is written).
    static func filterForm(_ query: [(String, String)], _ budget: ReportBudget) -> HTML {
        func value(_ name: String) -> String { query.first { $0.0 == name }?.1 ?? "" }
        func field(_ name: String, _ label: String, _ list: String? = nil) -> HTML {
            "<label>\(label)<input name=\"\(name)\" value=\"\(value(name))\"\(list.map { " list=\"\($0)\"" } ?? HTML())/></label>"
        }
        var out: HTML = "<form class=\"filters\" method=\"get\" action=\"/register\" role=\"search\">"
        out += field("period", "Period") + field("wallet", "Wallet", "wallet-names") + field("category", "Category", "category-names")
        out += field("payee", "Payee") + field("q", "Query words")
        out += "<datalist id=\"wallet-names\">" + budget.model.wallets.map { "<option value=\"\($0.name)\"></option>" as HTML }.joined() + "</datalist>"
        out += "<datalist id=\"category-names\">" + budget.model.categories.map { "<option value=\"\($0.name)\"></option>" as HTML }.joined() + "</datalist>"
        for (name, value) in query where !["period", "wallet", "category", "payee", "q"].contains(name) {
            out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>"
        }
        return out + "<button type=\"submit\">Show</button></form>\n"
    }
}
