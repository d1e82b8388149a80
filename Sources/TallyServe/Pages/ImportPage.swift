import TallyReports

/// `/import`: choose a statement (a file sent from the browser, or one of the statement
/// files beside the budget) and the wallet, see what `tally import --dry-run` prints,
/// then confirm, which runs `tally import` itself.
enum ImportPage {
    /// The form that asks for the statement; it sends the file (`multipart/form-data`)
    /// to the preview.
    static func render(_ budget: ReportBudget, statements: [String], token: String, version: String) -> String {
        var out = "<p class=\"muted\">What is imported is decided as <code>tally import</code> decides it: "
        out += "the budget's <code>import</code> profiles say how a bank's statement is read, and each movement is added once.</p>\n"
        out += "<div class=\"cards\">\n<form class=\"card\" method=\"post\" action=\"/import/preview\" enctype=\"multipart/form-data\" id=\"import-form\">"
        out += "<h2>Choose a statement</h2>" + PageLayout.formGuard(token: token, version: version)
        out += "<label for=\"import-upload\">Send a file (at most 1 MB)</label><input id=\"import-upload\" name=\"upload\" type=\"file\"/>"
        if !statements.isEmpty {
            out += "<label for=\"import-statement\">or a statement beside the budget</label><select id=\"import-statement\" name=\"statement\">"
            out += "<option value=\"\">(none)</option>" + statements.map { "<option>\(PageLayout.esc($0))</option>" }.joined() + "</select>"
        }
        out += wallets(budget, selected: nil)
        out += "<button type=\"submit\">Preview</button></form>\n</div>\n"
        return out
    }

    /// The wallet choice; empty lets the statement's account choose by the profiles.
    static func wallets(_ budget: ReportBudget, selected: String?) -> String {
        var out = "<label for=\"import-wallet\">Wallet</label><select id=\"import-wallet\" name=\"wallet\">"
        out += "<option value=\"\">(the only one, or the one whose profile names the account)</option>"
        for wallet in budget.model.wallets where wallet.closed == nil {
            let mark = wallet.name == selected ? " selected=\"selected\"" : ""
            out += "<option\(mark)>\(PageLayout.esc(wallet.name))</option>"
        }
        return out + "</select>"
    }

    /// The dry run's output and, when it may be imported, the form that confirms it.
    static func preview(_ preview: WriteForms.ImportPreview, token: String) -> String {
        let output = preview.output
        var out = ""
        if !output.err.isEmpty {
            out += PageLayout.message(output.code == 0 ? "Notes from the import:" : "This statement cannot be imported as it is; nothing was written.", kind: output.code == 0 ? "note" : "error")
            out += "<pre class=\"source output\" id=\"import-problems\">\(PageLayout.esc(output.err))</pre>\n"
        }
        if !output.out.isEmpty {
            out += "<h2>What would be written</h2>\n<pre class=\"source output\" id=\"dry-run\">\(PageLayout.esc(output.out))</pre>\n"
        }
        if output.code == 0 || (output.err.isEmpty && !output.out.isEmpty) {
            out += "<div class=\"cards\">\n<form class=\"card\" method=\"post\" action=\"/import\" id=\"confirm-form\"><h2>Import \(PageLayout.esc(preview.statement.name))</h2>"
            out += PageLayout.formGuard(token: token, version: preview.version)
            for (name, value) in preview.statement.fields + [("wallet", preview.wallet ?? "")] {
                out += "<input type=\"hidden\" name=\"\(PageLayout.esc(name))\" value=\"\(PageLayout.esc(value))\"/>"
            }
            out += "<p class=\"muted\">Written only if no file of the budget changes on disk before you confirm.</p>"
            out += "<button type=\"submit\">Import</button></form>\n</div>\n"
        }
        out += "<p>" + PageLayout.link("/import", "Choose another statement") + "</p>\n"
        return out
    }
}
