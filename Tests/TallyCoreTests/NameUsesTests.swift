import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

/// ``NameUses`` reads entries where they lie; it must count what reading each entry's
/// ``Entry/kind`` counts, for every kind of entry in the examples.
final class NameUsesTests: XCTestCase {
    func testCountsAgreeWithTheEntriesKinds() throws {
        var counted = 0
        for path in TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally") {
            let model = try interpret(path)
            var wallets = [Int](repeating: 0, count: model.wallets.count)
            var categories = [Int](repeating: 0, count: model.categories.count)
            var envelopes = [Int](repeating: 0, count: model.envelopes.count)
            var goals = [Int](repeating: 0, count: model.goals.count)
            var rules = [Int](repeating: 0, count: model.rules.count)
            for entry in model.entries {
                switch entry.kind {
                case .transaction(let wallet, _, let postings):
                    wallets[wallet] += 1
                    for posting in postings { categories[posting.category] += 1 }
                case .transfer(let from, let to, _, _): wallets[from] += 1; wallets[to] += 1
                case .fill(let envelope, _): envelopes[envelope] += 1
                case .move(let from, let to, _): envelopes[from] += 1; envelopes[to] += 1
                case .assertion(let wallet, _): wallets[wallet] += 1
                case .skip, .contribution, .rate: break  // their rule or goal is the entry's own
                }
                if let goal = entry.goal { goals[goal] += 1 }
                if let rule = entry.rule { rules[rule] += 1 }
            }
            let uses = NameUses(model: model)
            XCTAssertEqual(uses.wallets, wallets, path)
            XCTAssertEqual(uses.categories, categories, path)
            XCTAssertEqual(uses.envelopes, envelopes, path)
            XCTAssertEqual(uses.goals, goals, path)
            XCTAssertEqual(uses.rules, rules, path)
            counted += wallets.reduce(0, +) + envelopes.reduce(0, +) + goals.reduce(0, +) + rules.reduce(0, +)
        }
        XCTAssertGreaterThan(counted, 200)
    }

    func testAHouseholdsCounts() throws {
        let model = try Interpreter.run(
            BudgetLoader(
                provider: InMemoryFileProvider([
                    "m.tally": """
                    wallet Cash cash
                    wallet Bank bank
                    expense Food
                    expense Rent
                    envelope Groceries 100 monthly for Food
                    goal Trip 500
                    2026-01-01 Cash Food -5
                    2026-01-02 Bank
                        Food -3
                        Rent -400
                    2026-01-03 transfer Bank -> Cash 20 goal Trip
                    2026-01-04 fill Groceries 50
                    2026-01-05 assert Cash 15.00

                    """
                ])
            ).load("m.tally"), today: CivilDate(year: 2026, month: 2, day: 1)!
        ).model
        let uses = NameUses(model: model)
        XCTAssertEqual(uses.wallets, [3, 2], "Cash: the purchase, the transfer, the assertion; Bank: the split, the transfer")
        XCTAssertEqual(uses.categories, [2, 1])
        XCTAssertEqual(uses.envelopes, [1])
        XCTAssertEqual(uses.goals, [1])
    }

    /// A skip names its rule once, a contribution its goal once.
    func testASkipAndAContributionCountOnce() throws {
        let model = try Interpreter.run(
            BudgetLoader(
                provider: InMemoryFileProvider([
                    "m.tally": """
                    wallet Cash cash
                    expense Rent
                    goal Trip 500
                    every month on 1 from 2026-01-01 as rent  Cash Rent -100
                    2026-01-01 skip rent
                    2026-01-02 goal Trip 20

                    """
                ])
            ).load("m.tally"), today: CivilDate(year: 2026, month: 1, day: 3)!
        ).model
        XCTAssertEqual(model.entries.count, 2)
        let uses = NameUses(model: model)
        XCTAssertEqual(uses.rules, [1])
        XCTAssertEqual(uses.goals, [1])
    }

    private func interpret(_ path: String) throws -> BudgetModel {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
        return Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!).model
    }
}
