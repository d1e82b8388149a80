import TallyReports

/// `/import`: choose a statement (a file sent from the browser, or one of the statement
/// files beside the budget) and the wallet, see what the import would write
/// (``ImportStatements`` as a dry run), then confirm it.
enum ImportPage {
    /// The form that asks for the statement; it sends the file (`multipart/form-data`)
    /// to the preview.
    static func render(_ budget: ReportBudget, statements: [String], token: String, version: String) -> HTML {
        var out: HTML = "<p class=\"muted\">What is imported is decided as an import from the command line decides it: "
        out += "the budget's <code>import</code> profiles say how a bank's statement is read, and each movement is added once.</p>\n"
        out += "<div class=\"cards\">\n<form class=\"card\" method=\"post\" action=\"/import/preview\" enctype=\"multipart/form-data\" id=\"import-form\">"
        out += "<h2>Choose a statement</h2>" + PageLayout.formGuard(token: token, version: version)
        out += "<label for=\"import-upload\">Send a file (at most 1 MB)</label><input id=\"import-upload\" name=\"upload\" type=\"file\"/>"
        if !statements.isEmpty {
            out += "<label for=\"import-statement\">or a statement beside the budget</label><select id=\"import-statement\" name=\"statement\">"
            out += "<option value=\"\">(none)</option>" + statements.map { "<option>\($0)</option>" as HTML }.joined() + "</select>"
        }
        out += wallets(budget, selected: nil)
        out += "<button type=\"submit\">Preview</button></form>\n</div>\n"
        return out
    }

    /// The wallet choice; empty lets the statement's account choose by the profiles.
    static func wallets(_ budget: ReportBudget, selected: String?) -> HTML {
        var out: HTML = "<label for=\"import-wallet\">Wallet</label><select id=\"import-wallet\" name=\"wallet\">"
        out += "<option value=\"\">(the only one, or the one whose profile names the account)</option>"
        for wallet in budget.model.wallets where wallet.closed == nil {
            let mark: HTML = wallet.name == selected ? " selected=\"selected\"" : ""
            out += "<option\(mark)>\(wallet.name)</option>"
        }
        return out + "</select>"
    }

    /// The dry run's lines and summary and, when it may be imported, the form that
    /// confirms it; or why it cannot be imported.
    static func preview(_ preview: WriteForms.ImportPreview, token: String) -> HTML {
        var out = HTML()
        switch preview.outcome {
        case .failure(let refusal):
            out += PageLayout.message("This statement cannot be imported as it is; nothing was written.", kind: "error")
            out += "<pre class=\"source output\" id=\"import-problems\">\(refusal.message)</pre>\n"
        case .success(let result):
            if !result.parts.isEmpty {
                out += "<h2>What would be written</h2>\n<div id=\"dry-run\">\n"
                for part in result.parts {
                    out += "<p>To <code>\(part.file)</code>:</p>\n"
                    out += "<pre class=\"source output\">\(part.lines.joined(separator: "\n"))</pre>\n"
                }
                out += "</div>\n"
            }
            let refused = result.refusals.map { "  refused  \($0)\n" }.joined()
            out += "<h2>Summary</h2>\n<pre class=\"source output\" id=\"import-summary\">\(result.summary)\(refused)</pre>\n"
            out += "<div class=\"cards\">\n<form class=\"card\" method=\"post\" action=\"/import\" id=\"confirm-form\"><h2>Import \(preview.statement.name)</h2>"
            out += PageLayout.formGuard(token: token, version: preview.version)
            for (name, value) in preview.statement.fields + [("wallet", preview.wallet ?? "")] {
                out += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\"/>"
            }
            if result.refusedRows {
                // `tally import` writes nothing then; confirming here is the `--skip-refused`.
                let count = result.refusals.count
                out += "<p id=\"import-refused\">\(count) movement\(count == 1 ? " is" : "s are") refused (the summary says why): importing writes the others, and asserts no closing balance.</p>"
            }
            out += "<p class=\"muted\">Written only if no file of the budget changes on disk before you confirm.</p>"
            out += "<button type=\"submit\">Import</button></form>\n</div>\n"
        }
        out += "<p>" + PageLayout.link("/import", "Choose another statement") + "</p>\n"
        return out
    }
}
