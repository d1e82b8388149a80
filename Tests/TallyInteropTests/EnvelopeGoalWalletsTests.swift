import TallyCore
import TallyInterop
import TallyTestSupport
import Testing

/// A goal's `in` list, read back from what the export writes (issue 36): hledger `in:`
/// tags, Fava `envelope:` and `in:` metadata. A peer's own goal in a budget with a wallet
/// in another currency still gets the wallets in the budget's currency; an `in:` naming
/// an account no wallet stands for lists the goal.
@Suite struct EnvelopeGoalWalletsTests {
    static let transactions = """
        2026-01-01 opening
            Assets:Checking   1000.00 EUR
            Assets:Cash        100.00 EUR
            Assets:Zloty      4000.00 PLN
            Equity:Opening

        2026-01-05 Rewe
            Expenses:Food       20.00 EUR
            Assets:Cash

        2026-01-06 Kino
            Expenses:Fun        80.00 PLN
            Assets:Zloty

        2026-01-07 Landlord
            Expenses:Rent      500.00 EUR
            Assets:Checking


        """

    static func converted(_ text: String, _ name: String) throws -> ConversionResult {
        let folder = try TemporaryFolder("goal-wallets")
        defer { folder.remove() }
        let path = try folder.write(text, to: name)
        return try JournalConverter.convert(paths: [path], readFile: { _ in text })
    }

    static func envelopes(_ result: ConversionResult) -> [String] {
        result.budget.split(separator: "\n").filter { $0.hasPrefix("envelope ") }.map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test func hledgerTagsNameTheWallets() throws {
        let result = try Self.converted(
            Self.transactions + """
                ~ monthly from 2026-01-01  envelope Food
                    ; in: Assets:Checking, in: Assets:Cash
                    (Expenses:Food)  300.00 EUR

                ~ monthly from 2026-01-01  envelope Rent
                    (Expenses:Rent)  800.00 EUR

                ~ monthly from 2026-01-01  groceries
                    (Expenses:Food)  50.00 EUR

                ~ monthly from 2026-01-01  envelope Fun
                    ; in: Assets:Nowhere
                    (Expenses:Fun)  100.00 EUR

                """, "home.journal")
        #expect(
            Self.envelopes(result) == [
                "envelope Food 300.00 monthly for Food in Checking, Cash from 2026-01-01",
                // Written by the export without `in`: all wallets, as it was.
                "envelope Rent 800.00 monthly for Rent from 2026-01-01",
                // A peer's own goal: the wallets in the budget's currency.
                "envelope Food-2 50.00 monthly for Food in Cash, Checking from 2026-01-01"
            ], "\(result.budget)")
        #expect(result.leftOut.map { "\($0.source.line): \($0.reason)" } == ["29: a periodic transaction with `in: Assets:Nowhere`, which no wallet stands for"])
    }

    /// A beancount household: euros in Checking, złoty in Zloty; what follows starts on line 13.
    static let favaHousehold = """
        option "operating_currency" "EUR"
        2026-01-01 open Assets:Checking
        2026-01-01 open Assets:Zloty
        2026-01-01 open Expenses:Food
        2026-01-01 open Expenses:Fun
        2026-01-01 open Equity:Opening

        2026-01-01 * "opening"
          Assets:Checking   1000.00 EUR
          Assets:Zloty      4000.00 PLN
          Equity:Opening


        """

    @Test func favaMetadataNamesTheEnvelopeAndItsWallets() throws {
        let text =
            Self.favaHousehold + """
                2026-01-06 * "Kino"
                  Expenses:Fun   80.00 PLN
                  Assets:Zloty

                2026-01-01 custom "budget" Expenses:Fun "monthly" 100.00 EUR
                  envelope: "Going out"
                  in: "Assets:Zloty"
                2026-01-01 custom "budget" Expenses:Food "monthly" 300.00 EUR

                """
        let result = try Self.converted(text, "home.beancount")
        #expect(
            Self.envelopes(result) == [
                "envelope 'Going out' 100.00 monthly for Fun in Zloty from 2026-01-01",
                // No `envelope:`: a budget of Fava's own, the wallets in the budget's currency.
                "envelope Food 300.00 monthly for Food in Checking from 2026-01-01"
            ], "\(result.budget)\n\(result.leftOut)")
    }

    /// Fava keeps the latest budget per account and commodity: a later one ends the one
    /// before (`until` the day before it), a zero one only ends it, and one of the same
    /// day replaces it (listed).
    @Test func aLaterFavaBudgetEndsTheOneBefore() throws {
        let text =
            Self.favaHousehold + """
                2026-01-01 custom "budget" Expenses:Food "monthly" 100.00 EUR
                2026-03-01 custom "budget" Expenses:Food "monthly" 120.00 EUR
                2026-01-01 custom "budget" Expenses:Fun "monthly" 50.00 EUR
                2026-01-01 custom "budget" Expenses:Fun "monthly" 60.00 EUR
                2026-05-01 custom "budget" Expenses:Fun "monthly" 0.00 EUR

                """
        let result = try Self.converted(text, "home.beancount")
        #expect(
            Self.envelopes(result) == [
                "envelope Food 100.00 monthly for Food in Checking from 2026-01-01 until 2026-02-28",
                "envelope Food-2 120.00 monthly for Food in Checking from 2026-03-01",
                "envelope Fun 60.00 monthly for Fun in Checking from 2026-01-01 until 2026-04-30"
            ], "\(result.budget)")
        #expect(result.leftOut.map { "\($0.source.line): \($0.reason)" } == ["15: a Fava budget replaced by a later one on the same day"])
    }
}
