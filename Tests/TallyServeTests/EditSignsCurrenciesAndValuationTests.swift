import Foundation
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// The edit forms of entries a form once could not save as they are — negative amounts,
/// transfers between currencies, a refund's `+`, a split total without decimals — saved
/// as drawn from the page (nothing written, and the answer says so) and edited (exactly
/// the intended line, `tally fmt --check` clean); a purchase paid in another currency's
/// page saying why it has no form; the register page's `market` and `exchange` valued as
/// `/api/register` values them, and its options for another table refused in words.
@Suite struct EditSignsCurrenciesAndValuationTests {
    /// The budget the actions' edit tests use, with a rate for the register's valuation.
    static let text = EditingBudgets.signsAndCurrencies + "\n2026-10-01 rate USD  0.90 EUR\n"
    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-edit-signs")
        file = try folder.write(Self.text, to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    private func contents() throws -> String { try EditedFile(path: file).contents() }

    private func isFormatted() throws -> Bool { try EditedFile(path: file).isFormatted() }

    private func editLink(_ page: String, line: Int) throws -> String { try EditedFile.editLink(page, line: line) }

    private static func unescaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The fields the edit form on `page` sends as drawn, as a browser sends them: each
    /// input's value and each select's selected option, in order (the token and version
    /// left to ``ServeTestApp/post``).
    private func formAsDrawn(_ page: String) throws -> [(String, String)] {
        let start = try #require(page.range(of: "action=\"/edit\" id=\"entry-form\""), "no edit form: \(page)")
        let form = page[start.upperBound...].prefix { _ in true }
        let end = try #require(form.range(of: "</form>"))
        var html = form[..<end.lowerBound]
        var fields: [(String, String)] = []
        while let tag = html.range(of: "<(input|select) ", options: .regularExpression) {
            let rest = html[tag.upperBound...]
            let name = rest.range(of: "name=\"").map { rest[$0.upperBound...].prefix { $0 != "\"" } } ?? ""
            if html[tag].hasPrefix("<input") {
                let head = rest.prefix { $0 != ">" }
                let value = head.range(of: "value=\"").map { head[$0.upperBound...].prefix { $0 != "\"" } } ?? ""
                fields.append((String(name), Self.unescaped(value)))
                html = rest
            } else {
                let close = try #require(rest.range(of: "</select>"))
                let options = rest[..<close.lowerBound]
                let selected = options.range(of: "<option selected=\"selected\">").map { options[$0.upperBound...].prefix { $0 != "<" } }
                fields.append((String(name), Self.unescaped(selected ?? "")))
                html = rest[close.upperBound...]
            }
        }
        return fields.filter { $0.0 != "_token" && $0.0 != "version" }
    }

    /// Every entry with a row — transfers (negative, `=`, `@`), a refund's `+`, a split
    /// total `-25` on the register; a negative fill and move on Envelopes — saved from its
    /// form as drawn: 303, "Nothing changed", no Undo, the file as it was.
    @Test(arguments: [12, 13, 14, 15, 16, 17, 19])
    func eachFormSavedAsDrawnWritesNothing(line: Int) throws {
        defer { folder.remove() }
        let page = serve.get([13, 14].contains(line) ? "/envelopes" : "/register").text
        let form = serve.get(try editLink(page, line: line)).text
        let fields = try formAsDrawn(form)
        let saved = serve.post("/edit", fields)
        #expect(saved.status == .seeOther, "line \(line): \(saved.text) \(fields)")
        #expect(try contents() == Self.text, "line \(line)")
        let location = try #require(saved.header("Location"))
        #expect(!location.contains("undo="), "nothing to undo")
        let answer = serve.get(location).text
        #expect(answer.contains("Nothing changed: the entry is as it was, so nothing was written."), "\(answer)")
    }

    /// A negative transfer's form drawn before a change elsewhere and sent as drawn: 409,
    /// re-checked against the file as it is now ("it would change nothing"), and applied
    /// with one press, which writes nothing either.
    @Test func aStaleFormSentAsDrawnWouldChangeNothing() throws {
        defer { folder.remove() }
        let drawn = serve.app.store.currentVersion()
        let fields = try formAsDrawn(serve.get(try editLink(serve.get("/register").text, line: 12)).text)
        try (try contents() + "; edited elsewhere\n").write(toFile: file, atomically: false, encoding: .utf8)
        let changedElsewhere = try contents()
        let stale = serve.post("/edit", fields, version: drawn)
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("Applied now, it would change nothing: the entry is as the form has it."), "\(stale.text)")
        #expect(stale.text.contains("value=\"-50.00\"") && stale.text.contains(">Apply it</button>"), "\(stale.text)")
        let applied = serve.post("/edit", fields)
        #expect(applied.status == .seeOther, "\(applied.text)")
        #expect(try contents() == changedElsewhere)
    }

    /// A negative transfer's form shows its sign; a transfer between currencies shows
    /// both sides (what arrived, the rate), and saving a new amount received writes
    /// exactly its line.
    @Test func bothSidesOfAConversionFromTheForm() throws {
        defer { folder.remove() }
        let register = serve.get("/register").text
        let negative = serve.get(try editLink(register, line: 12)).text
        #expect(negative.contains("id=\"edit-amount\" name=\"amount\" value=\"-50.00\""), "\(negative)")
        let rated = serve.get(try editLink(register, line: 16)).text
        #expect(rated.contains("name=\"rate\" value=\"0.92\"") && rated.contains("name=\"received\" value=\"\""), "\(rated)")
        let link = try editLink(register, line: 15)
        let form = serve.get(link).text
        #expect(form.contains("<label for=\"edit-received\">Received (USD)</label>") && form.contains("name=\"received\" value=\"108.00\""), "\(form)")
        var fields = try formAsDrawn(form)
        fields = fields.map { $0.0 == "received" ? ($0.0, "110") : $0 }
        let before = try contents()
        let saved = serve.post("/edit", fields)
        #expect(saved.status == .seeOther, "\(saved.text)")
        #expect(
            changedLines(before, try contents())
                == (["2026-11-04 transfer Checking -> Dollars  100.00 = 108.00 USD"], ["2026-11-04 transfer Checking -> Dollars  100.00 = 110.00 USD"]))
        #expect(try isFormatted())
        let answer = serve.get(try #require(saved.header("Location"))).text
        #expect(answer.contains("Wrote `2026-11-04 transfer Checking -&gt; Dollars  100.00 = 110.00 USD`."), "\(answer)")
    }

    /// A purchase paid in another currency: its page says why no form edits it, leads to
    /// its line and still offers Delete.
    @Test func aPurchaseInAnotherCurrencySaysWhy() throws {
        defer { folder.remove() }
        let page = serve.get(try editLink(serve.get("/register").text, line: 18)).text
        #expect(page.contains("This entry is edited in the file: it was paid in another currency, and the form has the wallet&#39;s amount only."), "\(page)")
        #expect(page.contains("<a href=\"/source?file=0&amp;line=18#L18\">Open its line</a>"), "\(page)")
        #expect(!page.contains("id=\"entry-form\"") && page.contains(">Delete this entry</button>"))
    }

    /// The opening balance's row says where it is changed: a link to the wallet's line.
    @Test func anOpeningRowLeadsToItsWalletsLine() throws {
        defer { folder.remove() }
        let register = serve.get("/register?wallet=Checking").text
        #expect(register.contains("href=\"/source?file=0&amp;line=4#L4\" aria-label=\"The opening balance is set on the wallet's line"), "\(register)")
    }

    /// The amounts each page row shows, in order.
    private func pageAmounts(_ page: String) -> [String] {
        page.components(separatedBy: "<span data-figure=\"amount\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// The amounts of `/api/register?QUERY`, in order.
    private func apiAmounts(_ query: String) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(serve.get("/api/register?" + query).text.utf8)) as? [String: Any])
        return try #require(json["rows"] as? [[String: Any]]).map { $0["amount"] as? String ?? "" }
    }

    /// `market` and `exchange` value the page's rows as the API values them (the same
    /// library call): 108.00 USD at 0.90 is 97.20 EUR, 50.00 USD 45.00; without them the
    /// rows are in each wallet's currency, openings first.
    @Test func theRegisterPageValuesAsTheAPI() throws {
        defer { folder.remove() }
        let market = serve.get("/register?market")
        #expect(market.status == .ok, "\(market.text)")
        let amounts = pageAmounts(market.text)
        #expect(amounts == (try apiAmounts("market")), "\(amounts)")
        #expect(amounts.contains("97.20") && amounts.contains("-45.00") && !amounts.contains("108.00"), "\(amounts)")
        #expect(market.text.contains("10 rows at market value in EUR"), "\(market.text)")
        let exchange = serve.get("/register?exchange=USD&wallet=Checking")
        #expect(pageAmounts(exchange.text) == (try apiAmounts("exchange=USD&wallet=Checking")) && exchange.text.contains("at market value in USD"), "\(exchange.text)")
        // The filters keep the valuation.
        #expect(market.text.contains("<input type=\"hidden\" name=\"market\" value=\"\"/>"), "\(market.text)")

        let plain = pageAmounts(serve.get("/register").text)
        #expect(plain.prefix(3) == ["1000.00", "500.00", "50.00"] && plain.contains("108.00"), "\(plain)")
    }

    /// Options for another table than the page's are refused in words (400), never
    /// dropped; a valuation the budget cannot make too.
    @Test func otherTablesAndMissingRatesAreRefused() throws {
        defer { folder.remove() }
        for query in ["monthly", "running", "weekly&market"] {
            let page = serve.get("/register?" + query)
            #expect(page.status == .badRequest, "\(query)")
            #expect(page.text.contains("this page lists each row with its wallet&#39;s balance"), "\(page.text)")
        }
        // In the page's words: its parameters, never the command line's flags.
        let unknown = serve.get("/register?exchange=XYZ")
        #expect(unknown.status == .badRequest && unknown.text.contains("`exchange`: no rate in the budget names `XYZ`"), "\(unknown.text)")
        let both = serve.get("/register?exchange=USD&market")
        #expect(both.status == .badRequest && both.text.contains("`exchange` and `market` both say how to value amounts"), "\(both.text)")
        let period = serve.get("/register?period=bogus")
        #expect(period.status == .badRequest && period.text.contains("`period`: `bogus` is not a period"), "\(period.text)")
        for page in [unknown, both, period] { #expect(!page.text.contains("`-"), "\(page.text)") }
    }
}
