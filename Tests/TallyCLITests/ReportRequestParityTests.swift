import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyCLI

/// Two front ends, one library: the JSON the library answers for a typed request is what
/// `tally REPORT --format json` prints for the same flags, byte for byte, and every report
/// command draws the library's report.
struct ReportRequestParityTests {
    static let today = CivilDate(iso: "2026-11-22")!
    static let examples = ["examples/household.tally", "examples/multi-currency.tally", "examples/student.tally"]

    /// A request built in code, and the flags (and query words) that ask the same.
    struct Case: Sendable, CustomStringConvertible {
        let kind: ReportKind
        let flags: [String]
        var words: [String] = []
        let build: @Sendable (inout ReportRequest) throws -> Void

        var description: String { ([kind.rawValue] + flags + words).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(kind: .balance, flags: []) { _ in },
        Case(kind: .balance, flags: ["--monthly", "--period", "2026"]) {
            $0.step = .monthly
            $0.period = try PeriodSpec("2026", flag: "--period")
        },
        Case(kind: .balance, flags: ["--budget", "-b", "2026-10"]) {
            $0.envelopeBudget = true
            $0.begin = try PeriodSpec("2026-10", flag: "--begin")
        },
        Case(kind: .balance, flags: ["--depth", "2"], words: ["cat:Food"]) {
            $0.depth = 2
            try $0.setQuery(["cat:Food"])
        },
        Case(kind: .register, flags: ["--period", "2026-11", "--sort", "amount", "--desc"]) {
            $0.period = try PeriodSpec("2026-11", flag: "--period")
            $0.sort = .amount
            $0.descending = true
        },
        Case(kind: .register, flags: ["--type", "expense", "--monthly"], words: ["amt:>20"]) {
            $0.filters.types = [.expense]
            $0.step = .monthly
            try $0.setQuery(["amt:>20"])
        },
        Case(kind: .envelopes, flags: ["--at", "2026-10-10"]) { $0.at = CivilDate(iso: "2026-10-10") },
        Case(kind: .envelopes, flags: ["--quarterly"]) { $0.step = .quarterly },
        Case(kind: .envelopes, flags: ["--envelope", "Groceries"]) { $0.envelope = "Groceries" },
        Case(kind: .goals, flags: ["--period", "2026-10"]) { $0.period = try PeriodSpec("2026-10", flag: "--period") },
        Case(kind: .incomestatement, flags: ["-M", "--depth", "1"]) {
            $0.step = .monthly
            $0.depth = 1
        },
        Case(kind: .report, flags: ["--month", "2026-10", "--depth", "2"]) {
            $0.month = try PeriodSpec("2026-10", flag: "--month")
            $0.depth = 2
        },
        Case(kind: .report, flags: ["--months", "4"]) { $0.months = 4 },
        Case(kind: .insights, flags: ["--by", "month", "--period", "2026"]) {
            $0.by = "month"
            $0.period = try PeriodSpec("2026", flag: "--period")
        },
        Case(kind: .due, flags: ["--days", "60"]) { $0.days = 60 },
        Case(kind: .forecast, flags: ["--until", "2027-01-31"]) { $0.until = CivilDate(iso: "2027-01-31") },
        Case(kind: .wallets, flags: []) { _ in },
        Case(kind: .categories, flags: ["-p", "2026-10"]) { $0.period = try PeriodSpec("2026-10", flag: "--period") },
        Case(kind: .payees, flags: ["-e", "2026-11"]) { $0.end = try PeriodSpec("2026-11", flag: "--end") },
        Case(kind: .tags, flags: []) { _ in }
    ]

    @Test(arguments: examples)
    func theLibrarysJSONIsTheCommandLines(example: String) throws {
        let file = TestSupport.path(example)
        let budget = try ReportBudget.open(files: [file], today: Self.today)
        for item in Self.cases {
            var request = ReportRequest()
            try item.build(&request)
            let console = Console.capturing()
            let code = TallyTool.run([item.kind.rawValue, "--format", "json", "--today", "2026-11-22"] + item.flags + [file] + item.words, console: console)
            switch item.kind.answer(request, budget: budget) {
            case .success(let result):
                #expect(code == 0, "\(example): \(item)")
                #expect(result.json == console.capturedOut, "\(example): \(item)")
            case .failure(let refusal):
                // The same refusal, in the same words.
                #expect(code == 2 && console.capturedErr == "tally \(item.kind.rawValue): \(refusal.message)\n", "\(example): \(item)")
            }
        }
    }

    /// The command line's own flags of each report are the library's, spelling for
    /// spelling (but `--html`, which writes a file).
    @Test func eachCommandsOwnFlagsAreTheLibrarys() {
        let commands: [(kind: ReportKind, own: [FlagDeclaration], name: String)] = [
            (BalanceCommand.kind, BalanceCommand.own, BalanceCommand.name), (EnvelopesCommand.kind, EnvelopesCommand.own, EnvelopesCommand.name),
            (GoalsCommand.kind, GoalsCommand.own, GoalsCommand.name), (RegisterCommand.kind, RegisterCommand.own, RegisterCommand.name),
            (IncomeStatementCommand.kind, IncomeStatementCommand.own, IncomeStatementCommand.name),
            (ReportCommand.kind, ReportCommand.own, ReportCommand.name), (InsightsCommand.kind, InsightsCommand.own, InsightsCommand.name),
            (DueCommand.kind, DueCommand.own, DueCommand.name), (ForecastCommand.kind, ForecastCommand.own, ForecastCommand.name),
            (WalletsCommand.kind, WalletsCommand.own, WalletsCommand.name), (CategoriesCommand.kind, CategoriesCommand.own, CategoriesCommand.name),
            (PayeesCommand.kind, PayeesCommand.own, PayeesCommand.name), (TagsCommand.kind, TagsCommand.own, TagsCommand.name)
        ]
        #expect(Set(commands.map(\.kind)) == Set(ReportKind.allCases))
        for command in commands {
            var flags: [String: Bool] = [:]
            for declaration in command.own where declaration.name != "--html" {
                for spelling in declaration.spellings { flags[spelling] = declaration.value != nil }
            }
            #expect(flags == command.kind.ownOptions, "\(command.name)")
        }
    }
}
