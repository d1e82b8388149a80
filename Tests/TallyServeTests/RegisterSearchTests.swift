import TallyTestSupport
import Testing

@testable import TallyServe

/// The register page's filters search as `tally register` does.
struct RegisterSearchTests {
    /// The register page's Payee field finds a payee whatever its accents (`doner`:
    /// `Döner Palast`; `cafe`: `Café Central`), as `tally register --payee` does.
    @Test func theRegistersPayeeFieldFoldsAccents() throws {
        let folder = try TemporaryFolder("drill-accents")
        defer { folder.remove() }
        let file = try folder.write(
            """
            currency EUR
            wallet Bank bank
            expense Food
            2026-11-02 "Döner Palast"  Bank  Food  -7.50
            2026-11-03 "Café Central"  Bank  Food  -4.20

            """, to: "budget.tally")
        let serve = ServeTestApp(files: [file])
        for (payee, found) in [("doner", "Döner Palast"), ("cafe", "Café Central"), ("CAFÉ", "Café Central")] {
            let rows = DrillDownTests.tables(in: serve.get("/register?payee=\(FormData.encode(payee))").text)[0].rows
            // The payee, without the category and wallet under it.
            #expect(rows.map { DrillDownTests.plainText($0[1].components(separatedBy: "<span class=\"under")[0]) } == [found], "\(payee)")
        }
    }
}
