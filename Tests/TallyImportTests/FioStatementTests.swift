import TallyCore
import TallyImport
import Testing

/// Fio banka's JSON as the bank writes it: numbers kept exactly as written (never
/// through a `Double`), nulls for empty columns, escapes; and hostile JSON refused.
struct FioStatementTests {
    private func json(_ transactions: String, info: String = #""currency":"CZK","accountId":"2000123456""#) -> [UInt8] {
        Array(#"{"accountStatement":{"info":{\#(info)},"transactionList":{"transaction":[\#(transactions)]}}}"#.utf8)
    }

    private func movement(_ id: String, _ amount: String, payee: String = "null") -> String {
        #"{"column22":{"value":\#(id),"name":"ID pohybu","id":22},"column0":{"value":"2026-03-02+0100","name":"Datum","id":0},"column1":{"value":\#(amount),"name":"Objem","id":1},"column10":\#(payee)}"#
    }

    @Test func amountsAndIdsKeepEveryDigit() throws {
        // 0.1 + 0.2 style amounts and an id past 2^53 (9007199254740993) stay as written.
        let bytes = json(movement("9007199254740993", "-1234567890123.07") + "," + movement("26540001301", "0.30", payee: #"{"value":"Jan Nov\u00e1k \ud83d\ude00","id":10}"#))
        let statement = try StatementReader.read(bytes, path: "s.json")
        #expect(statement.format == .fioJSON)
        #expect(statement.rows.map(\.amount.description) == ["-1234567890123.07", "0.30"])
        #expect(statement.rows.map(\.bankID) == ["9007199254740993", "26540001301"])
        #expect(statement.rows.map(\.payee) == [nil, "Jan Novák 😀"])
        #expect(statement.account == "2000123456")
    }

    @Test func hostileOrCutJSONIsRefusedWithAPlace() {
        let deep = String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000)
        for (bytes, words) in [
            (json(deep), "nested more than"), (Array(json(movement("1", "-1.00")).dropLast(5)), "cut short"),
            (json(movement("1", "\"x\"")), "in column 1 (Objem) is not an amount")
        ] {
            #expect {
                try StatementReader.read(bytes, path: "s.json")
            } throws: { error in
                (error as? StatementError)?.message.contains(words) == true
            }
        }
    }
}
