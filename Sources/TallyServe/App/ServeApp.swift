import TallyActions
import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The web app: routes each request (after ``AccessRules``) to a page, the API, an asset
/// or a form. It holds no state of its own beyond the ``BudgetStore``; no request's path
/// names a file (the source view takes a file's place in the budget's list), and nothing
/// of the budget is logged.
public struct ServeApp: Sendable {
    /// The budget.
    public let store: BudgetStore
    /// Who may ask what.
    public let rules: AccessRules
    /// `--today`, else the day of each request (TALLY_TODAY or the system's date).
    public let fixedToday: CivilDate?
    private let environment: [String: String]
    /// Statements sent to the import screen, between preview and confirmation.
    let uploads = KeptByKey<StatementUpload>(capacity: 4)
    /// What each write answered, for the page it leads back to (never text from the URL).
    let answers = KeptByKey<String>(capacity: 16)
    /// What takes back each write made from the pages, for the Undo button under its answer.
    let undos = KeptByKey<WriteUndo>(capacity: 16)

    public init(store: BudgetStore, rules: AccessRules, today: CivilDate?, environment: [String: String] = [:]) {
        self.store = store
        self.rules = rules
        fixedToday = today
        self.environment = environment
    }

    /// The day figures are as of.
    var today: CivilDate {
        fixedToday ?? Interpreter.todayOrSystemDate(environment: environment)
    }

    /// Answers `request`.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch rules.verdict(request) {
        case .refuse(.unauthorized, _): return WayInPage.response(path: request.path)
        case .refuse(let status, let message): return .text(message, status: status)
        case .acceptToken(let location): return .redirect(location.isEmpty ? "/" : location, headers: [rules.cookieHeader])
        case .allow: break
        }
        if request.method == "POST" { return post(request) }
        if let asset = Assets.asset(request.path) {
            return HTTPResponse(contentType: asset.type, body: asset.bytes)
        }
        if request.path == "/api/version" { return .json("{\"version\":\"\(store.currentVersion())\"}\n") }
        if request.path.hasPrefix("/api/") { return api(request, report: String(request.path.dropFirst("/api/".count))) }
        return page(request)
    }

    /// The snapshot for the request's day (`today=` or the server's).
    private func snapshot(_ request: HTTPRequest) -> Result<BudgetStore.Snapshot, UsageError> {
        var day = today
        if let text = request.parameter("today") {
            guard let date = CivilDate(iso: text) else { return .failure(UsageError("`today=\(text)` is not a date; write it as YYYY-MM-DD, such as 2026-11-22")) }
            day = date
        }
        return .success(store.snapshot(today: day))
    }

    // MARK: API

    private func api(_ request: HTTPRequest, report name: String) -> HTTPResponse {
        guard name == "diagnostics" || ReportKind(rawValue: name) != nil else {
            return .json(Self.errorJSON("no report named `\(name)`"), status: .notFound)
        }
        let snapshot: BudgetStore.Snapshot
        switch self.snapshot(request) {
        case .success(let value): snapshot = value
        case .failure(let error): return .json(Self.errorJSON(error.message(.parameters)), status: .badRequest)
        }
        guard let report = ReportKind(rawValue: name) else {
            let result = store.check(snapshot)
            if let problem = result.unreadable.first { return .json(Self.errorJSON(problem), status: .badRequest) }
            return .json(DiagnosticsPage.json(result))
        }
        guard let opened = snapshot.opened else { return .json(Self.errorJSON(snapshot.problem ?? "the budget cannot be read"), status: .conflict) }
        let asked: ReportRequest
        switch APIRoute.request(report, request.query) {
        case .success(let value): asked = value
        case .failure(let error): return .json(Self.errorJSON(error.message(.parameters)), status: .badRequest)
        }
        if report == .register {
            // Rows in the budget's order are written as they are walked (8 clients at once
            // asking for 100k rows hold a piece each); sorted ones are ordered first as
            // lines without text, then written from the model in pieces too (never the whole
            // text and its copies: 40.8 MB at 100k, `serve_bench.py`, 2026-11-29); summed, running or valued ones are made whole.
            switch RegisterStream.ordered(asked, budget: opened.report) {
            case .success(let stream?): return .jsonStream { stream.writeJSON(to: $0) }
            case .success(nil): break
            case .failure(let refusal): return .json(Self.errorJSON(refusal.message(.parameters)), status: .badRequest)
            }
        }
        switch report.answer(asked, budget: opened.report) {
        case .success(.register(let rows)): return .jsonStream { rows.writeJSON(to: $0) }
        case .success(let result): return .json(result.json)
        case .failure(let refusal):
            let message = refusal.message(.parameters)
            if case .usage = refusal { return .json(Self.errorJSON(message), status: .badRequest) }
            return .json(Self.errorJSON(message), status: .conflict)
        }
    }

    static func errorJSON(_ message: String) -> String {
        JSONValue.object([("error", .string(message))]).rendered()
    }

    // MARK: Pages

    /// Every path a `GET` draws a page at: the navigation's pages, the source view, an entry's form.
    static let pagePaths = PageLayout.pages.map(\.path) + ["/source", "/edit"]

    /// Every path a form is sent to (``post(_:)``).
    static let formPaths = ["/import/preview", "/import", "/edit", "/delete", "/undo", "/add", "/assign", "/move", "/record"]

    private func page(_ request: HTTPRequest) -> HTTPResponse {
        guard Self.pagePaths.contains(request.path) else {
            return .text("No page here.", status: .notFound)
        }
        let snapshot: BudgetStore.Snapshot
        switch self.snapshot(request) {
        case .success(let value): snapshot = value
        case .failure(let error): return .html(PageLayout.document(title: "Tally", path: request.path, version: "", body: PageLayout.message(error.message(.parameters), kind: "error")), status: .badRequest)
        }
        var message = request.parameter("done").flatMap(answers.take).map { PageLayout.message($0) } ?? HTML()
        if !message.rendered.isEmpty, let key = request.parameter("undo"), undos.value(key) != nil {
            message += EntryActions.undoButton(key: key, token: rules.token, version: snapshot.version)
        }
        guard let opened = snapshot.opened else {
            let body = PageLayout.message(snapshot.problem ?? "The budget cannot be read.", kind: "error")
            return .html(PageLayout.document(title: "Tally", path: request.path, version: snapshot.version, body: body), status: .conflict)
        }
        let budget = opened.report
        let readOnly = WriteForms.readOnlyReason(store)
        let purchaseForm = readOnly.map { PageLayout.message($0) } ?? "<div class=\"cards\">\n" + PurchaseForm.render(budget, token: rules.token, version: snapshot.version) + "</div>\n"
        var title = "", body = HTML()
        do throws(UsageError) {
            switch request.path {
            case "/":
                title = "Overview"
                let month = try request.parameter("month").map { text throws(UsageError) in
                    guard case .month? = try? PeriodSpec(text, flag: "month") else { throw UsageError("`month`: `\(text)` is not a month; write YYYY-MM") }
                    return try PeriodSpec(text, flag: "month").first(today: budget.today, weekStart: budget.model.weekStart)
                }
                body = OverviewPage.render(budget, month: month, months: 6) + purchaseForm
            case "/envelopes":
                title = "Envelopes"
                body = try EnvelopesPage.render(budget, query: request.query, token: rules.token, version: snapshot.version, readOnly: readOnly, snapshot: snapshot)
            case "/register":
                title = "Register"
                body = try RegisterPage.render(snapshot, budget, query: request.query.filter { $0.0 != "done" }) + purchaseForm
            case "/goals":
                title = "Goals"
                body = GoalsPage.render(budget, at: try ReportRequest(page: request.query).at ?? budget.today)
            case "/due":
                title = "Due"
                // `days` read as `/api/due` reads it: a count that is none is refused, never guessed.
                var asked = try ReportKind.due.request(request.query.filter { $0.0 == "days" })
                try ReportKind.due.check(&asked, hasQuery: false)
                body = DuePage.render(budget, days: asked.days ?? 30, token: rules.token, version: snapshot.version, readOnly: readOnly)
            case "/import":
                title = "Import"
                body =
                    readOnly.map { PageLayout.message($0) }
                    ?? ImportPage.render(budget, statements: WriteForms.statementFiles(besides: store.arguments[0]), token: rules.token, version: snapshot.version)
            case "/edit":
                title = "Edit an entry"
                body = EntryActions.editPage(request, snapshot, token: rules.token, readOnly: readOnly)
            case "/diagnostics":
                title = "Diagnostics"
                body = DiagnosticsPage.render(store.check(snapshot), snapshot)
            default:
                guard let file = request.parameter("file").flatMap({ Int($0) }),
                    let source = SourcePage.render(snapshot, file: file, line: request.parameter("line").flatMap { Int($0) })
                else { return .text("No such file in this budget.", status: .notFound) }
                title = source.title
                body = source.body
            }
        } catch {
            return .html(PageLayout.document(title: title, path: request.path, version: snapshot.version, body: PageLayout.message(error.message(.parameters), kind: "error")), status: .badRequest)
        }
        let stale = request.path == "/import" ? "The budget changed on disk since this page was drawn; reload it." : PageLayout.staleFigures
        let banner = request.path == "/diagnostics" ? HTML() : ProblemsBanner.render(snapshot)
        return .html(PageLayout.document(title: title, path: request.path, version: snapshot.version, body: message + banner + body, stale: stale))
    }

    // MARK: Forms

    private func post(_ request: HTTPRequest) -> HTTPResponse {
        let type = request.header("content-type")?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") || (request.path == "/import/preview" && request.multipart != nil) else {
            return .text("Forms are sent as application/x-www-form-urlencoded (a statement as multipart/form-data).", status: .unsupportedMediaType)
        }
        guard Self.formPaths.contains(request.path) else { return .text("Nothing is written here.", status: .notFound) }
        let forms = WriteForms(store: store, today: today, token: rules.token)
        if request.path == "/add" || request.path == "/edit", request.field("more") != nil { return moreRows(request) }
        let back: String
        let done: WriteForms.Done
        do throws(WriteForms.Refusal) {
            switch request.path {
            case "/import/preview":
                let preview = try forms.previewImport(request, uploads: uploads)
                let status: HTTPStatus
                switch preview.outcome {
                case .success: status = .ok
                case .failure(let refusal): status = refusal.status
                }
                let body = ImportPage.preview(preview, token: rules.token)
                let stale = "The budget changed on disk since this preview, so importing it now would be refused: choose the statement again."
                return .html(PageLayout.document(title: "Import: preview", path: "/import", version: preview.version, body: body, stale: stale), status: status)
            case "/import": (done, back) = (try forms.confirmImport(request, uploads: uploads), "/import")
            case "/edit": (done, back) = (try forms.edit(request), EntryActions.back(request))
            case "/delete": (done, back) = (try forms.delete(request), EntryActions.back(request))
            case "/undo": (done, back) = (try forms.undo(request, kept: undos), Self.backPath(request) ?? "/register")
            case "/add": (done, back) = (try forms.add(request), "/register")
            case "/assign": (done, back) = (try forms.envelopeLine(request, move: false), "/envelopes")
            case "/move": (done, back) = (try forms.envelopeLine(request, move: true), "/envelopes")
            default: (done, back) = (try forms.record(request), "/due")  // "/record", the last of ``formPaths``
            }
        } catch {
            var body = PageLayout.message(error.message, kind: "error")
            if let form = error.form { body += "<div class=\"cards\">\n" + form + "</div>\n" }
            body += "<p>\(PageLayout.link(request.header("referer").flatMap { Self.localPath($0) } ?? "/", "Reload the page"))</p>\n"
            return .html(PageLayout.document(title: "Nothing was written", path: "", version: store.currentVersion(), body: body), status: error.status)
        }
        var query = [("done", answers.keep(done.text))]
        if let undo = done.undo { query.append(("undo", undos.keep(undo))) }
        return .redirect(back + FormData.query(query))
    }

    /// The add or edit form sent back by its "Add a category row" button: drawn again
    /// with what was typed and one split row more; nothing is written.
    private func moreRows(_ request: HTTPRequest) -> HTTPResponse {
        let snapshot = store.snapshot(today: today)
        guard let model = snapshot.opened?.report.model else { return .text("The budget cannot be read.", status: .conflict) }
        var values = EntryForm.Values(request)
        if values.splits.isEmpty, !values.category.isEmpty { values.splits = [.init(category: values.category, amount: "")] }
        let edit = request.path == "/edit"
        let hidden = edit ? ["file", "line", "fp"].map { ($0, request.field($0) ?? "") } : []
        let form = EntryForm.render(
            values, model, action: request.path, submit: edit ? "Save" : "Add", hidden: hidden, rows: max(2, values.splits.count + 1), token: rules.token,
            version: request.field("version") ?? snapshot.version)
        let title = edit ? "Edit an entry" : "Add a purchase"
        return .html(PageLayout.document(title: title, path: edit ? "/register" : "", version: snapshot.version, body: "<div class=\"cards\">\n" + form + "</div>\n"))
    }

    /// The path (without its query) of the page a form was sent from, when it is this server's.
    static func backPath(_ request: HTTPRequest) -> String? {
        guard let path = request.header("referer").flatMap(localPath) else { return nil }
        return String(path.prefix { $0 != "?" && $0 != "#" })
    }

    /// The path and query of a URL on this server, for a link back; nil for others.
    static func localPath(_ url: String) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
