import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

/// A usage mistake keeps the options it names as data: the command line words it with its
/// flags (`--period`, `-X`, `tally register`), a page with its query parameters (`period`,
/// `exchange`, the `register` report), from the one message.
struct OptionNamingTests {
    /// The refusal of `parameters` for `kind`, read and answered as `/api/KIND` answers them.
    static func refusal(_ kind: ReportKind, _ parameters: [(String, String)]) throws -> UsageError? {
        let budget = try ReportRequestTests.budget()
        do throws(UsageError) {
            let request = try kind.request(parameters)
            guard case .failure(.usage(let error)) = kind.answer(request, budget: budget) else { return nil }
            return error
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (ReportKind.register, [("bogus", "1")], "unknown option `--bogus` for `tally register`", "unknown option `bogus` for the `register` report"),
        (.register, [("period", "bogus")], "`--period`: `bogus` is not a period", "`period`: `bogus` is not a period"),
        (.register, [("sort", "size")], "`size` is not a valid value for `--sort`", "`size` is not a valid value for `sort`"),
        (.balance, [("at", "2026-11-01"), ("period", "2026-11")], "`--at 2026-11-01` and a period", "`at 2026-11-01` and a period"),
        (.balance, [("exchange", "USD"), ("market", "")], "`--exchange` and `--market` both say", "`exchange` and `market` both say"),
        (.balance, [("exchange", "XYZ")], "`-X`: no rate in the budget names `XYZ`", "`exchange`: no rate in the budget names `XYZ`"),
        (.report, [("exchange", "EUR"), ("market", "")], "`--exchange` and `--market`", "`exchange` and `market`"),
        (
            .balance, [("depth", "2")], "`--depth` needs columns over time (--monthly, --weekly, --quarterly or --yearly)",
            "`depth` needs columns over time (monthly, weekly, quarterly or yearly)"
        ),
        (.register, [("begin", "2026-12"), ("end", "2026-11")], "`--begin`/`--end`: the period holds no days", "`begin`/`end`: the period holds no days"),
        (.goals, [("q", "Food")], "`tally goals` takes no query words", "the `goals` report takes no query words")
    ])
    func oneMistakeInEachFrontEndsWords(kind: ReportKind, parameters: [(String, String)], flags: String, page: String) throws {
        let error = try #require(try Self.refusal(kind, parameters), "\(kind) \(parameters) was answered")
        #expect(error.message.contains(flags), "\(error.message)")
        #expect(error.message(.flags) == error.message)
        #expect(error.message(.parameters).contains(page), "\(error.message(.parameters))")
        #expect(!error.message(.parameters).contains("--") && !error.message(.parameters).contains("`-"), "\(error.message(.parameters))")
    }

    /// Two mistakes are the same when the command line words them the same, however they
    /// were made.
    @Test func equalityIsTheCommandLinesWords() {
        #expect(UsageError("`\(option: "--period")` needs a value") == UsageError("`--period` needs a value"))
        #expect(UsageError("`\(option: "-X")`: x") != UsageError("`exchange`: x"))
    }
}
