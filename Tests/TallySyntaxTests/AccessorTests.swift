import TallySyntax
import XCTest

/// The typed views give each directive's parts by name.
final class AccessorTests: XCTestCase {
    func testWalletParts() throws {
        let tree = Parser.parse("wallet 'Joint Account' credit opening -12.50 EUR on 2026-01-01 limit 2000 closed 2026-12-31 hidden owner Anna, 'Ben B'")
        let wallet = try XCTUnwrap(WalletDirectiveSyntax(tree.entries[0]))
        XCTAssertEqual(wallet.name?.value, "Joint Account")
        XCTAssertEqual(wallet.kind, "credit")
        XCTAssertEqual(wallet.opening?.amount?.number, "-12.50")
        XCTAssertEqual(wallet.opening?.amount?.currency, "EUR")
        XCTAssertEqual(wallet.opening?.date, CivilDate(year: 2026, month: 1, day: 1))
        XCTAssertEqual(wallet.limit?.number, "2000")
        XCTAssertEqual(wallet.closed, CivilDate(year: 2026, month: 12, day: 31))
        XCTAssertTrue(wallet.isHidden)
        XCTAssertEqual(wallet.owners, ["Anna", "Ben B"])
    }

    func testTransactionWithSplitsAndMetadata() throws {
        let tree = Parser.parse(
            """
            2026-01-04 "Tesco" "weekly shop" Checking -66.20 #food by Ben
                Food:Groceries  -54.20
                Fun             -12.00  #treat "chocolate"
                id: "DE-1"
            """)
        XCTAssertEqual(tree.diagnostics, [])
        let t = try XCTUnwrap(TransactionSyntax(tree.entries[0]))
        XCTAssertEqual(t.date, CivilDate(year: 2026, month: 1, day: 4))
        XCTAssertEqual(t.payee, "Tesco")
        XCTAssertEqual(t.note, "weekly shop")
        XCTAssertEqual(t.wallet?.value, "Checking")
        XCTAssertNil(t.category)
        XCTAssertEqual(t.amount?.number, "-66.20")
        XCTAssertEqual(t.tags, ["food"])
        XCTAssertEqual(t.by?.value, "Ben")
        XCTAssertEqual(t.splits.map { $0.category?.value }, ["Food:Groceries", "Fun"])
        XCTAssertEqual(t.splits.map { $0.amount?.number }, ["-54.20", "-12.00"])
        XCTAssertEqual(t.splits[1].tags, ["treat"])
        XCTAssertEqual(t.splits[1].note, "chocolate")
        XCTAssertEqual(t.metadata.map(\.key), ["id"])
        XCTAssertEqual(t.metadata.map(\.value), ["DE-1"])
    }

    func testTransferEnvelopeGoalAndRecurring() throws {
        let tree = Parser.parse(
            """
            2026-01-06 transfer Checking -> Dollars 100.00 = 108.00 USD goal Trip
            envelope Fair 300 2026-04-01..2026-04-30 for Fun, Food in Cash rollover alert 80%
            goal Vacation 2000 by 2026-08-01 in Savings reached
            every 2 weeks on friday from 2026-01-09 times 6 as pay "ACME" Checking Salary +1400.00
            option severity W0217 off
            include "sub/part.tally"
            """)
        XCTAssertEqual(tree.diagnostics, [])
        let transfer = try XCTUnwrap(TransferSyntax(tree.entries[0]))
        XCTAssertEqual(transfer.from?.value, "Checking")
        XCTAssertEqual(transfer.to?.value, "Dollars")
        XCTAssertEqual(transfer.amount?.number, "100.00")
        XCTAssertEqual(transfer.received?.number, "108.00")
        XCTAssertEqual(transfer.received?.currency, "USD")
        XCTAssertEqual(transfer.goal?.value, "Trip")

        let envelope = try XCTUnwrap(EnvelopeDirectiveSyntax(tree.entries[1]))
        XCTAssertNil(envelope.periodKeyword)
        XCTAssertEqual(envelope.periodRange?.start, CivilDate(year: 2026, month: 4, day: 1))
        XCTAssertEqual(envelope.categories.map(\.value), ["Fun", "Food"])
        XCTAssertEqual(envelope.wallets.map(\.value), ["Cash"])
        XCTAssertTrue(envelope.rollsOver)
        XCTAssertEqual(envelope.alert, "80%")

        let goal = try XCTUnwrap(GoalDirectiveSyntax(tree.entries[2]))
        XCTAssertEqual(goal.target?.number, "2000")
        XCTAssertEqual(goal.by, CivilDate(year: 2026, month: 8, day: 1))
        XCTAssertEqual(goal.wallet?.value, "Savings")
        XCTAssertTrue(goal.isReached)

        let rule = try XCTUnwrap(RecurringDirectiveSyntax(tree.entries[3]))
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.unit, "weeks")
        XCTAssertEqual(rule.on, "friday")
        XCTAssertEqual(rule.from, CivilDate(year: 2026, month: 1, day: 9))
        XCTAssertEqual(rule.times, 6)
        XCTAssertEqual(rule.name?.value, "pay")
        XCTAssertEqual(rule.transaction?.payee, "ACME")
        XCTAssertEqual(rule.transaction?.amount?.number, "+1400.00")

        let option = try XCTUnwrap(OptionDirectiveSyntax(tree.entries[4]))
        XCTAssertEqual(option.name, "severity")
        XCTAssertEqual(option.values, ["W0217", "off"])
        XCTAssertEqual(IncludeDirectiveSyntax(tree.entries[5])?.path, "sub/part.tally")
    }

    func testUnquoteResolvesEscapes() {
        XCTAssertEqual(Unquote.value(of: #""a \"b\" \\ c""#), #"a "b" \ c"#)
        XCTAssertEqual(Unquote.value(of: #"'Dad\'s'"#), "Dad's")
        XCTAssertEqual(Unquote.value(of: #""open"#), "open")
    }

    func testCivilDateKnowsTheCalendar() {
        XCTAssertNil(CivilDate(year: 2026, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2028, month: 2, day: 29))
        XCTAssertNil(CivilDate(year: 1900, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertNil(CivilDate(year: 2026, month: 4, day: 31))
        XCTAssertEqual(CivilDate(iso: "2026-03-01")?.description, "2026-03-01")
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestion.closest(to: "walet", among: ["wallet", "goal"]), "wallet")
        XCTAssertEqual(Suggestion.closest(to: "mnothly", among: ["monthly", "weekly"]), "monthly")
        XCTAssertNil(Suggestion.closest(to: "xyz", among: ["wallet"]))
    }

    /// A leaf finds its hierarchical name: "Groceries" is 0 edits from the last part of
    /// "Food:Groceries" (and "Grocerys" 1 of the 3 its 8 letters allow), while the whole
    /// name is 5 edits away, over the limit.
    func testSuggestionsCompareAHierarchicalNameByItsLastPart() {
        let categories = ["Housing:Rent", "Food:Groceries", "Food:Lunch"]
        XCTAssertEqual(Suggestion.closest(to: "Groceries", among: categories), "Food:Groceries")
        XCTAssertEqual(Suggestion.closest(to: "grocerys", among: categories), "Food:Groceries")
        XCTAssertEqual(Suggestion.closest(to: "Food:Lnch", among: categories), "Food:Lunch")
        XCTAssertNil(Suggestion.closest(to: "Fuel", among: categories))
    }
}
