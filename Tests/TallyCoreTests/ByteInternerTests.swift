import XCTest

@testable import TallyCore

/// The byte-keyed table behind name lookups: ids are dense and stable, equal bytes find
/// the same id, and nothing else does, through growth and for keys of every length.
final class ByteInternerTests: XCTestCase {
    func testKeysOfEveryLengthKeepTheirIds() {
        var table = ByteInterner()
        // Prefixes of one another, lengths around the eight-byte steps, and the empty key.
        let keys =
            (0 ..< 40).map { String(repeating: "a", count: $0) }
            + (0 ..< 300).map { "Food:Groceries-\($0)" } + ["Café", "'quoted'", "x\u{0}y"]
        for (i, key) in keys.enumerated() {
            let (id, inserted) = table.insert(key)
            XCTAssertTrue(inserted, key)
            XCTAssertEqual(id, i, key)
        }
        XCTAssertEqual(table.count, keys.count)
        for (i, key) in keys.enumerated() {
            XCTAssertEqual(table.insert(key).id, i, key)
            XCTAssertFalse(table.insert(key).inserted, key)
            var bytes = Array(key.utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { table.find($0) }, i, key)
            bytes.append(UInt8(ascii: "!"))
            XCTAssertNil(bytes.withUnsafeBufferPointer { table.find($0) }, key)
        }
        XCTAssertEqual(table.count, keys.count)
    }
}
