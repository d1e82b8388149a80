import Foundation
import TallyActions
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// ``WriteEffects``: a write answers with the lines it wrote and the figures it took
/// below zero — an envelope over, ready to assign below zero — found by comparing the
/// budget before and after, the figures computed by hand here.
@Suite struct WriteEffectsTests {
    static let text = """
        currency EUR

        wallet Checking  bank

        income  Salary
        expense Food:Dining, Fun

        envelope Dining     20  monthly  for Food:Dining
        envelope Fun-money      monthly  for Fun

        2026-11-01 "ACME"      Checking  Salary       +50.00
        2026-11-03 "Pizzeria"  Checking  Food:Dining  -17.40

        """
    static let today = CivilDate(iso: "2026-11-22")!

    private func add(_ path: String, _ date: String, _ amount: String) throws -> AddEntry.Result {
        try AddEntry.perform(
            AddEntry.Request(
                file: path, date: date, parties: .named(payee: "Trattoria", wallet: "Checking", category: "Food:Dining"), amount: amount, today: Self.today))
    }

    /// The purchase: Dining holds 20.00 for November, 17.40 spent, 1.00 more
    /// leaves 20.00 - 17.40 - 1.00 = 1.60 (nothing to say); 12.90 then takes it to
    /// 1.60 - 12.90 = -11.30, and 1.00 more to -12.30 — said again, though `tally check`
    /// warns only on the first purchase over (W0501).
    @Test func aPurchaseThatOverspendsSaysSo() throws {
        let folder = try TemporaryFolder("write-effects")
        defer { folder.remove() }
        let path = try folder.write(Self.text, to: "b.tally")
        let within = try add(path, "2026-11-04", "1.00")
        #expect(within.effects.lines == [within.line])
        #expect(within.effects.warnings.isEmpty, "\(within.effects.warnings)")
        let over = try add(path, "2026-11-20", "12,90")
        #expect(over.effects.lines == [over.line])
        #expect(over.line.hasSuffix("-12.90"))
        #expect(over.effects.warnings == ["Dining is over for 2026-11: -11.30 left"])
        let again = try add(path, "2026-11-21", "1.00")
        #expect(again.effects.warnings == ["Dining is over for 2026-11: -12.30 left"])
    }

    /// Ready to assign: 50.00 of salary less Dining's 20.00 for November is 30.00;
    /// filling Fun-money with 40.00 takes it to 30.00 - 40.00 = -10.00.
    @Test func aFillBeyondReadyToAssignSaysSo() throws {
        let folder = try TemporaryFolder("write-effects")
        defer { folder.remove() }
        let path = try folder.write(Self.text, to: "b.tally")
        let fits = try EnvelopeMoney.perform(.init(file: path, date: "2026-11-22", kind: .fill(envelope: "Fun-money"), amount: "30.00", today: Self.today))
        #expect(fits.effects.lines == [fits.line])
        #expect(fits.effects.warnings.isEmpty, "\(fits.effects.warnings)")
        let beyond = try EnvelopeMoney.perform(.init(file: path, date: "2026-11-22", kind: .fill(envelope: "Fun-money"), amount: "10,00", today: Self.today))
        #expect(beyond.effects.warnings == ["ready to assign is -10.00 on 2026-11-22"])
    }

    /// Moving more out of an envelope than it holds leaves it over: Dining's 20.00 less
    /// 17.40 spent is 2.60; moving 5.00 out leaves 2.60 - 5.00 = -2.40.
    @Test func aMoveThatEmptiesAnEnvelopeSaysSo() throws {
        let folder = try TemporaryFolder("write-effects")
        defer { folder.remove() }
        let path = try folder.write(Self.text, to: "b.tally")
        let moved = try EnvelopeMoney.perform(
            .init(file: path, date: "2026-11-22", kind: .move(from: "Dining", to: "Fun-money"), amount: "5", today: Self.today))
        #expect(moved.effects.warnings == ["Dining is over for 2026-11: -2.40 left"])
    }

    /// With `rollover`, an overspent period carries on: Dining holds 20.00 a month and
    /// nothing is spent in October, so November holds 20.00 + 20.00 = 40.00. A purchase of
    /// 45.00 on 15 October leaves October 20.00 - 45.00 = -25.00, and November (today's
    /// period) -25.00 + 20.00 = -5.00: both are said.
    @Test func anOverspentPeriodCarriedToTodayIsSaid() throws {
        let folder = try TemporaryFolder("write-effects")
        defer { folder.remove() }
        let text = Self.text.replacingOccurrences(of: "for Food:Dining\n", with: "for Food:Dining  rollover\n")
            .replacingOccurrences(of: "2026-11-03 \"Pizzeria\"  Checking  Food:Dining  -17.40\n", with: "")
            .replacingOccurrences(of: "2026-11-01 \"ACME\"", with: "2026-10-01 \"ACME\"")
        #expect(text.contains("rollover") && !text.contains("Pizzeria"))
        let path = try folder.write(text, to: "b.tally")
        let over = try add(path, "2026-10-15", "45")
        #expect(over.effects.warnings == ["Dining is over for 2026-10: -25.00 left", "Dining is over for 2026-11: -5.00 left"])
    }
}
