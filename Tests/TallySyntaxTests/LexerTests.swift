import TallySyntax
import XCTest

final class LexerTests: XCTestCase {
    func testLineEndingsAreSingleTokens() {
        let tree = Parser.parse("x\r\ny\rz\n")
        let newlines = (0 ..< tree.tokenCount).map { tree.token(at: $0) }.filter { $0.kind == .newline }.map(\.text)
        XCTAssertEqual(newlines, ["\r\n", "\r", "\n"])
    }

    func testNumbersPercentagesDatesAndRanges() {
        let tree = Parser.parse("envelope Fair 300 2026-04-01..2026-04-30 for Fun alert 80%")
        let tokens = (0 ..< tree.tokenCount).map { tree.token(at: $0) }.filter { !$0.kind.isTrivia }
        XCTAssertEqual(tokens.map(\.kind), [.keyword, .name, .number, .date, .dotDot, .date, .keyword, .name, .keyword, .percentage])
        XCTAssertEqual(tree.diagnostics, [])
    }

    func testSignedNumbersArrowsAndPunctuation() {
        let tree = Parser.parse("2026-01-06 transfer A -> B -100.00 = +108.00 USD @ 1.08")
        let kinds = (0 ..< tree.tokenCount).map { tree.token(at: $0) }.filter { !$0.kind.isTrivia }.map(\.kind)
        XCTAssertEqual(kinds, [.date, .keyword, .name, .arrow, .name, .number, .equals, .number, .name, .at, .number])
    }

    func testTextQuotedNamesAndTags() {
        let tree = Parser.parse(#"2026-01-01 "a \"b\"; c" 'Joint Account' #tag -1"#)
        let tokens = (0 ..< tree.tokenCount).map { tree.token(at: $0) }.filter { !$0.kind.isTrivia }
        XCTAssertEqual(tokens.map(\.kind), [.date, .text, .quotedName, .tag, .number])
        XCTAssertEqual(tokens[1].text, #""a \"b\"; c""#)
    }

    func testKeysEndWithAColon() {
        XCTAssertEqual(Parser.parse("x\n    id: 1").token(at: 3).kind, .key)
        // A colon inside a name is part of the name.
        XCTAssertEqual(Parser.parse("income Food:Groceries").token(at: 2).kind, .name)
    }

    func testByteOrderMarkIsItsOwnToken() {
        let tree = Parser.parse(SourceText(path: "x", bytes: [0xEF, 0xBB, 0xBF] + Array("currency EUR".utf8)))
        XCTAssertEqual(tree.token(at: 0).kind, .byteOrderMark)
        XCTAssertEqual(tree.diagnostics, [])
    }

    func testInvalidUTF8IsReportedOncePerByte() {
        let tree = Parser.parse(SourceText(path: "x", bytes: Array("wallet Caf".utf8) + [0xE9, 0xFF] + Array(" cash\n".utf8)))
        XCTAssertEqual(tree.diagnostics.map(\.code), [.invalidUTF8, .invalidUTF8])
        XCTAssertEqual(tree.diagnostics.map(\.range), [ByteRange(start: 10, end: 11), ByteRange(start: 11, end: 12)])
    }

    func testUnterminatedTextStopsAtTheLineEnd() {
        let tree = Parser.parse("2026-01-01 \"open Cash -1\n2026-01-02 Cash Fun -1\n")
        XCTAssertEqual(tree.diagnostics.first?.code, .unterminatedQuote)
        // The next line is read normally.
        XCTAssertEqual(tree.entries.map(\.kind), [.transaction, .transaction])
        XCTAssertEqual(tree.diagnostics.filter { $0.range.start > 25 }, [])
    }

    func testControlCharactersAreReported() {
        let tree = Parser.parse("wallet A\u{0}B cash\n")
        XCTAssertTrue(tree.diagnostics.contains { $0.code == .controlCharacter })
    }
}
