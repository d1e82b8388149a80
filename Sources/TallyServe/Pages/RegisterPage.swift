import TallyCore
import TallyReports
import TallySyntax

/// `/register?...`: the rows `tally register` lists for the same options (`period`,
/// `begin`, `end`, `wallet`, `category`, `tag`, `payee`, `type`, `search`, `sort`, `desc`,
/// and `q` for the query words), each row's date a link to its line in the source. When
/// the filters keep every line of a wallet, its opening balance is the first row
/// (``RegisterReport/openings(_:filter:fromBeginning:)``), so that a balance's rows add up to it.
/// `market` and `exchange` value the rows as `/api/register` does (one library call).
enum RegisterPage {
    /// The most rows a page shows; the rest are counted, and `tally register` lists them.
    static let rowLimit = 2000

    static func render(_ snapshot: BudgetStore.Snapshot, _ budget: ReportBudget, query: [(String, String)]) throws(UsageError) -> HTML {
        var request = try ReportRequest(page: query)
        try readOwnOptions(query, into: &request)
        let model = budget.model
        var body = filterForm(query, budget)
        var rows = HTML()
        let caption: String, count: Int
        if case .market(let code)? = request.valuation {
            // Valued at market: the API's rows, by the same library call (`ReportKind.answer`).
            let report: RegisterReport
            switch ReportKind.register.answer(request, budget: budget) {
            case .success(.register(let value)): report = value
            case .success: throw UsageError("the register could not be valued")
            case .failure(.usage(let error)): throw error
            case .failure(let refusal): throw UsageError(refusal.message)
            }
            for row in report.rows.prefix(rowLimit) { rows += self.row(row, budget, currency: report.currencies[row.wallet], snapshot) }
            count = report.rows.count
            caption = "\(count) row\(count == 1 ? "" : "s") at market value in \(code ?? model.defaultCurrency) (opening balances are not valued)"
        } else {
            let filter = try budget.filter(request.filters, range: request.days(in: budget))
            // Ordered as lines, which hold no text; rows are made for the lines shown alone.
            let lines = model.registerLines(filter, sort: request.sort, descending: request.descending)
            // Openings first: rows up to a day then add up to the balance on it.
            let openings = RegisterReport.openings(model, filter: filter, fromBeginning: request.startsAtBeginning)
            for opening in openings {
                let wallet = model.wallets[opening.wallet]
                let amount = budget.plain(opening.amount, wallet.currency)
                // An opening is part of its wallet's line: no form edits it there.
                let action = SourceLinks.href(wallet.location, snapshot).map {
                    " <a class=\"row-action\" href=\"\($0)\" aria-label=\"The opening balance is set on the wallet's line: change it in the file\">On the wallet's line</a>" as HTML
                }
                rows += row(
                    date: "\(opening.date?.description ?? "")", payee: "Opening balance", wallet: wallet.name, category: "", note: "", amount: amount, balance: amount,
                    actions: action ?? HTML())
            }
            for shown in lines.prefix(rowLimit) {
                let line = model.registerRow(shown)
                rows += row(line, budget, currency: model.wallets[line.wallet].currency, snapshot)
            }
            count = lines.count
            caption = "\(count) row\(count == 1 ? "" : "s")" + (openings.isEmpty ? "" : " and \(openings.count) opening balance\(openings.count == 1 ? "" : "s")")
        }
        let headers = ["Date", "Payee", "Wallet", "Category", "Amount", "Balance", "Note"]
        var live = PageLayout.tableHead(caption: caption, headers: headers, numeric: [4, 5], classes: [2: "wide-only", 3: "wide-only", 5: "wide-only", 6: "wide-only"])
        live = live + PageLayout.tableEnd(rows, columns: headers.count)
        if count > rowLimit {
            live += "<p class=\"note\">The first \(rowLimit) of \(count) rows; narrow the period or filters for the rest.</p>\n"
        }
        body += PageLayout.live("register", live)
        return body
    }

    /// The register's own options among `query`, read by the grammar `/api/register`
    /// reads them with: a valuation (`market`, `exchange`, `cost`) is honoured; a sum by
    /// period (`monthly`…) and `running` are refused in words, as this page lists each
    /// row with its wallet's balance: never dropped silently.
    static func readOwnOptions(_ query: [(String, String)], into request: inout ReportRequest) throws(UsageError) {
        let own = ReportKind.register.ownOptions
        for (name, value) in query {
            guard let takesValue = own["--" + name] else { continue }
            if takesValue, value.isEmpty { throw UsageError("`\(name)` needs a value") }
            try request.readOwn("--" + name, value.isEmpty ? nil : value, takesValue: takesValue)
        }
        try ReportKind.register.check(&request, hasQuery: !request.queryTerms.isEmpty)
        if request.step != nil || request.running {
            let asked = query.map(\.0).filter { own["--" + $0] != nil && !["market", "exchange", "cost"].contains($0) }
            throw UsageError(
                "this page lists each row with its wallet's balance; `\(asked.joined(separator: "`, `"))` is for `/api/register`: remove it to see the rows")
        }
    }

    /// A row of `line`, its amount and balance in `currency`, its date a link to its line.
    private static func row(_ line: RegisterRow, _ budget: ReportBudget, currency: String, _ snapshot: BudgetStore.Snapshot) -> HTML {
        let model = budget.model
        let entry = model.entries[line.entry]
        let source = SourceLinks.href(entry.location, snapshot) ?? ""
        let category = line.category.map { model.categories[$0].name } ?? line.counterpart.map { "→ " + model.wallets[$0].name } ?? ""
        return row(
            date: source.isEmpty ? "\(line.date)" : PageLayout.link(source, line.date.description), payee: line.payee ?? "",
            wallet: model.wallets[line.wallet].name, category: category, note: (line.note ?? "") + line.tags.map { " #" + $0 }.joined(),
            amount: budget.plain(line.amount, currency), balance: budget.plain(line.balance, currency), actions: EntryActions.editLink(entry, snapshot))
    }

    /// One row: on a phone date · payee, with the category, wallet and note under it ·
    /// amount; on a wide screen wallet, category, balance and note in columns of their own.
    /// `actions` (links or buttons for the row's entry) go under the payee.
    static func row(date: HTML, payee: String, wallet: String, category: String, note: String, amount: String, balance: String, actions: HTML = HTML()) -> HTML {
        let under = [category, wallet, note].filter { !$0.isEmpty }.joined(separator: " · ")
        var out: HTML = "<tr><th scope=\"row\" class=\"date\">\(date)</th>"
        out += "<td class=\"payee\">\(payee)<span class=\"under narrow-only\">\(under)</span>\(actions)</td>"
        out += "<td class=\"wide-only\">\(wallet)</td><td class=\"wide-only\">\(category)</td>"
        out += "<td class=\"num amount\"><span data-figure=\"amount\">\(amount)</span></td><td class=\"num wide-only\">\(balance)</td>"
        return out + "<td class=\"wide-only\">\(note)</td></tr>\n"
    }

    /// The filters as a form that asks for this page again (a GET: nothing is written).
    static func filterForm(_ query: [(String, String)], _ budget: ReportBudget) -> HTML {
        func value(_ name: String) -> String { query.first { $0.0 == name }?.1 ?? "" }
        func field(_ name: String, _ label: String, _ list: String? = nil) -> HTML {
            "<label>\(label)<input name=\"\(name)\" value=\"\(value(name))\"\(list.map { " list=\"\($0)\"" } ?? HTML())/></label>"
        }
        // Folded away on a phone unless a filter is set: the rows come first.
        let filtering = query.contains { ["period", "wallet", "category", "payee", "q"].contains($0.0) && !$0.1.isEmpty }
        var out: HTML = "<details class=\"filters-box\"\(filtering ? " open=\"open\"" as HTML : "")><summary>Filters</summary>"
        out += "<form class=\"filters\" method=\"get\" action=\"/register\" role=\"search\">"
        out += field("period", "Period") + field("wallet", "Wallet", "wallet-names") + field("category", "Category", "category-names")
        out += field("payee", "Payee") + field("q", "Query words")
        out += "<datalist id=\"wallet-names\">" + budget.model.wallets.map { "<option value=\"\($0.name)\"></option>" as HTML }.joined() + "</datalist>"
        out += "<datalist id=\"category-names\">" + budget.model.categories.map { "<option value=\"\($0.name)\"></option>" as HTML }.joined() + "</datalist>"
        for (name, value) in query where !["period", "wallet", "category", "payee", "q"].contains(name) {
            out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>"
        }
        return out + "<button type=\"submit\">Show</button></form></details>\n"
    }
}
