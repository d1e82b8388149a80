import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// The register ordered by amount, payee or category keeps the budget's order among
/// equal keys, descending too; and a page of a filtered, sorted register (its lines
/// ordered first, rows made for the page alone) is the start of the whole register
/// filtered and sorted by hand.
@Suite struct RegisterOrderTests {
    /// Seven lines, r0 to r6, with equal amounts, payees in three cases, shared categories,
    /// lines without a payee and a transfer's two sides (no category).
    static let ties = """
        currency EUR
        wallet Checking  bank  opening 100.00 on 2025-12-31
        wallet Cash      cash
        expense Food, Coffee, Rent

        2026-01-01 "bakery"  Checking  Food    -5.00
        2026-01-02 "Zoo"     Checking  Coffee  -3.00
        2026-01-02 "Bakery"  Checking  Coffee  -5.00
        2026-01-03 "BAKERY"  Checking  Rent    -5.00
        2026-01-03           Checking  Food    -3.00
        2026-01-04 transfer Checking -> Cash  5.00

        """

    static func model(_ text: String) throws -> BudgetModel {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(iso: "2026-01-31")!).model
    }

    /// Each row as `payee/category` (`-` for none, `>WALLET` for a transfer's other side).
    static func label(_ row: RegisterRow, _ model: BudgetModel) -> String {
        let what = row.category.map { model.categories[$0].name } ?? row.counterpart.map { ">" + model.wallets[$0].name } ?? "-"
        return "\(row.payee ?? "-")/\(what)"
    }

    @Test func equalKeysKeepTheBudgetsOrder() throws {
        let model = try Self.model(Self.ties)
        let r = ["bakery/Food", "Zoo/Coffee", "Bakery/Coffee", "BAKERY/Rent", "-/Food", "-/>Cash", "-/>Checking"]
        let rows = model.register(EntryFilter())
        #expect(rows.map { Self.label($0, model) } == r)
        // By hand: amounts -5.00 (r0 r2 r3 r5), -3.00 (r1 r4), +5.00 (r6); payees in any
        // case "" (r4 r5 r6), "bakery" (r0 r2 r3), "zoo" (r1); categories "" (r5 r6),
        // Coffee (r1 r2), Food (r0 r4), Rent (r3). Within each group, the budget's order.
        let expected: [(RegisterSort, Bool, [Int])] = [
            (.amount, false, [0, 2, 3, 5, 1, 4, 6]), (.amount, true, [6, 1, 4, 0, 2, 3, 5]),
            (.payee, false, [4, 5, 6, 0, 2, 3, 1]), (.payee, true, [1, 0, 2, 3, 4, 5, 6]),
            (.category, false, [5, 6, 1, 2, 0, 4, 3]), (.category, true, [3, 0, 4, 1, 2, 5, 6]),
            // By date descending the budget's order is reversed whole, within a day too.
            (.date, false, [0, 1, 2, 3, 4, 5, 6]), (.date, true, [6, 5, 4, 3, 2, 1, 0])
        ]
        for (sort, descending, order) in expected {
            let sorted = model.register(EntryFilter(), sort: sort, descending: descending).map { Self.label($0, model) }
            #expect(sorted == order.map { r[$0] }, "\(sort) \(descending ? "descending" : "ascending")")
            let lines = model.registerLines(EntryFilter(), sort: sort, descending: descending).map { Self.label(model.registerRow($0), model) }
            #expect(lines == sorted)
        }
        // Balances stay each wallet's after the row, whatever the order: r5 leaves 100 - 5
        // - 3 - 5 - 5 - 3 - 5 = 74.00 in Checking; r6 brings Cash to 5.00.
        let byAmount = model.register(EntryFilter(), sort: .amount)
        #expect(byAmount[3].balance == Money("74.00")! && byAmount[6].balance == Money("5.00")!)
    }

    /// By amount, values compare whatever their scale: a yen wallet's `-5` (no decimals)
    /// equals a euro wallet's `-5.00`, and the two keep the budget's order either way;
    /// with an amount too large to write in cents (`-900000000000000000` yen: 9 × 10^19
    /// cents, over Int64's 9.2 × 10^18), the lines are still ordered by value.
    @Test(arguments: [false, true]) func amountsOfEveryScaleOrderByValue(huge: Bool) throws {
        let text = """
            currency EUR
            currency JPY decimals 0
            wallet Checking  bank
            wallet Yen       bank  currency JPY
            expense Food

            2026-01-01 "a"  Yen       Food  -5
            2026-01-02 "b"  Checking  Food  -7.50
            2026-01-03 "c"  Checking  Food  -5.00
            2026-01-04 "d"  Yen       Food  -8

            """
        let model = try Self.model(text + (huge ? "2026-01-05 \"e\"  Yen  Food  -900000000000000000\n" : ""))
        // By hand: -900000000000000000 (e) < -8 (d) < -7.50 (b) < -5 (a) = -5.00 (c).
        let ascending = (huge ? ["e"] : []) + ["d", "b", "a", "c"]
        let descending = ["a", "c", "b", "d"] + (huge ? ["e"] : [])
        for (desc, order) in [(false, ascending), (true, descending)] {
            let lines = model.registerLines(EntryFilter(), sort: .amount, descending: desc)
            #expect(lines.map { model.entries[$0.entry].payee ?? "-" } == order, "descending \(desc)")
        }
    }

    /// One filter and its test by hand over a row of the whole register.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let filter: @Sendable (BudgetModel) -> EntryFilter
        let keeps: @Sendable (RegisterRow, BudgetModel) -> Bool
    }

    static let cases: [Case] = [
        Case(
            description: "the first wallet",
            filter: { _ in
                var f = EntryFilter(); f.wallets = [0]; return f
            }, keeps: { row, _ in row.wallet == 0 }),
        Case(
            description: "category Food",
            filter: { _ in
                var f = EntryFilter(); f.categories = ["Food"]; return f
            }, keeps: { row, m in row.category.map { m.categories[$0].isWithin("Food") } ?? false }),
        Case(
            description: "payee lidl",
            filter: { _ in
                var f = EntryFilter(); f.payee = "lidl"; return f
            }, keeps: { row, _ in row.payee?.lowercased().contains("lidl") ?? false }),
        Case(
            description: "expense in October",
            filter: { _ in
                var f = EntryFilter()
                f.types = [.expense]
                f.range = CivilDate(iso: "2026-10-01")! ... CivilDate(iso: "2026-10-31")!
                return f
            }, keeps: { row, _ in row.type == .expense && row.date.description.hasPrefix("2026-10") }),
        Case(description: "everything", filter: { _ in EntryFilter() }, keeps: { _, _ in true })
    ]

    @Test(arguments: ["household", "multi-currency"], cases)
    func aSortedPageIsTheWholeRegisterFilteredAndSorted(_ name: String, _ c: Case) throws {
        let budget = try BudgetLoader().load(TestSupport.path("examples/\(name).tally"))
        let model = Interpreter.run(budget, today: CivilDate(iso: "2026-11-22")!).model
        let whole = model.register(EntryFilter()).filter { c.keeps($0, model) }
        // Each filter keeps some lines of the household budget.
        if name == "household" { #expect(!whole.isEmpty, "\(c)") }
        for sort in RegisterSort.allCases {
            for descending in [false, true] {
                // A stable sort by hand: equal keys by their place in the whole register.
                func key(_ row: RegisterRow) -> String {
                    sort == .category ? row.category.map { model.categories[$0].name } ?? "" : row.payee?.lowercased() ?? ""
                }
                var expected = whole
                if sort == .date, descending { expected.reverse() }
                if sort != .date {
                    expected = whole.enumerated().sorted { a, b in
                        if sort == .amount, a.element.amount != b.element.amount { return (a.element.amount < b.element.amount) != descending }
                        if sort != .amount, key(a.element) != key(b.element) { return (key(a.element) < key(b.element)) != descending }
                        return a.offset < b.offset
                    }.map(\.element)
                }
                let lines = model.registerLines(c.filter(model), sort: sort, descending: descending)
                #expect(lines.count == expected.count, "\(name) \(c) \(sort) \(descending)")
                // The first page of five rows, made from its lines alone.
                let page = lines.prefix(5).map(model.registerRow)
                let describe = { (row: RegisterRow) in "\(row.entry) \(row.wallet) \(row.amount) \(row.balance) \(row.payee ?? "-") \(row.tags)" }
                #expect(page.map(describe) == expected.prefix(5).map(describe), "\(name) \(c) \(sort) \(descending)")
                #expect(lines.map(model.registerRow).map(describe) == expected.map(describe), "\(name) \(c) \(sort) \(descending)")
            }
        }
    }
}
