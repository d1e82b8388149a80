import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

/// The typed report request: the grammar of its named parameters, its checks, and what
/// each report answers, in process.
struct ReportRequestTests {
    static let today = CivilDate(iso: "2026-11-22")!

    static func budget() throws -> ReportBudget {
        try ReportBudget.open(files: [TestSupport.path("examples/household.tally")], today: today)
    }

    /// Each parameter lands in its typed field; switches take no value; `q` holds the
    /// query words.
    @Test func parametersAreReadIntoTypedFields() throws {
        let request = try ReportKind.register.request([
            ("period", "2026-11"), ("wallet", "Joint"), ("wallet", "Visa"), ("tag", "#trip"), ("type", "expense"),
            ("sort", "amount"), ("desc", ""), ("monthly", ""), ("q", "amt:>20 payee:\"Corner Shop\"")
        ])
        #expect(request.period == PeriodSpec.month(year: 2026, month: 11))
        #expect(request.filters.wallets == ["Joint", "Visa"])
        #expect(request.filters.tags == ["trip"])
        #expect(request.filters.types == [.expense])
        #expect(request.sort == .amount && request.descending)
        #expect(request.queryTerms == ["amt:>20", "payee:Corner Shop"])
        var checked = request
        try ReportKind.register.check(&checked, hasQuery: true)
        #expect(checked.step == .monthly)
    }

    /// Mistakes are refused in the command line's words.
    @Test(arguments: [
        (ReportKind.register, [("bogus", "1")], "unknown option `--bogus` for `tally register`"),
        (.register, [("desc", "yes")], "`--desc` takes no value"),
        (.register, [("period", "")], "`--period` needs a value"),
        (.register, [("sort", "size")], "`size` is not a valid value for `--sort`; expected one of: date, amount, category, payee"),
        (.goals, [("wallet", "Joint")], "unknown option `--wallet` for `tally goals`"),
        (.due, [("days", "x")], "`--days`: `x` is not a whole number from 0 to 36600"),
        (.due, [("days", "10"), ("period", "2026-12")], "`--days` and a period both say how far ahead to look; use one or the other"),
        (.balance, [("at", "2026-11-01"), ("period", "2026-11")], "`--at 2026-11-01` and a period both give the day; use one or the other"),
        (.balance, [("payee", "x")], "unknown option `--payee` for `tally balance`"),
        (.report, [("month", "2026")], "`--month`: `2026` is not a month; write YYYY-MM"),
        (.forecast, [("until", "soon")], "`--until`: `soon` is not a date; write YYYY-MM-DD"),
        (.envelopes, [("monthly", ""), ("envelope", "Food")], "`--envelope` shows one period day by day; columns over time show every envelope"),
        (.goals, [("q", "Food")], "`tally goals` takes no query words; got `Food`")
    ])
    func mistakesAreRefusedInTheCommandLinesWords(kind: ReportKind, parameters: [(String, String)], message: String) throws {
        let budget = try Self.budget()
        let refusal: ReportRefusal
        do throws(UsageError) {
            let request = try kind.request(parameters)
            guard case .failure(let failure) = kind.answer(request, budget: budget) else {
                Issue.record("\(kind) \(parameters) was answered")
                return
            }
            refusal = failure
        } catch {
            refusal = .usage(error)
        }
        #expect(refusal == .usage(UsageError(message)))
    }

    /// A name the budget does not have is a usage mistake found with the budget.
    @Test func namesAreCheckedAgainstTheBudget() throws {
        let request = try ReportKind.register.request([("wallet", "Nope")])
        guard case .failure(.usage(let error)) = ReportKind.register.answer(request, budget: try Self.budget()) else {
            Issue.record("an unknown wallet was answered")
            return
        }
        #expect(error.message.contains("no wallet named `Nope`"))
    }

    /// A typed option set directly is kept by the checks, as read from a parameter.
    @Test func typedOptionsSetDirectlyAreKept() throws {
        let budget = try Self.budget()
        var typed = ReportRequest()
        typed.days = 60
        let read = try ReportKind.due.request([("days", "60")])
        guard case .success(let a) = ReportKind.due.answer(typed, budget: budget), case .success(let b) = ReportKind.due.answer(read, budget: budget)
        else {
            Issue.record("due was refused")
            return
        }
        #expect(a.json == b.json)
        guard case .due(let report) = a else {
            Issue.record("due answered another report")
            return
        }
        #expect(report.horizon == Self.today.adding(days: 60))
    }

    /// Each result's JSON is one document, whatever the report.
    @Test(arguments: ReportKind.allCases)
    func everyReportAnswersJSON(kind: ReportKind) throws {
        guard case .success(let result) = kind.answer(ReportRequest(), budget: try Self.budget()) else {
            Issue.record("\(kind) was refused")
            return
        }
        #expect(result.json.hasPrefix("{") && result.json.hasSuffix("}\n"), "\(kind)")
    }
}
