import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCLI

/// The register's own writer gives exactly the bytes the general tables give for the
/// same rows: `TextTable` (cut names, wide characters, mixed currencies, colour),
/// `CSVTable` (quoting, other separators) and `JSONValue`.
final class RegisterOutputTests: XCTestCase {
    static let budget = """
        currency EUR
        currency JPY  decimals 0
        currency USD

        wallet 'Gemeinschaftskonto'  bank  opening 2400.00 on 2026-08-31
        wallet Yen  cash  currency JPY

        income  Salary
        expense Lebensmittel:Wochenmarkt-Einkäufe, Fees

        2026-09-01 "Bäckerei Müller am Marktplatz" "Brot, \\"frisch\\""  'Gemeinschaftskonto'  Lebensmittel:Wochenmarkt-Einkäufe  -4.50  #brot #früh
        2026-09-02 "日本料理レストラン銀座"  Yen  Fees  -1200
        2026-09-03 "Short"  'Gemeinschaftskonto'  Salary  +12345.67
        2026-09-04 transfer 'Gemeinschaftskonto' -> Yen  600.00 = 101820 JPY
        2026-09-05 "Amazon US"  'Gemeinschaftskonto'  Fees  -23.50 USD = -21.62 EUR
        2026-09-06 "Diner"  'Gemeinschaftskonto'  -10.00 USD @ 0.925
            Fees  -5.00
            Lebensmittel:Wochenmarkt-Einkäufe  -4.25
        """

    func model() throws -> BudgetModel {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": Self.budget])).load("b.tally")
        let run = Interpreter.run(budget, today: CivilDate(iso: "2026-11-22")!)
        XCTAssertEqual(run.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return run.model
    }

    func captured(_ write: (Console) -> Void) -> String {
        let console = Console.capturing()
        write(console)
        console.flush()
        return console.capturedOut
    }

    /// The text table as the command drew it with `TextTable`.
    func referenceText(_ model: BudgetModel, _ rows: [RegisterRow], color: Bool) -> String {
        if rows.isEmpty { return "No transactions match.\n" }
        func currency(_ row: RegisterRow) -> String { model.wallets[row.wallet].currency }
        let first = currency(rows[0])
        let single = rows.allSatisfy { currency($0) == first } ? first : nil
        func money(_ value: Money, _ row: RegisterRow) -> String {
            let plain = value.formatted(scale: model.decimals(of: currency(row)))
            return single == nil && !currency(row).isEmpty ? plain + " " + currency(row) : plain
        }
        let unit = single.map { $0.isEmpty ? "" : " " + $0 } ?? ""
        // The limits of the text columns: their widest names, narrowed to fit 80 columns
        // beside the date, the amounts and the gaps.
        var amounts = TextTable([.init(title: "Amount" + unit, alignment: .decimal), .init(title: "Balance" + unit, alignment: .decimal)])
        var natural = ["Wallet", "Payee", "Category"].map { TextTable.fitted($0, limit: .max).width }
        for row in rows {
            amounts.add([money(row.amount, row), money(row.balance, row)])
            let what =
                row.category.map { c in model.categories[c].name + (row.paid.map { " (paid \($0.amount) \($0.currency))" } ?? "") }
                ?? (row.amount.isNegative ? "→ " : "← ") + (row.counterpart.map { model.wallets[$0].name } ?? "")
            for (i, text) in [model.wallets[row.wallet].name, row.payee ?? row.note ?? "", what].enumerated() {
                natural[i] = max(natural[i], TextTable.fitted(text, limit: .max).width)
            }
        }
        let amountsWidth = amounts.render(color: false).split(separator: "\n")[1].count
        let limits = RegisterOutput.columnLimits(natural: natural, fixed: 10 + amountsWidth + 8, width: 80)
        var table = TextTable([
            .init(title: "Date", alignment: .left), .init(title: "Wallet", alignment: .left, maxWidth: limits[0]),
            .init(title: "Payee", alignment: .left, maxWidth: limits[1]), .init(title: "Category", alignment: .left, maxWidth: limits[2]),
            .init(title: "Amount" + unit, alignment: .decimal), .init(title: "Balance" + unit, alignment: .decimal)
        ])
        for row in rows {
            let what =
                row.category.map { c in model.categories[c].name + (row.paid.map { " (paid \($0.amount) \($0.currency))" } ?? "") }
                ?? (row.amount.isNegative ? "→ " : "← ") + (row.counterpart.map { model.wallets[$0].name } ?? "")
            table.add([
                row.date.description, model.wallets[row.wallet].name, row.payee ?? row.note ?? "", what,
                money(row.amount, row), money(row.balance, row)
            ])
        }
        return table.render(color: color) + (rows.count > 1 ? "\(rows.count) lines\n" : "")
    }

    func referenceCSV(_ model: BudgetModel, _ rows: [RegisterRow], separator: Character) -> String {
        var table = CSVTable(["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", "balance"])
        table.separator = separator
        for row in rows {
            let wallet = model.wallets[row.wallet]
            let places = model.decimals(of: wallet.currency)
            table.add([
                row.date.description, wallet.name, row.type.rawValue, row.category.map { model.categories[$0].name } ?? "",
                row.counterpart.map { model.wallets[$0].name } ?? "", row.payee ?? "", row.note ?? "",
                row.tags.map { "#" + $0 }.joined(separator: " "), row.amount.formatted(scale: places), wallet.currency,
                row.balance.formatted(scale: places)
            ])
        }
        return table.render()
    }

    func referenceJSON(_ model: BudgetModel, _ rows: [RegisterRow]) -> String {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let objects: [JSONValue] = rows.map { row in
            let wallet = model.wallets[row.wallet]
            let places = model.decimals(of: wallet.currency)
            return .object([
                ("date", .string(row.date.description)), ("wallet", .string(wallet.name)), ("type", .string(row.type.rawValue)),
                ("category", text(row.category.map { model.categories[$0].name })),
                ("counterpart", text(row.counterpart.map { model.wallets[$0].name })),
                ("payee", text(row.payee)), ("note", text(row.note)), ("tags", .array(row.tags.map { .string($0) })),
                ("amount", .string(row.amount.formatted(scale: places))), ("currency", .string(wallet.currency)),
                ("balance", .string(row.balance.formatted(scale: places))),
                ("paid", text(row.paid.map { $0.amount.description })), ("paidCurrency", text(row.paid?.currency))
            ])
        }
        return JSONValue.object([("rows", .array(objects))]).rendered()
    }

    /// What a purchase in another currency paid stays on its row (Grammar.md §3.10): the
    /// wallet counts -21.62 EUR, the row also says -23.50 USD was paid; a split's lines
    /// (10.00 USD × 0.925 = 9.25 EUR: 5.00 + 4.25) have none, the 10.00 being no line's.
    func testARowKeepsWhatWasPaidInAnotherCurrency() throws {
        let model = try model()
        let rows = model.register(EntryFilter())
        let amazon = try XCTUnwrap(rows.first { $0.payee == "Amazon US" })
        XCTAssertEqual(amazon.amount, Money(units: -2162, scale: 2))
        XCTAssertEqual(amazon.paid, PaidAmount(amount: Money(units: -2350, scale: 2), currency: "USD"))
        let diner = rows.filter { $0.payee == "Diner" }
        XCTAssertEqual(diner.map(\.amount), [Money(units: -500, scale: 2), Money(units: -425, scale: 2)])
        XCTAssertEqual(diner.map(\.paid), [nil, nil])
        let output = RegisterOutput(model: model, rows: rows)
        let json = captured { output.json(to: $0) }
        XCTAssertTrue(json.contains("\"paid\": \"-23.50\",\n      \"paidCurrency\": \"USD\""), json)
        XCTAssertTrue(json.contains("\"paid\": null,\n      \"paidCurrency\": null"), json)
        let text = captured { output.text(color: false, width: 160, to: $0) }
        XCTAssertTrue(text.contains("Fees (paid -23.50 USD)"), text)
    }

    func testTextMatchesTheGeneralTable() throws {
        let model = try model()
        var euroOnly = EntryFilter()
        euroOnly.wallets = [0]
        for filter in [EntryFilter(), euroOnly] {
            let rows = model.register(filter)
            XCTAssertGreaterThan(rows.count, 1)
            for color in [false, true] {
                let output = RegisterOutput(model: model, rows: rows)
                XCTAssertEqual(captured { output.text(color: color, to: $0) }, referenceText(model, rows, color: color))
            }
        }
        XCTAssertEqual(captured { RegisterOutput(model: model, rows: []).text(color: false, to: $0) }, "No transactions match.\n")
    }

    func testCSVMatchesTheGeneralTable() throws {
        let model = try model()
        let rows = model.register(EntryFilter())
        for separator: Character in [",", ";", ".", "-", "→"] {
            let output = RegisterOutput(model: model, rows: rows)
            XCTAssertEqual(
                captured { output.csv(separator: separator, to: $0) }, referenceCSV(model, rows, separator: separator),
                "separator \(separator)")
        }
    }

    func testJSONMatchesTheGeneralPrinter() throws {
        let model = try model()
        for rows in [model.register(EntryFilter()), []] {
            let output = RegisterOutput(model: model, rows: rows)
            XCTAssertEqual(captured { output.json(to: $0) }, referenceJSON(model, rows))
        }
    }
}
