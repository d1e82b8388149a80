import XCTest

@testable import TallyCore

/// The table behind the duplicate bank id check (E0411) finds the first entry of each id,
/// through growth, and keeps ids whose hashes collide apart.
final class BankIDTableTests: XCTestCase {
    func testFindsTheFirstUseOfEachID() {
        var table = BankIDTable()
        // Entry k has id "ID\(k % 3000)": entries 0 ..< 3000 are firsts, the rest repeat them.
        let id = { (entry: Int) in "ID\(entry % 3000)" }
        for entry in 0 ..< 9000 {
            let hash = UInt32(truncatingIfNeeded: (entry % 3000) &* 2_654_435_761) & 0x3FFF_FFFF
            let first = table.firstOrInsert(hash: hash, entry: entry) { id($0) == id(entry) }
            XCTAssertEqual(first, entry < 3000 ? nil : entry % 3000, "entry \(entry)")
        }
        XCTAssertEqual(table.firstEntries, Array(0 ..< 3000))
    }

    func testIDsWhoseHashesCollideStayApart() {
        var table = BankIDTable()
        let ids = ["A", "B", "A", "C", "B", "C"]
        for (entry, id) in ids.enumerated() {
            // One hash for every id: only the comparison tells them apart.
            let first = table.firstOrInsert(hash: 7, entry: entry) { ids[$0] == id }
            XCTAssertEqual(first, [nil, nil, 0, nil, 1, 3][entry], "entry \(entry)")
        }
    }
}
