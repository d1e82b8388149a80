import Foundation
import TallyActions
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// ``TypedAmount``: an amount typed with a decimal comma is read when it reads one way
/// only, and written in Tally's form; `1,234` is refused with the question. The actions
/// that take a typed amount (``AddEntry``, ``EnvelopeMoney``) read it so.
@Suite struct TypedAmountTests {
    @Test(arguments: [
        ("12.50", "12.50"), ("-12.50", "-12.50"), ("+12.50", "+12.50"), (" 5 ", "5"),
        ("12,99", "12.99"), ("-3,80", "-3.80"), ("+12,99", "+12.99"), ("0,5", "0.5"),
        ("1.412,50", "1412.50"), ("1,412.50", "1412.50"), ("1.234.567", "1234567"), ("-1.340,50", "-1340.50")
    ])
    func readsWhatReadsOneWay(_ typed: String, _ written: String) throws {
        #expect(try TypedAmount.read(typed) == written)
    }

    /// `1,234` is 1234 or 1.234: asked, not guessed.
    @Test func refusesACommaThatReadsTwoWays() {
        #expect(throws: TypedAmount.Refusal.twoReadings("1,234", thousands: "1234", decimals: "1.234")) { try TypedAmount.read("1,234") }
        #expect(throws: TypedAmount.Refusal.twoReadings("-12,500", thousands: "-12500", decimals: "-12.500")) { try TypedAmount.read("-12,500") }
        let message = TypedAmount.Refusal.twoReadings("1,234", thousands: "1234", decimals: "1.234").message(example: "")
        #expect(message == "`1,234` reads two ways: did you mean 1234 or 1.234? Write the one you mean")
    }

    @Test(arguments: ["abc", ",50", "12,", "1,2,3", "12.5.0", "1.234,567,8", "€12", ""])
    func refusesWhatIsNoAmount(_ typed: String) {
        #expect(throws: TypedAmount.Refusal.self) { try TypedAmount.read(typed) }
        #expect((try? TypedAmount.read(typed)) == nil)
    }

    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00

        income  Salary
        expense Food:Groceries, Fun

        envelope Fun-money  monthly  for Fun

        2026-11-01 "Tesco"  Checking  Food:Groceries  -20.00

        """
    static let today = CivilDate(iso: "2026-11-22")!

    /// `tally add`'s and the purchase form's amount: `12,99` in an expense category is
    /// written `-12.99`; `1.412,50` with a `+` is `+1412.50`.
    @Test func addEntryReadsADecimalComma() throws {
        let folder = try TemporaryFolder("typed-amount")
        defer { folder.remove() }
        let path = try folder.write(Self.text, to: "b.tally")
        func add(_ amount: String, _ category: String = "Food:Groceries") throws -> AddEntry.Result {
            try AddEntry.perform(
                AddEntry.Request(file: path, date: "2026-11-05", parties: .named(payee: "Shop", wallet: "Checking", category: category), amount: amount, today: Self.today))
        }
        #expect(try add("12,99").line.hasSuffix(" -12.99"))
        #expect(try add("-3,80").line.hasSuffix(" -3.80"))
        #expect(try add("+1.412,50", "Salary").line.hasSuffix(" +1412.50"))
        let before = try folder.read("b.tally")
        let refusal = #expect(throws: ActionRefusal.self) { try add("1,234") }
        #expect(refusal?.message(entries: "the entry").contains("did you mean 1234 or 1.234?") == true)
        #expect(try folder.read("b.tally") == before)
    }

    /// The Envelopes page's fill and move: `3,80` is `3.80`; `1,234` is asked about.
    @Test func envelopeMoneyReadsADecimalComma() throws {
        let folder = try TemporaryFolder("typed-amount")
        defer { folder.remove() }
        let path = try folder.write(Self.text, to: "b.tally")
        let result = try EnvelopeMoney.perform(.init(file: path, date: "2026-11-22", kind: .fill(envelope: "Fun-money"), amount: "3,80", today: Self.today))
        #expect(result.line == "2026-11-22 fill Fun-money  3.80")  // laid out as `tally fmt` would
        let refusal = #expect(throws: ActionRefusal.self) {
            try EnvelopeMoney.perform(.init(file: path, date: "2026-11-22", kind: .fill(envelope: "Fun-money"), amount: "1,234", today: Self.today))
        }
        #expect(refusal?.message(entries: "the line").contains("did you mean 1234 or 1.234?") == true)
    }
}
