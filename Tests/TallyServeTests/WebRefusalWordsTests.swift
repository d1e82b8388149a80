import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// A refusal reaches a person on a page in the page's words, never the command line's:
/// "the Wallet field", not "--wallet"; "see Diagnostics", not "run `tally check`".
@Suite struct WebRefusalWordsTests {
    @Test func anImportThatNeedsAWalletAsksForTheWalletField() throws {
        let folder = try TemporaryFolder("serve-words")
        defer { folder.remove() }
        let file = try folder.write(
            "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nwallet Cash cash\nexpense Food\n", to: "budget.tally")
        let serve = ServeTestApp(files: [file])
        let answer = serve.postMultipart(
            "/import/preview", [("wallet", "")], files: [("upload", "s.csv", "date,payee,amount\n2026-01-05,Shop,-3.00\n")])
        #expect(answer.status == .unprocessable, "\(answer.text)")
        #expect(answer.text.contains("Name it with the Wallet field"), "\(answer.text)")
        #expect(!answer.text.contains("--"), "\(answer.text)")
    }

    @Test func aBudgetWithErrorsPointsToTheDiagnosticsPage() throws {
        let folder = try TemporaryFolder("serve-words")
        defer { folder.remove() }
        let file = try folder.write(
            "currency EUR\nwallet Cash cash opening 100.00 on 2026-01-01\nexpense Food\n2026-01-02 Cash Fod -1.00\n", to: "budget.tally")
        let serve = ServeTestApp(files: [file])
        let answer = serve.post("/add", [("date", "2026-01-03"), ("payee", "Shop"), ("wallet", "Cash"), ("category", "Food"), ("amount", "2")])
        #expect(answer.status == .conflict, "\(answer.text)")
        #expect(answer.text.contains("has 1 error; nothing written (see Diagnostics)."), "\(answer.text)")
        #expect(!answer.text.contains("tally check"), "\(answer.text)")
    }
}
