import TallySyntax
import XCTest

/// `import` profiles and `match` rules: what the parser reads, what the typed views give,
/// and that damaged lines stay lossless and report where they break.
final class ImportSyntaxTests: XCTestCase {
    func testAProfileGivesItsWalletAttributesAndColumns() throws {
        let tree = Parser.parse(
            """
            import Girokonto  encoding windows-1252  separator ";"  dates DD.MM.YYYY  decimal comma  skip 4
                date:   "Buchungstag"
                amount: Betrag
            """)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(tree.entries.map(\.kind), [.importDirective])
        let profile = try XCTUnwrap(ImportDirectiveSyntax(tree.entries[0]))
        XCTAssertEqual(profile.wallet?.value, "Girokonto")
        XCTAssertEqual(profile.value("encoding"), "windows-1252")
        XCTAssertEqual(profile.value("separator"), ";")
        XCTAssertEqual(profile.value("dates"), "DD.MM.YYYY")
        XCTAssertEqual(profile.value("decimal"), "comma")
        XCTAssertEqual(profile.value("skip"), "4")
        XCTAssertNil(profile.value("missing"))
        XCTAssertEqual(profile.columns.map(\.role), ["date", "amount"])
        XCTAssertEqual(profile.columns.map(\.header), ["Buchungstag", "Betrag"])
        // The keywords are keywords here only.
        func keywordTokens(_ node: SyntaxNode) -> [SyntaxToken] {
            node.childTokens.filter { $0.kind == .keyword } + node.childNodes.flatMap(keywordTokens)
        }
        let keywords = keywordTokens(tree.root).sorted { $0.range.start < $1.range.start }.map(\.text)
        XCTAssertEqual(keywords, ["import", "encoding", "separator", "dates", "decimal", "skip"])
    }

    func testAMatchRuleGivesItsTextCategoryAndClauses() throws {
        let tree = Parser.parse("match \"NETFLIX*\" in Visa Fun  over 5 under 20.00  payee \"Netflix\"  note \"stream\"  #tv #monthly\n")
        XCTAssertEqual(tree.diagnostics, [])
        let rule = try XCTUnwrap(MatchDirectiveSyntax(tree.entries[0]))
        XCTAssertEqual(rule.text, "NETFLIX*")
        XCTAssertEqual(rule.wallet?.value, "Visa")
        XCTAssertEqual(rule.category?.value, "Fun")
        XCTAssertEqual(rule.over?.number, "5")
        XCTAssertEqual(rule.under?.number, "20.00")
        XCTAssertEqual(rule.payee, "Netflix")
        XCTAssertEqual(rule.note, "stream")
        XCTAssertEqual(rule.tags, ["tv", "monthly"])
        // Without `in`, the first name is the category.
        let plain = try XCTUnwrap(MatchDirectiveSyntax(Parser.parse("match \"REWE\" Food:Groceries").entries[0]))
        XCTAssertNil(plain.wallet)
        XCTAssertEqual(plain.category?.value, "Food:Groceries")
    }

    func testASplitRuleGivesItsPartsInsteadOfACategory() throws {
        let text = """
            match "COSTCO" in Checking  payee "Costco"  #bulk
                Food:Groceries  70%
                Fun              5.00  #coffee  "the café"
                Household
                Gifts           12.5%

            """
        let tree = Parser.parse(text)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(tree.root.text, text)
        let rule = try XCTUnwrap(MatchDirectiveSyntax(tree.entries[0]))
        XCTAssertNil(rule.category)
        XCTAssertEqual(rule.wallet?.value, "Checking")
        XCTAssertEqual(rule.payee, "Costco")
        XCTAssertEqual(rule.tags, ["bulk"])
        XCTAssertEqual(rule.splits.map { $0.category?.value }, ["Food:Groceries", "Fun", "Household", "Gifts"])
        XCTAssertEqual(rule.splits.map { $0.percentage?.text }, ["70%", nil, nil, "12.5%"])
        XCTAssertEqual(rule.splits.map { $0.amount?.number }, [nil, "5.00", nil, nil])
        XCTAssertEqual(rule.splits[1].tags, ["coffee"])
        XCTAssertEqual(rule.splits[1].note, "the café")
        // A category spelled like a clause keyword is still a category; a clause with its
        // value is a clause.
        let over = try XCTUnwrap(MatchDirectiveSyntax(Parser.parse("match \"X\" over  #t\n").entries[0]))
        XCTAssertEqual(over.category?.value, "over")
        let clause = Parser.parse("match \"X\" over 20\n    Fun  10%\n    Food\n")
        XCTAssertEqual(clause.diagnostics, [])
        XCTAssertEqual(MatchDirectiveSyntax(clause.entries[0])?.over?.number, "20")
        XCTAssertNil(MatchDirectiveSyntax(clause.entries[0])?.category)
    }

    func testPercentagesAreSplitPartsOfMatchRulesOnly() {
        // Below a transaction a percentage is still not an amount.
        let tree = Parser.parse("2026-01-01 Checking -10.00\n    Food  70%\n    Fun\n")
        XCTAssertEqual(tree.diagnostics.map(\.code.rawValue), ["E0205"], "\(tree.diagnostics)")
    }

    func testNamesSpelledLikeTheNewKeywordsStillWorkElsewhere() {
        let tree = Parser.parse(
            """
            expense match, note, over
            wallet import cash
            2026-01-01 import match -1.00
            """)
        XCTAssertEqual(tree.diagnostics, [])
    }

    func testDamagedProfilesAndRulesAreReportedAndLossless() {
        let cases: [(String, String)] = [
            ("import\n", "E0202"),
            ("import Konto  colour red\n", "E0209"),
            ("import Konto  separator ;\n", "E0202"),
            ("import Konto  skip x\n", "E0203"),
            ("match NETFLIX Fun\n", "E0203"),
            ("match \"NETFLIX\"\n", "E0202"),
            ("match \"NETFLIX\"  #tv\n", "E0202"),
            ("match \"NETFLIX\"\n    Fun  lots\n", "E0203"),
            ("match \"NETFLIX\"  over 5  sometimes\n", "E0209"),
            ("match \"NETFLIX\" Fun  over\n", "E0202"),
            ("match \"NETFLIX\" Fun  payee Netflix\n", "E0203"),
            ("match \"NETFLIX\" Fun  sometimes\n", "E0209"),
            ("import Konto  skip 1  skip 2\n", "E0210")
        ]
        for (text, code) in cases {
            let tree = Parser.parse(text)
            XCTAssertEqual(tree.diagnostics.map(\.code.rawValue), [code], text)
            XCTAssertEqual(tree.root.text, text, "lossless: \(text)")
        }
    }
}
