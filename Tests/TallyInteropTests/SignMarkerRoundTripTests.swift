import TallyCore
import TallyInterop
import TallyTestSupport
import Testing

/// A split line against its category's sign carries `#reversal` (income) or `#refund`
/// (Grammar.md §3.10, "Signs"); the beancount export keeps a split line's tags as its
/// `tags:` metadata. Read back, that line must keep one marker, not gain a second one
/// each round trip (`#reversal #reversal` after brokerage.beancount went out and back).
@Suite struct SignMarkerRoundTripTests {
    static func converted(_ text: String) throws -> ConversionResult {
        let folder = try TemporaryFolder("sign-marker")
        defer { folder.remove() }
        let path = try folder.write(text, to: "broker.beancount")
        return try JournalConverter.convert(paths: [path], readFile: { _ in text })
    }

    static let sale = """
        2024-01-01 open Assets:Broker:Cash USD
        2024-01-01 open Expenses:Broker:Fees USD
        2024-01-01 open Income:Broker:Gains USD

        2024-04-01 * "Sell shares of ACME" ""
            Expenses:Broker:Fees  9.95 USD
            Income:Broker:Gains  50.00 USD
              tags: "TAGS"
            Assets:Broker:Cash  -59.95 USD

        """

    @Test func aReversalWrittenOutAndReadBackIsOneTag() throws {
        let result = try Self.converted(Self.sale.replacingText("TAGS", with: "reversal"))
        let line = result.budget.split(separator: "\n").first { $0.contains("Broker:Gains") && $0.contains("-50.00") }.map(String.init) ?? ""
        #expect(line.hasSuffix("-50.00  #reversal") || line.hasSuffix("-50.00 #reversal"), "\(result.budget)")
        #expect(line.split(separator: " ").filter { $0 == "#reversal" }.count == 1, "\(line)")
    }

    @Test func otherTagsStayBesideTheMarker() throws {
        // 50.00 of loss booked to income: the marker is added once, after the line's own tag.
        let result = try Self.converted(Self.sale.replacingText("TAGS", with: "tax-2024"))
        let line = result.budget.split(separator: "\n").first { $0.contains("Broker:Gains") && $0.contains("-50.00") }.map(String.init) ?? ""
        #expect(line.contains("#tax-2024") && line.contains("#reversal"), "\(line)")
        #expect(line.split(separator: " ").filter { $0 == "#reversal" }.count == 1, "\(line)")
    }
}
