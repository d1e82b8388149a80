import Foundation
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// `GET /api/REPORT?options` answers exactly what the built `tally REPORT --format json`
/// prints for the same budget and options, for every report and every example: two front
/// ends of one library (`ReportRequest`, `CheckBudget`), compared as processes.
struct APIParityTests {
    static let examples = ["examples/household.tally", "examples/multi-currency.tally", "examples/student.tally"]
    static let reports = [
        "balance", "envelopes", "goals", "register", "incomestatement", "report", "due", "insights", "forecast", "wallets", "categories", "payees",
        "tags"
    ]

    /// Query strings and the flags they stand for.
    static let options: [(query: String, flags: [String])] = [
        ("", []),
        ("today=2026-10-15", ["--today", "2026-10-15"])
    ]

    /// One example through the built binary (every report, two days); the other examples
    /// are compared in process, library against command line, by `ReportRequestParityTests`.
    @Test(arguments: ["examples/household.tally"])
    func everyReportMatchesTheCommandLine(example: String) {
        let file = TestSupport.path(example)
        let serve = ServeTestApp(files: [file])
        for report in Self.reports {
            for option in Self.options {
                let today = option.flags.isEmpty ? ["--today", "2026-11-22"] : option.flags
                let expected = ServeTestApp.cli([report, "--format", "json"] + today + [file])
                let answer = serve.get("/api/\(report)" + (option.query.isEmpty ? "" : "?" + option.query))
                #expect(answer.status == .ok, "\(report) \(option.query)")
                #expect(answer.text == expected.out, "\(example): \(report) \(option.query)")
            }
        }
        let check = ServeTestApp.cli(["check", "--format", "json", "--today", "2026-11-22", file])
        #expect(serve.get("/api/diagnostics").text == check.out)
    }

    /// `/api/diagnostics` is kept per version and day, and is `tally check`'s answer again
    /// after the file changes on disk and for another day.
    @Test func diagnosticsFollowTheFileAndTheDay() throws {
        let folder = try TemporaryFolder("serve-check")
        defer { folder.remove() }
        let file = try folder.write("currency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\n", to: "b.tally")
        let serve = ServeTestApp(files: [file])
        func check(_ day: String) -> String { ServeTestApp.cli(["check", "--format", "json", "--today", day, file]).out }
        let clean = serve.get("/api/diagnostics").text
        #expect(clean == check("2026-11-22"))
        #expect(serve.get("/api/diagnostics").text == clean)
        #expect(serve.get("/api/diagnostics?today=2025-12-31").text == check("2025-12-31"))
        try "currency EUR\nwallet Cash cash opening 10.00 on 2026-01-01\n2026-02-30 Cash Nowhere -1.00\n".write(toFile: file, atomically: true, encoding: .utf8)
        let changed = serve.get("/api/diagnostics").text
        #expect(changed == check("2026-11-22") && changed != clean)
    }

    /// Options as query parameters: values, repeated filters, switches and query words.
    @Test func optionsAreTheCommandLinesFlags() {
        let file = TestSupport.path("examples/household.tally")
        let serve = ServeTestApp(files: [file])
        let cases: [(String, String, [String])] = [
            ("register", "period=2026-11&wallet=Joint&sort=amount&desc", ["--period", "2026-11", "--wallet", "Joint", "--sort", "amount", "--desc"]),
            ("register", "category=Food&q=amt:>20", ["--category", "Food", "-f", file, "amt:>20"]),
            ("register", "type=expense&type=income&payee=a", ["--type", "expense", "--type", "income", "--payee", "a"]),
            ("envelopes", "at=2026-10-10", ["--at", "2026-10-10"]),
            ("report", "month=2026-10&depth=2", ["--month", "2026-10", "--depth", "2"]),
            ("balance", "monthly&period=2026", ["--monthly", "--period", "2026"]),
            ("forecast", "until=2027-01-31", ["--until", "2027-01-31"]),
            ("due", "days=60", ["--days", "60"])
        ]
        for (report, query, flags) in cases {
            let expected = ServeTestApp.cli([report, "--format", "json", "--today", "2026-11-22"] + flags + (flags.contains("-f") ? [] : [file]))
            #expect(expected.code == 0, "\(report) \(flags)")
            let answer = serve.get("/api/\(report)?\(query)")
            #expect(answer.text == expected.out, "\(report)?\(query)")
        }
    }

    /// A mistake is refused by the web app as the command line refuses it: the one library
    /// error, each front end naming the options its own way (`--sort` there, `sort` here).
    @Test func mistakesAreTheCommandLinesInTheAPIsWords() throws {
        let file = TestSupport.path("examples/household.tally")
        let serve = ServeTestApp(files: [file])
        let cases: [(String, String, [String])] = [
            ("register", "sort=size", ["--sort", "size"]),
            ("register", "desc=yes", ["--desc=yes"]),
            ("register", "period=2026-11&begin=2026-10", ["--period", "2026-11", "--begin", "2026-10"]),
            ("balance", "payee=Shop", ["--payee", "Shop"]),
            ("due", "days=10&period=2026-12", ["--days", "10", "--period", "2026-12"]),
            ("envelopes", "envelope=Nope", ["--envelope", "Nope"]),
            ("insights", "monthly&by=week", ["--monthly", "--by", "week"]),
            ("forecast", "until=2026-01-01", ["--until", "2026-01-01"])
        ]
        for (report, query, flags) in cases {
            let cli = ServeTestApp.cli([report, "--format", "json", "--today", "2026-11-22"] + flags + [file])
            #expect(cli.code == 2, "\(report) \(flags)")
            let answer = serve.get("/api/\(report)?\(query)")
            #expect(answer.status == .badRequest, "\(report)?\(query)")
            let kind = try #require(ReportKind(rawValue: report))
            let parameters = query.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }
            let error = try #require(try Self.mistake(kind, parameters, file: file), "\(report)?\(query)")
            #expect(cli.err.split(separator: "\n").first.map(String.init) == "tally \(report): " + error.message, "\(report) \(flags)")
            #expect(answer.text == ServeApp.errorJSON(error.message(.parameters)), "\(report)?\(query)")
            #expect(!answer.text.contains("--") && !answer.text.contains("tally "), "\(answer.text)")
        }
    }

    /// The usage mistake the library finds in `parameters` for `kind`, read and answered.
    private static func mistake(_ kind: ReportKind, _ parameters: [(String, String)], file: String) throws -> UsageError? {
        let budget = try ReportBudget.open(files: [file], today: CivilDate(iso: "2026-11-22")!)
        do throws(UsageError) {
            let request = try kind.request(parameters)
            guard case .failure(.usage(let error)) = kind.answer(request, budget: budget) else { return nil }
            return error
        } catch {
            return error
        }
    }

    @Test func usageMistakesAre400WithTheCommandLinesMessage() {
        let serve = ServeTestApp(files: [TestSupport.path("examples/household.tally")])
        let unknown = serve.get("/api/register?wallet=Nope")
        #expect(unknown.status == .badRequest)
        #expect(unknown.text.contains("no wallet named `Nope`"))
        #expect(serve.get("/api/register?bogus=1").status == .badRequest)
        #expect(serve.get("/api/nothing").status == .notFound)
        for refused in ["file=/etc/passwd", "output=/tmp/x", "format=csv", "f=x", "html=/tmp/x.html"] {
            #expect(serve.get("/api/report?\(refused)").status == .badRequest, "\(refused)")
        }
        #expect(serve.get("/api/balance?today=tomorrow").status == .badRequest)
    }
}
