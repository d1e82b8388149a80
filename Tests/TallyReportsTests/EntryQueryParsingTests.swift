import TallyCore
import XCTest

@testable import TallyReports

/// The query grammar of docs/reports.md, shape by shape; `EntryQueryTests` in TallyCLITests
/// checks what the binary shows for each kind of term.
final class EntryQueryParsingTests: XCTestCase {
    func testParsesEveryShape() throws {
        typealias T = EntryQuery.Term
        let table: [(String, T)] = [
            ("Food", T(field: .text, text: "food")),
            ("Food:Groceries", T(field: .text, text: "food:groceries")),  // not a field: plain text
            ("cat:Groceries", T(field: .category, text: "groceries")),
            ("acct:Rent", T(field: .account, text: "rent")),  // hledger's account: wallet or category
            ("wallet:Joint", T(field: .wallet, text: "joint")),
            ("tag:#work", T(field: .tag, text: "work")),
            ("payee:Lidl", T(field: .payee, text: "lidl")),
            ("desc:Lidl", T(field: .description, text: "lidl")),  // payee | note, as hledger
            ("tag:trip=Japan", T(field: .tag, text: "trip", value: "japan")),
            ("status:*", T(field: .status, text: "*")),
            ("status:", T(field: .status, text: "")),
            ("note:gift", T(field: .note, text: "gift")),
            ("amt:>50", T(field: .amount, comparison: .greater, amount: Money("50")!)),
            ("amt:<=-20.5", T(field: .amount, comparison: .lessOrEqual, amount: Money("-20.5")!, signed: true)),
            ("amt:12.50", T(field: .amount, comparison: .equal, amount: Money("12.50")!)),
            ("amt:>=+100", T(field: .amount, comparison: .greaterOrEqual, amount: Money("100")!, signed: true)),
            ("date:2026q4", T(field: .date, period: .quarter(year: 2026, quarter: 4))),
            ("not:payee:Lidl", T(field: .payee, negated: true, text: "lidl"))
        ]
        for (word, expected) in table {
            XCTAssertEqual(try EntryQuery([word]).terms, [expected], word)
        }
        for bad in ["amt:lots", "amt:>", "date:someday", "cat:", "not:", "status:x", "cur:EUR", "real:1"] {
            XCTAssertThrowsError(try EntryQuery([bad]), bad)
        }
    }
}
