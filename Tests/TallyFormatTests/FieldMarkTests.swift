import TallySyntax
import XCTest

@testable import TallyFormat

/// Attributes find their column by a 14-bit hash of their keyword; two keywords of the
/// grammar with the same hash would share a column. None do.
final class FieldMarkTests: XCTestCase {
    func testEveryKeywordHasItsOwnAttributeKey() {
        // Every keyword of the grammar, from the parser's one table.
        let keywords = Keyword.allCases.map(\.spelling)
        XCTAssertGreaterThan(keywords.count, 60)
        var seen: [Int16: String] = [:]
        for keyword in keywords {
            let bytes = Array(keyword.utf8)
            let key = bytes.withUnsafeBufferPointer { FieldMark.key(of: .attribute, firstToken: $0) }
            XCTAssertTrue(FieldMark.isAttribute(Int32(key)), keyword)
            XCTAssertNil(seen[key], "\(keyword) and \(seen[key] ?? "") share a key")
            seen[key] = keyword
        }
        // Node kinds and token kinds stay below the attributes.
        XCTAssertFalse(FieldMark.isAttribute(Int32(FieldMark.key(of: .currencyCode, firstToken: UnsafeBufferPointer(start: nil, count: 0)))))
        XCTAssertFalse(FieldMark.isAttribute(FieldMark.key(of: TokenKind.unknown)))
    }
}
