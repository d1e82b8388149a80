import TallyCore
import TallySyntax
import XCTest

/// Entries keep plain transactions and their rarer words compactly; what the public
/// properties and queries give must not show it.
final class EntryStorageTests: XCTestCase {
    let text = """
        currency EUR
        wallet Checking opening 100.00
        expense Food, Fun
        goal Trip 50.00
        2026-01-02 "Shop" "weekly" Checking Food -10.00 #a #b by Ann
            id: X-1
        2026-01-03 Checking Fun -2.50 goal Trip
        2026-01-04 "Market" Checking -6.00
            Food  -4.00
            Fun   -2.00
        """

    func interpret() throws -> BudgetModel {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!).model
    }

    func testAnEntryStaysAt120Bytes() {
        // The date, indices, bank id tag and place in the file (32 bits each) sit after the
        // kind, in what would be its padding: a million entries are held at once in a
        // large check, and every pass over them reads them all.
        XCTAssertLessThanOrEqual(MemoryLayout<Entry>.stride, 120)
    }

    func testPlainTransactionsReadAsBefore() throws {
        let model = try interpret()
        XCTAssertEqual(model.entries.count, 3)
        let first = model.entries[0]
        guard case .transaction(let wallet, let amount, let postings) = first.kind else { return XCTFail("not a transaction") }
        XCTAssertEqual(wallet, 0)
        XCTAssertEqual(amount, Money("-10.00"))
        XCTAssertEqual(postings.count, 1)
        XCTAssertEqual(model.categories[postings[0].category].name, "Food")
        XCTAssertEqual(postings[0].amount, Money("-10.00"))
        // The posting is the header: from the date to the amount.
        let header = postings[0].location
        XCTAssertEqual(header.file, "b.tally")
        XCTAssertEqual(
            String(decoding: Array(text.utf8)[header.range.start ..< header.range.end], as: UTF8.self),
            "2026-01-02 \"Shop\" \"weekly\" Checking Food -10.00")
        XCTAssertEqual(first.payee, "Shop")
        XCTAssertEqual(first.note, "weekly")
        XCTAssertEqual(first.tags, ["a", "b"])
        XCTAssertEqual(first.bankID, "X-1")
        XCTAssertEqual(first.by, "Ann")
        XCTAssertNil(first.goal)
        XCTAssertNil(first.rule)
        XCTAssertEqual(first.order, 0)

        let second = model.entries[1]
        XCTAssertNil(second.payee)
        XCTAssertNil(second.note)
        XCTAssertEqual(second.tags, [])
        XCTAssertNil(second.bankID)
        XCTAssertNil(second.by)
        XCTAssertEqual(second.goal, 0)
        XCTAssertEqual(second.order, 1)

        guard case .transaction(_, let total, let parts) = model.entries[2].kind else { return XCTFail("not a transaction") }
        XCTAssertEqual(total, Money("-6.00"))
        XCTAssertEqual(parts.map(\.amount), [Money("-4.00")!, Money("-2.00")!])
    }

    func testQueriesSeeEveryPosting() throws {
        let model = try interpret()
        let food = model.categories.firstIndex { $0.name == "Food" }!
        let fun = model.categories.firstIndex { $0.name == "Fun" }!
        let range = CivilDate(year: 2026, month: 1, day: 1)! ... CivilDate(year: 2026, month: 12, day: 31)!
        let totals = model.totalsByCategory(in: range)
        XCTAssertEqual(totals[food]?["EUR"], Money("-14.00"))
        XCTAssertEqual(totals[fun]?["EUR"], Money("-4.50"))
        XCTAssertEqual(model.balance(of: 0, at: CivilDate(year: 2026, month: 1, day: 3)!), Money("87.50"))
        XCTAssertEqual(model.balance(of: 0, afterEntry: 2), Money("81.50"))
        XCTAssertEqual(model.saved(towards: 0, at: range.upperBound), Money("-2.50"))
    }
}
