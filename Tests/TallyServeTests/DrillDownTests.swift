import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// Every figure on every page leads to the rows that make it, and those rows add up to
/// it: the pages of every example, drawn on several days and asked for several others,
/// are walked link by link; each figure's register is fetched and its Amount column
/// summed.
///
/// A figure is linked itself (`<a href="/register?…">235.13</a>`), or it is the column
/// of a table row whose name is the link (``rowFigure``), or its column is listed in
/// ``unlinked`` with the reason it has no rows to add up. A figure in none of these
/// fails the test, as does a link whose rows add up to anything else. Spending is shown
/// as a positive figure over negative rows, so a figure matches its rows' sum or its
/// negation. Rows in other currencies add up to a figure in the budget's currency once
/// converted as the figures convert them: a flow at each row's date, a balance at the
/// day it is taken on (``Walk/converted`` counts them; only the multi-currency example
/// may have them).
struct DrillDownTests {
    /// The days the app is started on (`--today`) and the day or month a page is asked
    /// for (`?at=`, `?month=`; nil: today's). They cover a day within a month, the last
    /// of a month, a look ahead into the next month and one back into an earlier month.
    static let days: [(today: String, asked: String?)] = [
        ("2026-11-22", nil), ("2026-11-22", "2026-10-15"), ("2026-11-30", "2026-12-01"), ("2026-12-01", nil),
        ("2026-11-30", nil), ("2026-09-03", nil)
    ]

    /// For a table whose rows lead by their name (the caption's start): the column the
    /// row's rows add up to.
    static let rowFigure: [String: String] = [
        "Spending by category": "Spent", "Per month": "Net", "Envelopes on": "Spent", "At the end of each month": "Balance"
    ]

    /// Figures with no rows to add up to, by the caption's start and the column, each
    /// with the reason.
    static let unlinked: [String: [String: String]] = [
        "Envelopes on": [
            "Carried in": "what the period before left over: a figure of the periods before, not rows",
            "Planned": "the envelope's plan as written in its directive, not rows",
            "Filled": "`fill` entries, which are no register rows (they move no money between wallets)",
            "Moved": "`move` entries, which are no register rows",
            "Holds": "carried in + planned + filled + moved: no rows",
            "Available": "what it holds less the spent (whose rows the Spent column leads to)",
            "Used": "a percentage, not money"
        ],
        "Spending by category": ["Share": "a percentage, not money"],
        "Per month": [
            "Income": "the rows of type income among those the row's link (the Net) lists; the month's own Income figure links them",
            "Expense": "the rows of type expense among those the row's link (the Net) lists; the month's own Expense figure links them"
        ],
        "Goals on": [
            "Saved": "built from `goal` entries and transfers marked `goal NAME` (no register rows, or not one selection of them); the name leads to the wallet that holds it",
            "Target": "the goal's target as written, not rows", "Progress": "a percentage, not money"
        ],
        "The month's largest expenses": ["Amount": "one row each, itself: its date leads to its line in the source"],
        "Up to": ["Amount": "a recurring entry's amount as written in its rule: a row only once recorded"]
    ]

    /// Figures outside tables with no rows to add up to, by their paragraph's id, each with
    /// the reason.
    static let unlinkedFigures: [String: String] = [
        "ready": "ready to assign is the budget wallets' money less what envelopes and goals hold: an equation of figures, not rows"
    ]

    /// What a walk met: figures that add up, those that do once converted, what failed.
    struct Walk {
        var checked = 0
        var converted: [String] = []
        var failures: [String] = []
        var followed: Set<String> = []
    }

    @Test(arguments: APIParityTests.examples)
    func everyFigureAddsUpToItsRows(example: String) throws {
        var walk = Walk()
        let file = TestSupport.path(example)
        for (today, asked) in Self.days {
            let serve = ServeTestApp(files: [file], today: today)
            let currencies = try Self.currencies(file, today: today)
            var pages = ["/", "/envelopes", "/goals", "/due", "/register", "/diagnostics"]
            if let asked {
                pages += ["/?month=\(asked.prefix(7))", "/envelopes?at=\(asked)", "/goals?at=\(asked)"]
            }
            for page in pages {
                let answer = serve.get(page)
                guard answer.status == .ok else {
                    walk.failures.append("\(today) \(page): \(answer.status)")
                    continue
                }
                check(page: page, answer.text, serve: serve, currencies: currencies, today: today, walk: &walk)
            }
        }
        #expect(walk.failures.isEmpty, "\(example):\n\(walk.failures.joined(separator: "\n"))")
        #expect(walk.checked > 50, "\(example): only \(walk.checked) figures checked")
        if !example.contains("multi-currency") { #expect(walk.converted.isEmpty, "\(walk.converted.joined(separator: "\n"))") }
    }

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
        // Each envelope of the list, its Spent figure and where it leads.
        let items = Self.matches(#"data-envelope="([^"]*)"><details>.*?<dt>Spent</dt><dd><a href="([^"]*)">(.*?)</a></dd>"#, in: page)
        let spent = Dictionary(items.map { ($0[0], ($0[2], $0[1])) }, uniquingKeysWith: { a, _ in a })
        func rows(_ href: String) -> [String] {
            let table = Self.tables(in: serve.get(href.replacingOccurrences(of: "&amp;", with: "&")).text)[0]
            return table.rows.filter { $0.count == table.headers.count }.map {
                // The payee, without what a phone shows under it.
                "\(Self.plainText($0[1].components(separatedBy: "<span class=\"under")[0])) \(Self.plainText($0[4]))"
            }
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

    /// The wallets' currencies, the budget's and its rates: what converts a register's
    /// rows as the figures convert them.
    struct Currencies {
        let wallets: [String: String]
        let budget: String
        let rates: ExchangeRates
    }

    static func currencies(_ file: String, today: String) throws -> Currencies {
        let budget = try ReportBudget.open(files: [file], today: CivilDate(iso: today)!)
        return Currencies(
            wallets: Dictionary(budget.model.wallets.map { ($0.name, $0.currency) }, uniquingKeysWith: { a, _ in a }), budget: budget.currency,
            rates: budget.rates)
    }

    func check(
        page: String, _ html: String, serve: ServeTestApp, currencies: Currencies, today: String,
        walk: inout Walk
    ) {
        let place = "\(today) \(page)"
        // Every figure that is a link itself.
        for link in Self.links(in: html) where Self.isFigure(link.text) && link.href.hasPrefix("/register?") {
            checkSum(of: link.href, is: link.text, at: place, serve: serve, currencies: currencies, walk: &walk)
        }
        // Every link to another page answers.
        for link in Self.links(in: html) where !link.href.hasPrefix("/register") && !link.href.hasPrefix("/assets/") {
            guard walk.followed.insert("\(today) \(link.href)").inserted else { continue }
            let answer = serve.get(link.href)
            if answer.status != .ok { walk.failures.append("\(place): \(link.href) answers \(answer.status)") }
        }
        // Every figure in a table: linked, its row's link, or deliberately unlinked.
        guard !page.hasPrefix("/register") else { return }
        for paragraph in Self.matches(#"<p id="([^"]+)"[^>]*>(.*?)</p>"#, in: html) {
            let figures = Self.matches(#"<strong>(.*?)</strong>"#, in: paragraph[1]).map { Self.plainText($0[0]) }
            guard figures.contains(where: { Self.isFigure($0.split(separator: " ").first.map(String.init) ?? "") }) else { continue }
            if Self.links(in: paragraph[1]).isEmpty && Self.unlinkedFigures[paragraph[0]] == nil {
                walk.failures.append("\(place): `\(paragraph[0])` \(figures) leads to no rows and is not listed as unlinked")
            }
        }
        for table in Self.tables(in: html) {
            let prefix = Self.rowFigure.keys.first { table.caption.hasPrefix($0) }
            let reasons = Self.unlinked.first { table.caption.hasPrefix($0.key) }?.value ?? [:]
            for row in table.rows {
                for (column, cell) in row.enumerated() where column > 0 && column < table.headers.count {
                    let header = table.headers[column]
                    let text = Self.plainText(cell)
                    guard Self.isFigure(text) || text.hasSuffix("%") else { continue }
                    if Self.links(in: cell).contains(where: { $0.href.hasPrefix("/register?") }) { continue }
                    if let prefix, Self.rowFigure[prefix] == header {
                        if let link = Self.links(in: row[0]).first {
                            checkSum(of: link.href, is: text, at: place + " (\(table.caption): \(header))", serve: serve, currencies: currencies, walk: &walk)
                            continue
                        }
                        // A total that counts no wallet (none open yet on the day) is 0.00 of no rows.
                        if Money(text)?.isZero == true { continue }
                    }
                    if reasons[header] == nil {
                        walk.failures.append("\(place): `\(table.caption)` \(header) \(text) leads to no rows and is not listed as unlinked")
                    }
                }
            }
        }
    }

    /// Fetches the register at `href` and checks its rows add up to `figure` (or to its
    /// negation, spending being shown positive).
    func checkSum(
        of href: String, is figure: String, at place: String, serve: ServeTestApp, currencies: Currencies,
        walk: inout Walk
    ) {
        let target = href.replacingOccurrences(of: "&amp;", with: "&")
        let answer = serve.get(target)
        guard answer.status == .ok, let table = Self.tables(in: answer.text).first, table.headers.first == "Date" else {
            walk.failures.append("\(place): \(target) answers \(answer.status)")
            return
        }
        guard !answer.text.contains("narrow the period or filters") else {
            walk.failures.append("\(place): \(target) has more rows than the page shows")
            return
        }
        let amount = table.headers.firstIndex(of: "Amount")!, wallet = table.headers.firstIndex(of: "Wallet")!
        // The rows as written, and converted into the budget's currency two ways: a flow
        // (spending, income) at each row's date, a balance at the day it is taken on.
        let day = target.components(separatedBy: "..").last.flatMap { CivilDate(iso: String($0.prefix(10))) }
        var sum = Money.zero, atRowDates = Money.zero
        var rowCurrencies: Set<String> = []
        var byWallet: [String: Money] = [:]
        for row in table.rows where row.count == table.headers.count {
            let walletName = Self.plainText(row[wallet])
            let currency = currencies.wallets[walletName] ?? currencies.budget
            rowCurrencies.insert(currency)
            guard let value = Money(Self.plainText(row[amount]).replacingOccurrences(of: ",", with: "")) else {
                walk.failures.append("\(place): \(target): `\(row[amount])` is no amount")
                return
            }
            sum = sum.adding(value) ?? sum
            func converted(at date: CivilDate?) -> Money {
                guard currency != currencies.budget else { return value }
                return date.flatMap { currencies.rates.toDefault(value, from: currency, at: $0) } ?? .zero
            }
            atRowDates = atRowDates.adding(converted(at: CivilDate(iso: Self.plainText(row[0])) ?? day)) ?? atRowDates
            byWallet[walletName] = (byWallet[walletName] ?? .zero).adding(value)
        }
        // A balance converts each wallet's balance (its rows' sum) once, at the day.
        let atDay = byWallet.reduce(Money.zero) { total, item in
            let currency = currencies.wallets[item.key] ?? currencies.budget
            let value = currency == currencies.budget ? item.value : day.flatMap { currencies.rates.toDefault(item.value, from: currency, at: $0) } ?? .zero
            return total.adding(value) ?? total
        }
        guard let expected = Money(figure.replacingOccurrences(of: ",", with: "")) else {
            walk.failures.append("\(place): `\(figure)` is no amount")
            return
        }
        let equal = { (a: Money) in (!(a < expected) && !(expected < a)) || (!(a.negated < expected) && !(expected < a.negated)) }
        // Rows in one currency add up to a figure in it (a wallet's balance in its own).
        if rowCurrencies.count <= 1, equal(sum) {
            walk.checked += 1
        } else if rowCurrencies.contains(where: { $0 != currencies.budget }), equal(atRowDates) || equal(atDay) {
            walk.checked += 1
            walk.converted.append("\(place): \(target)")
        } else {
            walk.failures.append(
                "\(place): \(figure) leads to \(target), whose \(table.rows.count) rows add up to \(sum) (converted: \(atRowDates), at the day: \(atDay))")
        }
    }

    // MARK: Reading the pages

    /// A figure as pages write amounts: digits, an optional sign, separators.
    static func isFigure(_ text: String) -> Bool {
        text.range(of: #"^-?[0-9][0-9,]*(\.[0-9]+)?$"#, options: .regularExpression) != nil
    }

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
