import Foundation
import TallyTestSupport
import Testing

/// `tally report -V` rounds a valued sum once, as `incomestatement -V` and hledger do
/// (Grammar.md §3.14), in the month at a glance and in `--months N`: on
/// `ValuationRoundingTests`' budget, where rounding each amount gives a cent less, the
/// monthly cells are `hledger bal -M -V`'s on the export. The hledger half is skipped
/// with the reason when hledger is missing, a failure under CI.
@Suite struct MonthlyReportValuationTests {
    /// By hand, at 0.9157 EUR per USD (ValuationRoundingTests has the sums):
    /// February's Food 3.03 USD → 2.774571 → 2.77 (each 1.01 rounded: 0.92 × 3 = 2.76);
    /// January's 2.774571 + 0.50 = 3.274571 → 3.27 (3.26 rounded each). Change 2.77 −
    /// 3.27 = −0.50, −0.50 ÷ 3.27 = −15.29…% → −15.3. Fun 1.07 → 0.979799 → 0.98 and
    /// 4.06 → 3.717742 → 3.72: −2.74, −73.7%. Expense 3.754370 → 3.75 (not 2.76 + 0.98
    /// = 3.74) and 6.992313 → 6.99; net −3.75 and −6.99.
    static let month: [String: (current: String, previous: String, change: String, percent: String)] = [
        "Food": ("2.77", "3.27", "-0.50", "-15.3"),
        "Fun": ("0.98", "3.72", "-2.74", "-73.7")
    ]

    static func run(_ arguments: [String], _ folder: TemporaryFolder) throws -> String {
        let budget = try folder.write(ValuationRoundingTests.budget, to: "b.tally")
        let run = try TallyBinary.run(["report", budget, "--month", "2026-02", "-V", "--today", "2026-02-28"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func theMonthRoundsEachSumOnce() throws {
        let folder = try TemporaryFolder("report-valuation")
        defer { folder.remove() }
        let json = try #require(JSONSerialization.jsonObject(with: Data(try Self.run(["-O", "json"], folder).utf8)) as? [String: Any])
        #expect(json["expense"] as? String == "3.75" && json["net"] as? String == "-3.75", "\(json)")
        let previous = json["previous"] as? [String: Any]
        #expect(previous?["expense"] as? String == "6.99" && previous?["net"] as? String == "-6.99", "\(json)")
        let rows = (json["categories"] as? [[String: Any]]) ?? []
        #expect(rows.count == 2)
        for row in rows {
            let expected = try #require(Self.month[row["name"] as? String ?? ""])
            #expect(
                [row["current"], row["previous"], row["change"], row["percent"]].map { $0 as? String }
                    == [expected.current, expected.previous, expected.change, expected.percent], "\(row)")
        }
        // Food's share of the month's expense: 2.77 ÷ 3.75 = 73.86…% → 73.9%.
        let text = try Self.run([], folder)
        #expect(text.contains("Food               2.77       73.9%"), "\(text)")
    }

    /// `--months 2`: January 6.99 and February 3.75; the total is the two months'
    /// unrounded sums, 6.992313 + 3.754370 = 10.746683 → 10.75 (the rounded months add
    /// to 10.74), hledger's `-T`.
    @Test func theMonthsAndTheirTotalRoundOnce() throws {
        let folder = try TemporaryFolder("report-valuation-months")
        defer { folder.remove() }
        let text = try Self.run(["--months", "2"], folder)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
        #expect(lines.contains("2026-01 0.00 6.99 -6.99"), "\(text)")
        #expect(lines.contains("2026-02 0.00 3.75 -3.75"), "\(text)")
        #expect(lines.contains("Total 0.00 10.75 -10.75"), "\(text)")
    }

    @Test(.enabled(if: ValuationRoundingTests.hledgerOrCI, "hledger is not installed"))
    func theCellsAreHledgers() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("report-valuation-hledger")
        defer { folder.remove() }
        let budget = try folder.write(ValuationRoundingTests.budget, to: "b.tally")
        let journal = folder.path("h.journal")
        #expect(try TallyBinary.run(["export", "--to", "hledger", budget, "-o", journal]).status == 0)
        let peer = try hledger.run(["-f", journal, "bal", "-M", "-V", "-T", "Expenses", "-b", "2026-01-01", "-e", "2026-03-01", "-O", "csv"])
        #expect(peer.status == 0, "\(peer.output)")
        var cells: [String: [String]] = [:]
        for line in peer.stdout.split(separator: "\n") {
            let row = line.split(separator: ",").map { $0.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: " EUR", with: "") }
            cells[row[0]] = Array(row.dropFirst())
        }
        let json = try #require(JSONSerialization.jsonObject(with: Data(try Self.run(["-O", "json"], folder).utf8)) as? [String: Any])
        for row in (json["categories"] as? [[String: Any]]) ?? [] {
            let name = row["name"] as? String ?? ""
            // hledger's columns: January, February, the total.
            #expect(cells["Expenses:" + name]?.prefix(2) == [row["previous"] as? String, row["current"] as? String].compactMap { $0 }[...], "\(name): \(peer.stdout)")
        }
        let months = try Self.run(["--months", "2"], folder).split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        let total = try #require(cells["total"], "\(peer.stdout)")
        #expect(months.contains { $0.hasPrefix("2026-01 0.00 \(total[0]) ") }, "\(months) \(total)")
        #expect(months.contains { $0.hasPrefix("2026-02 0.00 \(total[1]) ") }, "\(months) \(total)")
        #expect(months.contains { $0.hasPrefix("Total 0.00 \(total[2]) ") }, "\(months) \(total)")
    }
}
