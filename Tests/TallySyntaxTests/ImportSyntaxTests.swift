import TallySyntax
import XCTest

/// `import` profiles and `match` rules: what the parser reads, what the typed views give,
/// and that damaged lines stay lossless and report where they break.
final class ImportSyntaxTests: XCTestCase {
    func testAProfileGivesItsWalletAttributesAndColumns() throws {
        let tree = Parser.parse("""
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

    func testNamesSpelledLikeTheNewKeywordsStillWorkElsewhere() {
        let tree = Parser.parse("""
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
            ("match \"NETFLIX\" Fun  over\n", "E0202"),
            ("match \"NETFLIX\" Fun  payee Netflix\n", "E0203"),
            ("match \"NETFLIX\" Fun  sometimes\n", "E0209"),
            ("import Konto  skip 1  skip 2\n", "E0210"),
        ]
        for (text, code) in cases {
            let tree = Parser.parse(text)
            XCTAssertEqual(tree.diagnostics.map(\.code.rawValue), [code], text)
            XCTAssertEqual(tree.root.text, text, "lossless: \(text)")
        }
    }
}
