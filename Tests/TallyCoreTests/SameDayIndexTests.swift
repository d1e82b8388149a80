import XCTest

@testable import TallyCore

/// The index behind the likely-duplicate check finds the first same wallet, amount and
/// payee of the day, whatever the amount's scale, through growth and after clearing.
final class SameDayIndexTests: XCTestCase {
    /// The payee of each entry recorded so far, as the walk reads them off its entries.
    private var payees: [Int: String] = [:]

    private func firstOrInsert(_ index: inout SameDayIndex, wallet: Int, amount: Money, payee: String, entry: Int) -> Int? {
        payees[entry] = payee
        return index.firstOrInsert(wallet: wallet, amount: amount, entry: entry) { self.payees[$0] == payee }
    }

    func testFindsTheFirstMatchOnly() {
        var index = SameDayIndex()
        XCTAssertNil(firstOrInsert(&index, wallet: 0, amount: Money("-5")!, payee: "Shop", entry: 0))
        XCTAssertNil(firstOrInsert(&index, wallet: 1, amount: Money("-5")!, payee: "Shop", entry: 1))
        XCTAssertNil(firstOrInsert(&index, wallet: 0, amount: Money("-5")!, payee: "Other", entry: 2))
        XCTAssertNil(firstOrInsert(&index, wallet: 0, amount: Money("-5.01")!, payee: "Shop", entry: 3))
        XCTAssertEqual(firstOrInsert(&index, wallet: 0, amount: Money("-5.00")!, payee: "Shop", entry: 4), 0)
        XCTAssertEqual(firstOrInsert(&index, wallet: 0, amount: Money("-5.0")!, payee: "Shop", entry: 5), 0)
        index.removeAll()
        XCTAssertNil(firstOrInsert(&index, wallet: 0, amount: Money("-5")!, payee: "Shop", entry: 6))
    }

    func testKeepsEveryItemThroughGrowth() {
        var index = SameDayIndex()
        for round in 0 ..< 3 {
            for i in 0 ..< 500 {
                XCTAssertNil(firstOrInsert(&index, wallet: i % 7, amount: Money(units: Int64(i), scale: 2), payee: "P\(i % 3)", entry: i))
            }
            for i in 0 ..< 500 {
                XCTAssertEqual(firstOrInsert(&index, wallet: i % 7, amount: Money(units: Int64(i), scale: 2), payee: "P\(i % 3)", entry: 1000 + i), i, "round \(round)")
            }
            index.removeAll()
        }
    }
}
