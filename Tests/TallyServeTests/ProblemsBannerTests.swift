import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// A budget with a mistake in it says so on every page, linking to Diagnostics and to
/// the first problem's line; a clean one shows no banner.
struct ProblemsBannerTests {
    @Test func everyPageButDiagnosticsLeadsWithTheBudgetsProblems() throws {
        let folder = try TemporaryFolder("serve-problems")
        defer { folder.remove() }
        let file = try folder.write(
            """
            currency EUR
            wallet Cash  cash  opening 50.00 on 2026-11-01
            expense Food
            2026-11-02 "Bakery"  Cash  Fod  -3.20
            2026-11-31 "Bakery"  Cash  Food  -1.00

            """, to: "budget.tally")
        let serve = ServeTestApp(files: [file])
        for page in ["/", "/envelopes", "/register", "/goals", "/due", "/import", "/source?file=0"] {
            let text = serve.get(page).text
            #expect(text.contains("class=\"message banner error\""), "\(page)")
            #expect(text.contains("The budget has 2 errors: <a href=\"/diagnostics\">see Diagnostics</a>"), "\(page): \(text.prefix(900))")
            // Line 4's unknown category comes before line 5's invalid date.
            #expect(text.contains("first: <a href=\"/source?file=0&amp;line=4#L4\">\(file):4</a> unknown category"), "\(page): \(text.prefix(900))")
        }
        #expect(!serve.get("/diagnostics").text.contains("message banner"))
        try "currency EUR\nwallet Cash  cash  opening 50.00 on 2026-11-01\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(!serve.get("/").text.contains("message banner"))
    }
}
