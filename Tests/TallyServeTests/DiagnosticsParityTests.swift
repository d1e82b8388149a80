import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The Diagnostics page and `/api/diagnostics` are one answer (``CheckBudget``): the same
/// diagnostics, in the same order, with the same advice.
@Suite struct DiagnosticsParityTests {
    /// An error, warnings, and an I0601 whose message names the likely category.
    static let budget = """
        currency EUR
        wallet Checking bank opening 500.00 on 2026-03-01
        expense Food, Fun
        envelope Food 30.00 monthly for Food

        2026-03-02 "Tesco" Checking Food -40.00
        2026-03-03 "Tesco" Checking -12.00
            id: "A-1"
        2026-03-04 "Cinema" Checking Fnu -8.00
        2026-03-05 "Tesco" Checking Food -3.00
        2026-03-31 assert Checking 400.00

        """

    @Test func thePageAndTheAPIShowTheSameDiagnosticsInTheSameOrder() throws {
        let folder = try TemporaryFolder("serve-diagnostics")
        defer { folder.remove() }
        let file = try folder.write(Self.budget, to: "budget.tally")
        let serve = ServeTestApp(files: [file], today: "2026-03-31")

        let api = serve.get("/api/diagnostics")
        #expect(api.status == .ok, "\(api.text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])
        let listed = try #require(json["diagnostics"] as? [[String: Any]])
        let fromAPI = listed.map { "\($0["code"] ?? "") \($0["message"] ?? "")" }
        #expect(fromAPI.count == 4, "\(fromAPI)")
        #expect(fromAPI.contains { $0.hasPrefix("I0601") && $0.contains("likely Food") }, "\(fromAPI)")
        #expect(fromAPI.contains { $0.hasPrefix("E") }, "\(fromAPI)")

        let page = serve.get("/diagnostics")
        #expect(page.status == .ok)
        // Each row: the code in its header cell, then severity, place and message.
        var fromPage: [String] = []
        for row in page.text.components(separatedBy: "<tr><th scope=\"row\">").dropFirst() {
            let code = String(row.prefix { $0 != "<" })
            let cells = row.components(separatedBy: "<td>").dropFirst().map { String($0.prefix { $0 != "<" }) }
            fromPage.append("\(code) \(Self.unescaped(cells.last ?? ""))")
        }
        #expect(fromPage == fromAPI)
    }

    private static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
