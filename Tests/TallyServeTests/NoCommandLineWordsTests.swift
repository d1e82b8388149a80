import Foundation
import TallyCore
import TallyReports
import TallyTestSupport
import Testing

@testable import TallyServe

/// No answer of the web app speaks the command line's words, however it is asked: every
/// page and report the app routes (its own tables, not a list kept here) asked with every
/// parameter any of them reads set to wrong values, alone and two at a time, and every
/// form its pages draw sent with each field wrong. No body holds a flag (`--period`, `-X`),
/// a command (`tally register`) or a Swift type's name (`TallyCore.`, `Error(`).
@Suite struct NoCommandLineWordsTests {
    /// The words of a command line or of Swift, found in `body`; empty when there are none.
    static func commandLineWords(_ body: String) -> [String] {
        let patterns = [
            "--[A-Za-z]", "(?<![\\w&#;-])-[A-Z](?![\\w-])", "\\btally [a-z]", "Tally[A-Z][A-Za-z]*\\.", "[A-Za-z]Error\\(", "\\bError\\("
        ]
        let text = body as NSString
        var found: [String] = []
        for pattern in patterns {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: body, range: NSRange(location: 0, length: text.length)) {
                let start = max(0, match.range.location - 40)
                found.append(text.substring(with: NSRange(location: start, length: match.range.location + match.range.length - start)))
            }
        }
        return found
    }

    @Test func theCheckFindsEachKindOfWord() {
        // A test that cannot fail is a defect: each word it looks for is found.
        for text in ["`--period`: no", "use -V here", "`-X`: no rate", "run `tally check`", "notWritten(TallyCore.FileWriteError(x))"] {
            #expect(!Self.commandLineWords(text).isEmpty, "\(text)")
        }
        for text in ["`period`: `bogus` is not a period", "-12.50 or +12.50", "the `register` report", "<!-- note -->", "aria-label"] {
            #expect(Self.commandLineWords(text).isEmpty, "\(text)")
        }
    }

    /// Every name a page or report reads, as the web app names it: the shared options, each
    /// report's own (from the library's tables), and the pages' own parameters.
    static var parameters: [String] {
        let shared = ReportRequest.Option.allCases.map(\.rawValue)
        let own = ReportKind.allCases.flatMap { $0.ownOptions.keys }.map { OptionNaming.parameters.name(ofOption: $0) }
        let pages = ["q", "month", "days", "file", "line", "fp", "done", "undo", "today", "X", "V"]
        var seen = Set<String>()
        return (shared + own + pages + APIRoute.refused).filter { seen.insert($0).inserted }.sorted()
    }

    /// Every path a `GET` answers: the app's pages and each report of its API.
    static var paths: [String] {
        ServeApp.pagePaths + ReportKind.allCases.map { "/api/" + $0.rawValue } + ["/api/diagnostics", "/api/nothing"]
    }

    /// Wrong values, none of which spells a flag itself.
    static let wrongValues = ["", "bogus", "0", "-1", "99999999999", "2026-13-45", "2026-11..2026-10", "..", "Nowhere", "\u{00E9}`'\"<x>"]

    /// A value each parameter could take, so that two together meet each other's checks.
    static func likely(_ name: String) -> String {
        switch name {
        case "today", "at", "until": "2026-11-10"
        case "period", "begin", "end", "month": "2026-11"
        case "days", "depth", "months", "line", "file": "2"
        case "wallet": "Checking"
        case "category": "Groceries"
        case "by": "kind"
        case "sort": "amount"
        case "type": "expense"
        case "exchange", "X": "USD"
        case "envelope": "Groceries"
        default: ""
        }
    }

    let folder: TemporaryFolder
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-no-flags")
        let file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    private func expectPlain(_ target: String, _ answer: HTTPResponse, _ what: String = "") {
        let words = Self.commandLineWords(answer.text)
        #expect(words.isEmpty, "\(what)\(target) → \(answer.status): \(words)")
    }

    @Test func everyRouteWithEachParameterWrong() {
        defer { folder.remove() }
        for path in Self.paths {
            for name in Self.parameters {
                for value in Self.wrongValues {
                    let target = path + FormData.query([(name, value)])
                    expectPlain(target, serve.get(target))
                }
                let twice = path + FormData.query([(name, Self.likely(name)), (name, "bogus")])
                expectPlain(twice, serve.get(twice))
            }
        }
    }

    @Test func everyRouteWithTwoParametersThatMayClash() {
        defer { folder.remove() }
        let names = Self.parameters
        for path in Self.paths {
            for (i, first) in names.enumerated() {
                for second in names[(i + 1)...] {
                    let target = path + FormData.query([(first, Self.likely(first)), (second, Self.likely(second))])
                    expectPlain(target, serve.get(target))
                }
            }
        }
    }

    /// Each form on `page` sent with method `post`: its action and its fields as drawn
    /// (an input's value, a select's selected or first option), the guard fields left to
    /// ``ServeTestApp/post``.
    static func forms(_ page: String) -> [(action: String, fields: [(String, String)])] {
        func matches(_ pattern: String, _ text: String) -> [[String]] {
            let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            let ns = text as NSString
            return expression.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
                (0 ..< match.numberOfRanges).map { match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0)) }
            }
        }
        return matches("<form[^>]*method=\"post\"[^>]*action=\"([^\"]*)\"[^>]*>(.*?)</form>", page).map { form in
            let fields = matches("<(input|select)[^>]*name=\"([^\"]*)\"([^>]*)>(?:(.*?)</select>)?", form[2]).compactMap { field -> (String, String)? in
                guard field[2] != "_token", field[2] != "version" else { return nil }
                if field[1] == "select" {
                    let chosen = matches("<option selected=\"selected\"[^>]*>([^<]*)<", field[4]).first ?? matches("<option[^>]*>([^<]*)<", field[4]).first
                    return (field[2], chosen?[1] ?? "")
                }
                return (field[2], matches("value=\"([^\"]*)\"", field[3]).first?[1] ?? "")
            }
            return (form[1], fields)
        }
    }

    @Test func everyFormWithEachFieldWrong() throws {
        defer { folder.remove() }
        let register = serve.get("/register").text
        let start = try #require(register.range(of: "/edit?file=0&amp;line="), "no Edit link on the register")
        let edit = try EditedFile.editLink(register, line: Int(register[start.upperBound...].prefix { $0.isNumber })!)
        var sent = Set<String>()
        for path in ServeApp.pagePaths + [edit] {
            for form in Self.forms(serve.get(path).text) {
                sent.insert(form.action)
                let original = try String(contentsOfFile: folder.path("budget.tally"), encoding: .utf8)
                for (i, field) in form.fields.enumerated() {
                    for value in Self.wrongValues {
                        var fields = form.fields
                        fields[i].1 = value
                        expectPlain(form.action, serve.post(form.action, fields), "\(path) \(field.0)=\(value): ")
                    }
                }
                expectPlain(form.action, serve.post(form.action, form.fields.map { ($0.0, "") }), "\(path) all empty: ")
                expectPlain(form.action, serve.post(form.action, form.fields, version: "stale"), "\(path) stale: ")
                // A wrong field writes nothing, or what was asked: the budget is put back for the next.
                try original.write(toFile: folder.path("budget.tally"), atomically: true, encoding: .utf8)
            }
        }
        for path in ServeApp.formPaths {
            expectPlain(path, serve.post(path, [("bogus", "1")]), "no fields: ")
        }
        #expect(sent.isSuperset(of: ["/add", "/assign", "/move", "/record", "/edit", "/delete", "/import/preview"]), "\(sent.sorted())")
    }

    @Test func everyStatementThatCannotBeReadIsRefusedInThePagesWords() {
        defer { folder.remove() }
        let statements = [
            "date,payee,amount\n2026-11-05,Shop,-3.00\n", "\u{FF}\u{FE}x", "a;b\n1;2;3\n", "date,payee,amount\n05/11/2026,Shop,-3.00\n", "", "<xml><!-- x --></xml>"
        ]
        for statement in statements {
            for wallet in ["", "Checking", "Nowhere"] {
                let answer = serve.postMultipart("/import/preview", [("wallet", wallet)], files: [("upload", "s.csv", statement)])
                expectPlain("/import/preview", answer, "\(statement.debugDescription) wallet=\(wallet): ")
            }
        }
    }

    /// The mistakes a page or report refuses name its own parameters: what the command line
    /// says of `--period`, the page says of `period`.
    @Test(arguments: [
        ("/api/register?period=bogus", "`period`: `bogus` is not a period"),
        ("/api/register?foo=1", "unknown option `foo` for the `register` report"),
        ("/api/balance?exchange=USD&market", "`exchange` and `market` both say how to value amounts"),
        ("/api/balance?monthly&weekly", "`weekly` and `monthly` both set the columns"),
        ("/api/balance?depth=2", "`depth` needs columns over time (monthly, weekly, quarterly or yearly)"),
        ("/api/due?days=2&period=2026-11", "`days` and a period both say how far ahead to look"),
        ("/api/report?exchange=XYZ", "`exchange`: no rate in the budget names `XYZ`"),
        ("/api/register?begin=2026-12&end=2026-11", "`begin`/`end`: the period holds no days"),
        ("/goals?at=bogus", "`at`: `bogus` is not a date"),
        ("/due?days=bogus", "`days`: `bogus` is not a whole number from 0 to 36600"),
        ("/due?days=99999", "`days`: `99999` is not a whole number from 0 to 36600"),
        ("/envelopes?at=2026-11-01&at=2026-11-02", "`at` given twice, as `2026-11-01` and `2026-11-02`")
    ])
    func aMistakeNamesTheParameter(target: String, words: String) {
        defer { folder.remove() }
        let answer = serve.get(target)
        #expect(answer.status == .badRequest, "\(target): \(answer.text)")
        let text = answer.text.replacingOccurrences(of: "\\/", with: "/")
        #expect(text.contains(words), "\(target): \(answer.text)")
    }
}
