import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// A figure on a page leads to the rows that make it, and those rows add up to it.
struct DrillDownTests {
    /// The issue's case and its neighbours, computed by hand (today 2026-11-22): an
    /// envelope with no categories spends nothing and leads to no rows (it led to every
    /// expense row of the month); one limited to a wallet leads to that wallet's Food rows
    /// only (the Bakery's −12.00 in Cash, not the Market's −20.00 in Bank); `for *` leads
    /// to the spending in the budget's wallets, not the hidden Stash's −2.00, with the
    /// refund counted back: 12.00 + 20.00 + 40.00 − 5.00 = 67.00 spent. October's rent is
    /// in no November row.
    @Test func anEnvelopeLeadsToTheRowsItCounts() throws {
        let folder = try TemporaryFolder("drill-envelopes")
        defer { folder.remove() }
        let file = try folder.write(
            """
            currency EUR
            wallet Bank  bank  opening 500.00
            wallet Cash  cash  opening 50.00
            wallet Stash cash  hidden
            expense Food, Rent, Fun
            envelope Misc       50  monthly
            envelope Cash-food 100  monthly  for Food  in Cash
            envelope All       500  monthly  for *
            2026-11-02 "Bakery"    Cash   Food  -12.00
            2026-11-03 "Market"    Bank   Food  -20.00
            2026-11-04 "Cinema"    Bank   Fun   -40.00
            2026-11-05 "Cinema"    Bank   Fun    +5.00  ; a refund
            2026-11-06 "Kiosk"     Stash  Food   -2.00
            2026-10-30 "Landlord"  Bank   Rent -300.00

            """, to: "budget.tally")
        let serve = ServeTestApp(files: [file])
        let page = serve.get("/envelopes").text
        let spent = Dictionary(
            Self.tables(in: page)[0].rows.map { (Self.plainText($0[0]), (Self.plainText($0[6]), Self.links(in: $0[6]).first?.href ?? "")) },
            uniquingKeysWith: { a, _ in a })
        func rows(_ href: String) -> [String] {
            let table = Self.tables(in: serve.get(href.replacingOccurrences(of: "&amp;", with: "&")).text)[0]
            return table.rows.filter { $0.count == table.headers.count }.map { "\(Self.plainText($0[1])) \(Self.plainText($0[4]))" }
        }
        #expect(spent["Misc"]?.0 == "0.00")
        #expect(rows(try #require(spent["Misc"]?.1)).isEmpty)
        #expect(spent["Cash-food"]?.0 == "12.00")
        #expect(rows(try #require(spent["Cash-food"]?.1)) == ["Bakery -12.00"])
        #expect(spent["All"]?.0 == "67.00")  // 12.00 + 20.00 + 40.00 − 5.00
        #expect(rows(try #require(spent["All"]?.1)) == ["Bakery -12.00", "Market -20.00", "Cinema -40.00", "Cinema 5.00"])
        // The register refuses an envelope the budget does not have, naming the nearest.
        let refused = serve.get("/register?q=envelope:Mics")
        #expect(refused.status == .badRequest && refused.text.contains("did you mean `Misc`"), "\(refused.text.prefix(300))")
    }

    // MARK: Reading the pages

    /// The links in `html`: their targets and texts (tags inside left out).
    static func links(in html: String) -> [(href: String, text: String)] {
        matches(#"<a href="([^"]*)"[^>]*>(.*?)</a>"#, in: html).map { ($0[0], plainText($0[1])) }
    }

    /// The text of `html` without its tags, entities for `&` and `'` read.
    static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            .trimmingCharacters(in: .whitespaces)
    }

    /// The tables of `html`: caption, column headers and rows of cells (as markup).
    static func tables(in html: String) -> [(caption: String, headers: [String], rows: [[String]])] {
        matches(#"<table>(.*?)</table>"#, in: html).map { groups in
            let table = groups[0]
            let caption = matches(#"<caption>(.*?)</caption>"#, in: table).first.map { plainText($0[0]) } ?? ""
            let headers = matches(#"<th scope="col"[^>]*>(.*?)</th>"#, in: table).map { plainText($0[0]) }
            let body = matches(#"<tbody>(.*?)</tbody>"#, in: table).first?[0] ?? ""
            let rows = matches(#"<tr[^>]*>(.*?)</tr>"#, in: body).map { row in
                matches(#"<t[hd][^>]*>(.*?)</t[hd]>"#, in: row[0]).map { $0[0] }
            }
            return (caption, headers, rows.filter { $0.count > 1 })
        }
    }

    /// The capture groups of every match of `pattern` (`.` matching line breaks too).
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let string = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (1 ..< match.numberOfRanges).map { string.substring(with: match.range(at: $0)) }
        }
    }
}
