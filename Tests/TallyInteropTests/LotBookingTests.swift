import TallyInterop
import TallyTestSupport
import Testing

/// beancount's `{}` sale takes its cost from the lots held, as beancount's STRICT booking
/// does: the one lot, a lot named by date or label, or every lot at once; a partial sale
/// across lots of different costs is as ambiguous to Tally as to beancount, and listed.
@Suite struct LotBookingTests {
    static let purchases = """
        option "operating_currency" "USD"
        2024-01-01 open Assets:Broker:Cash USD
        2024-01-01 open Assets:Broker:HOOL HOOL
        2024-01-01 open Income:Gains USD
        2024-01-01 open Equity:Opening USD

        2024-01-02 * "Deposit"
          Assets:Broker:Cash  5000.00 USD
          Equity:Opening

        2024-01-05 * "Buy"
          Assets:Broker:HOOL  10 HOOL {100.00 USD}
          Assets:Broker:Cash

        2024-02-05 * "Buy"
          Assets:Broker:HOOL  10 HOOL {120.00 USD, "later"}
          Assets:Broker:Cash

        """

    static func converted(_ text: String) throws -> ConversionResult {
        let folder = try TemporaryFolder("lot-booking")
        defer { folder.remove() }
        let path = try folder.write(text, to: "sales.beancount")
        return try JournalConverter.convert(paths: [path], readFile: { _ in text })
    }

    @Test func aLotNamedByDateOrLabelGivesTheCost() throws {
        let result = try Self.converted(
            Self.purchases + """
                2024-03-01 * "Sell"
                  Assets:Broker:HOOL  -5 HOOL {2024-01-05} @ 110.00 USD
                  Assets:Broker:Cash  550.00 USD
                  Income:Gains

                2024-03-02 * "Sell"
                  Assets:Broker:HOOL  -5 HOOL {"later"} @ 110.00 USD
                  Assets:Broker:Cash  550.00 USD
                  Income:Gains

                """)
        #expect(result.leftOut.isEmpty, "\(result.leftOut.map(\.reason))")
        // 5 × 100.00 = 500.00 at cost: a gain of 50.00; 5 × 120.00 = 600.00: a loss of 50.00.
        let lines = result.budget.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("2024-03-01 \"Sell\" transfer HOOL -> Cash 5 HOOL = 500.00 USD"), "\(result.budget)")
        #expect(lines.contains("2024-03-01 \"Sell\" Cash Gains +50.00"), "\(result.budget)")
        #expect(lines.contains("2024-03-02 \"Sell\" transfer HOOL -> Cash 5 HOOL = 600.00 USD"), "\(result.budget)")
        #expect(lines.contains { $0.hasPrefix("2024-03-02 \"Sell\" Cash Gains -50.00") }, "\(result.budget)")
    }

    @Test func aPartialSaleAcrossLotsOfDifferentCostsIsListed() throws {
        let result = try Self.converted(
            Self.purchases + """
                2024-03-01 * "Sell"
                  Assets:Broker:HOOL  -5 HOOL {} @ 110.00 USD
                  Assets:Broker:Cash  550.00 USD
                  Income:Gains

                """)
        #expect(result.leftOut.contains { $0.reason.contains("that no one lot held decides") }, "\(result.leftOut.map(\.reason))")
        #expect(!result.budget.contains("HOOL -> Cash"), "never a guessed cost")
    }

    /// HIFO takes the dearest lot first: of 10 at 100.00 and 10 at 120.00, a sale of 12
    /// takes 10 × 120.00 + 2 × 100.00 = 1400.00; FIFO 10 × 100.00 + 2 × 120.00 = 1240.00;
    /// a `"FIFO"` on another account's `open` leaves HOOL under the file's HIFO.
    @Test(arguments: [
        ("option \"booking_method\" \"HIFO\"\n", "1400.00"), ("option \"booking_method\" \"FIFO\"\n", "1240.00"),
        ("option \"booking_method\" \"HIFO\"\n2024-01-01 open Assets:Broker:Other HOOL \"FIFO\"\n", "1400.00")
    ])
    func theBookingMethodOrdersTheLots(_ option: String, _ cost: String) throws {
        let result = try Self.converted(
            option + Self.purchases + """
                2024-03-01 * "Sell"
                  Assets:Broker:HOOL  -12 HOOL {} @ 130.00 USD
                  Assets:Broker:Cash  1560.00 USD
                  Income:Gains

                """)
        #expect(result.leftOut.isEmpty, "\(result.leftOut.map(\.reason))")
        let lines = result.budget.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("2024-03-01 \"Sell\" transfer HOOL -> Cash 12 HOOL = \(cost) USD"), "\(result.budget)")
    }
}
