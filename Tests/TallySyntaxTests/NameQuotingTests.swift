import TallySyntax
import XCTest

/// `NameSyntax.needsQuotes`, the part of `SourceWriter.name`'s rule the lexer and parser
/// dictate: a name it leaves bare reads back as that name, in a declaration and in a
/// transaction's wallet and category places, where a name that looks like an amount
/// would be read as a malformed one. `SourceWriterRoundTripTests` covers every place.
final class NameQuotingTests: XCTestCase {
    func testNamesThatLookLikeOtherTokensAreQuoted() {
        for bare in ["Checking", "Food:Groceries", "Crème", "食費", "Mom-s_Visa", "🏠", "$giro", "CHFsavings", "a.b", "x-1"] {
            XCTAssertFalse(NameSyntax.needsQuotes(bare), bare)
        }
        for quoted in [
            "", "Joint Account", "a;b", "a\"b", "a,b", "Mom's", "id:", "#tag", "=x", "@x", "+1", "-x", ".beancount",
            "2024", "$5", "€-3", "£+1", "CHF12", "a\tb"
        ] {
            XCTAssertTrue(NameSyntax.needsQuotes(quoted), quoted)
        }
        XCTAssertEqual(NameSyntax.quoted("Dad's \\ card"), "'Dad\\'s \\\\ card'")
    }

    func testWrittenNamesReadBackInEveryPlace() {
        // `.beancount` and `.datbank-giro` came from the journals fuzz target: written bare,
        // a transaction read them as a malformed amount in the wallet's place.
        let names = ["Checking", ".beancount", ".datbank-giro", "$5", "Joint Account", "Dad's \\ card", "12 Street", "-x", "€3"]
        for name in names {
            let written = NameSyntax.needsQuotes(name) ? NameSyntax.quoted(name) : name
            let text = "wallet \(written) bank\nexpense \(written)\n2026-01-01 \"Shop\" \(written) \(written) -1.00\n"
            let tree = Parser.parse(text)
            XCTAssertEqual(tree.diagnostics.map(\.message), [], "\(name) written as \(written)")
            guard let transaction = tree.entries(of: .transaction).first.flatMap(TransactionSyntax.init) else {
                XCTFail("no transaction for \(name)")
                continue
            }
            XCTAssertEqual(transaction.wallet?.value, name)
            XCTAssertEqual(transaction.category?.value, name)
        }
    }
}
