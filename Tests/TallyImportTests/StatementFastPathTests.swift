import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyImport

/// The byte-level fast paths of statement reading (`tally import`'s speed) give exactly
/// what the general, character-level readings give.
final class StatementFastPathTests: XCTestCase {
    func testPlainAmountsReadAsTheGeneralReadingReadsThem() {
        var random = TestSupport.SeededGenerator(seed: 14)
        let alphabet = Array("0123456789.,-+ '€E")
        for _ in 0 ..< 20_000 {
            let text = String((0 ..< Int.random(in: 0 ... 9, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            for mark in [AmountText.DecimalMark.point, .comma] {
                XCTAssertEqual(AmountText.parse(text, mark: mark), AmountText.parseSpelled(text, mark: mark), "`\(text)` \(mark)")
            }
        }
    }

    func testCSVColumnsCountCharactersNotBytes() throws {
        // `ä` and `€` are 2 and 3 bytes, one column each.
        let records = try CSVRecords.read("ä€;b\n\"é\";ü;c\n", separator: ";", path: "s.csv")
        XCTAssertEqual(records.map(\.fields), [["ä€", "b"], ["é", "ü", "c"]])
        XCTAssertEqual(records.flatMap(\.positions).map(\.description), ["1:1", "1:4", "2:1", "2:5", "2:7"])
        // A separator outside ASCII (two bytes here) gives the same fields and positions.
        let section = try CSVRecords.read("ä€§b\n\"é\"§ü§c\n", separator: "§", path: "s.csv")
        XCTAssertEqual(section.map(\.fields), records.map(\.fields))
        XCTAssertEqual(section.flatMap(\.positions).map(\.description), ["1:1", "1:4", "2:1", "2:5", "2:7"])
        XCTAssertThrowsError(try CSVRecords.read("a§\"open\n", separator: "§", path: "s.csv"))
    }

    func testUndeclaredUTF8IsValidatedOnceAndOtherBytesStillFallBack() throws {
        XCTAssertEqual(try StatementEncoding.decode(Array("Bäckerei;-6,40\n".utf8), declared: nil, path: "s.csv"), "Bäckerei;-6,40\n")
        XCTAssertEqual(try StatementEncoding.decode([0x42, 0xE4, 0x63, 0x6B], declared: nil, path: "s.csv"), "Bäck")
    }
}

/// Normalized texts are cut into words by their bytes as `split` cuts them by characters,
/// bank noise left out.
final class MovementWordsTests: XCTestCase {
    func testWordsAreWhatSplittingAtSpacesGives() {
        for text in ["", " ", "card tesco stores london", "  a  c ", "bäckerei ziegler", "食費 lebensmittel", "x", "h m"] {
            XCTAssertEqual(MovementText.words(text), text.split(separator: " "), "`\(text)`")
        }
        XCTAssertEqual(MovementText.words("sepa lastschrift muller handels gmbh xxxx"), ["muller", "handels"])
        // Single letters stay, unless they spell a legal form written with dots.
        XCTAssertEqual(MovementText.words("netflix b v"), ["netflix"])
        XCTAssertEqual(MovementText.words("skoda auto a s mlada boleslav"), ["skoda", "auto", "mlada", "boleslav"])
        XCTAssertEqual(MovementText.words("c a moda"), ["c", "a", "moda"])
    }
}

/// Match rules fold ASCII texts by bytes as the general folding does.
final class RuleTextFoldingTests: XCTestCase {
    func testASCIIFoldingIsTheGeneralFolding() {
        var random = TestSupport.SeededGenerator(seed: 72)
        let alphabet = Array("aZ *\t\n\u{0B}\u{0C}\r\u{1C}\u{1F}.9-")
        for _ in 0 ..< 5_000 {
            let text = String((0 ..< Int.random(in: 0 ... 12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let general = String(String.UnicodeScalarView(text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars))
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            XCTAssertEqual(MatchRule.fold(text), general, "`\(text.debugDescription)`")
        }
        XCTAssertEqual(MatchRule.fold("TANKSTELLE SÜD"), "tankstelle sud")
    }
}
