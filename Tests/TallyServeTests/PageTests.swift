import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// Every page of every example draws, with the command line's figures in its HTML.
struct PageTests {
    static let pages = ["/", "/envelopes", "/register", "/register?period=2026-11&type=expense", "/goals", "/due", "/diagnostics", "/source?file=0&line=3"]

    @Test(arguments: APIParityTests.examples)
    func everyPageDraws(example: String) {
        let serve = ServeTestApp(files: [TestSupport.path(example)])
        for page in Self.pages {
            let answer = serve.get(page)
            #expect(answer.status == .ok, "\(example) \(page): \(answer.text.prefix(200))")
            #expect(answer.text.hasPrefix("<!DOCTYPE html>"), "\(page)")
        }
    }

    /// The envelopes page shows each envelope's available money as `tally envelopes
    /// --format json` gives it (household, 2026-11-22: Gift-fund holds 77.50 carried in
    /// + 60.00 filled + 40.00 moved in = 177.50, less 164.90 spent on Lea's present =
    /// 12.60 available).
    @Test func theEnvelopesPageHasTheCommandLinesFigures() throws {
        let file = TestSupport.path("examples/household.tally")
        let page = ServeTestApp(files: [file]).get("/envelopes").text
        let json = ServeTestApp.cli(["envelopes", "--format", "json", "--today", "2026-11-22", file]).out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let envelopes = try #require(object["envelopes"] as? [[String: Any]])
        #expect(!envelopes.isEmpty)
        for envelope in envelopes {
            let name = try #require(envelope["name"] as? String), available = try #require(envelope["available"] as? String)
            // The phone's list: the name, then what it has available.
            #expect(page.contains("data-envelope=\"\(name)\"><details><summary><span class=\"name\">\(name)</span>"), "\(name)")
            #expect(page.contains("<span class=\"name\">\(name)</span><span class=\"available\" data-figure=\"available\">\(available)</span>"), "\(name) \(available)")
        }
        #expect(page.contains("<span class=\"name\">Gift-fund</span><span class=\"available\" data-figure=\"available\">12.60</span>"))
    }

    @Test func aLargeFileIsShownAWindowAtATime() throws {
        let folder = try TemporaryFolder("serve-source")
        defer { folder.remove() }
        let text = "wallet Cash cash\n" + (1 ... 2999).map { "; line \($0 + 1)\n" }.joined()
        let file = try folder.write(text, to: "big.tally")
        let page = ServeTestApp(files: [file]).get("/source?file=0&line=2000").text
        #expect(page.contains("<span id=\"L2000\" class=\"hit\"><b>2000</b>; line 2000</span>"))
        #expect(page.contains("id=\"L1500\"") && page.contains("id=\"L2499\""))
        #expect(!page.contains("id=\"L1499\"") && !page.contains("id=\"L2500\""))
        #expect(page.contains("Earlier lines") && page.contains("Later lines"))
    }

    /// Lines end at `\n`, a `\r` before it is not shown, and the last window ends at the
    /// file's last line (3,000 lines and a final break: 3,001 lines, the last one empty).
    @Test func windowLinesEndAtLineBreaks() throws {
        let folder = try TemporaryFolder("serve-source-crlf")
        defer { folder.remove() }
        let text = "wallet Cash cash\r\n" + (2 ... 3000).map { "; line \($0)\r\n" }.joined()
        let file = try folder.write(text, to: "crlf.tally")
        let page = ServeTestApp(files: [file]).get("/source?file=0&line=2990").text
        #expect(page.contains("<span id=\"L2990\" class=\"hit\"><b>2990</b>; line 2990</span>"))
        #expect(page.contains("<span id=\"L3001\"><b>3001</b></span>") && !page.contains("id=\"L3002\""))
        #expect(page.contains("id=\"L2002\"") && !page.contains("id=\"L2001\""))
        #expect(!page.contains("\r") && page.contains("Earlier lines") && !page.contains("Later lines"))
    }

    /// Every total leads to the rows behind it (household, 2026-11-22): a wallet's
    /// balance to its rows up to the day, an envelope's bar to the rows it counts as
    /// spending in November up to the day (`envelope:`; DrillDownTests checks that they
    /// add up), a goal held in Savings to Savings' rows, on the overview and the
    /// goals page; New-bike, saved by contributions only, to the goals page.
    @Test func balancesAndProgressBarsLinkToTheirRows() throws {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        let overview = serve.get("/").text
        #expect(overview.contains("<a href=\"/register?wallet=Joint&amp;period=..2026-11-22\">"))
        let envelopes = try #require(overview.range(of: "id=\"chart-envelopes\"").map { String(overview[$0.lowerBound...].prefix(4000)) })
        #expect(envelopes.contains("<a href=\"/register?q=envelope%3AGroceries&amp;period=2026-11-01..2026-11-22\">"))
        let goals = try #require(overview.range(of: "id=\"chart-goals\"").map { String(overview[$0.lowerBound...].prefix(4000)) })
        #expect(goals.contains("<a href=\"/register?wallet=Savings&amp;period=..2026-11-22\"><g class=\"row"))
        #expect(goals.contains("<a href=\"/goals?at=2026-11-22\"><g class=\"row"))
        let goalsPage = serve.get("/goals").text
        #expect(goalsPage.contains("<a href=\"/register?wallet=Savings&amp;period=..2026-11-22\">Vacation</a>"))
    }

    /// A budget's own text is escaped wherever a page shows it.
    @Test func namesAreEscaped() throws {
        let folder = try TemporaryFolder("serve-escape")
        defer { folder.remove() }
        let file = try folder.write(
            "currency EUR\nwallet '<b>x</b>' cash opening 10.00 on 2026-01-01\nexpense Food\n2026-11-02 \"<script>alert(1)</script>\" '<b>x</b>' Food -1.00\n",
            to: "e.tally")
        let serve = ServeTestApp(files: [file])
        for page in ["/", "/register", "/source?file=0&line=4"] {
            let text = serve.get(page).text
            #expect(!text.contains("<script>alert") && !text.contains("<b>x</b>"), "\(page)")
        }
        #expect(serve.get("/register").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
