import TallyCore
import TallySyntax
import Testing

/// The one sign rule (Grammar.md §3.10, "Signs"; §4, "Signs and refunds"): an amount
/// against its category's sign is a warning (W0413) with a fix that writes the other
/// sign, unless the entry or its split line is tagged `#refund` or `#reversal`; the
/// figures count every amount as written either way.
@Suite struct SignTests {
    static let header = """
        currency EUR
        wallet Checking bank opening 1000.00 on 2026-11-01
        expense Food, Fun
        income Salary
        envelope Food 200 monthly for Food

        """

    /// `text` with the edits of `fix` made, last first so that earlier ranges hold.
    static func applying(_ fix: Fix, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start ..< edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func text(of diagnostic: Diagnostic, in text: String) -> String {
        String(decoding: Array(text.utf8)[diagnostic.range.start ..< diagnostic.range.end], as: UTF8.self)
    }

    static let end = Figures.date("2026-11-30")

    @Test func aPositiveGroceryLineWarnsWithAFixThatFlipsItsSign() throws {
        let text = Self.header + "2026-11-03 \"Rewe\" Checking Food 48.90\n"
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["W0413"])
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(Self.text(of: warning, in: text) == "48.90")
        let fix = try #require(warning.fixes.first)
        #expect(fix.title == "Write `-48.90`")
        #expect(fix.edits.map(\.replacement) == ["-48.90"])
        // As written, it counts as money back: Checking 1000.00 + 48.90 = 1048.90, and
        // Food has spent −48.90, so it holds 200.00 + 48.90 = 248.90.
        #expect(model.balance(of: model.wallet("Checking"), at: Self.end) == Figures.money("1048.90"))
        let before = try #require(model.envelopePeriod(model.envelope("Food"), containing: Self.end))
        #expect(before.spent == Figures.money("-48.90") && before.available == Figures.money("248.90"))

        // The fix applied reads back negative, with no warning: Checking 1000.00 − 48.90 =
        // 951.10; Food has spent 48.90 and has 200.00 − 48.90 = 151.10 left.
        let fixed = Self.applying(fix, to: text)
        #expect(fixed.hasSuffix("2026-11-03 \"Rewe\" Checking Food -48.90\n"))
        let (after, again) = try Figures.run(fixed, today: "2026-11-30")
        #expect(again.isEmpty)
        #expect(after.balance(of: after.wallet("Checking"), at: Self.end) == Figures.money("951.10"))
        let period = try #require(after.envelopePeriod(after.envelope("Food"), containing: Self.end))
        #expect(period.spent == Figures.money("48.90") && period.available == Figures.money("151.10"))
    }

    @Test func aMarkedRefundIsNotWarnedAndStillLowersSpending() throws {
        let purchase = Self.header + "2026-11-02 \"Rewe\" Checking Food -60.00\n"
        for marked in ["15.00 #refund", "+15.00 #Refund", "15.00 #reversal"] {
            let (model, diagnostics) = try Figures.run(purchase + "2026-11-04 \"Rewe\" Checking Food \(marked)\n", today: "2026-11-30")
            #expect(diagnostics.isEmpty, "\(marked): \(Figures.codes(diagnostics))")
            // Food: 60.00 − 15.00 = 45.00 spent, 200.00 − 45.00 = 155.00 left; Checking
            // 1000.00 − 60.00 + 15.00 = 955.00.
            let period = try #require(model.envelopePeriod(model.envelope("Food"), containing: Self.end))
            #expect(period.spent == Figures.money("45.00") && period.available == Figures.money("155.00"))
            #expect(model.balance(of: model.wallet("Checking"), at: Self.end) == Figures.money("955.00"))
        }
        // Unmarked, the figures are the same; only the warning differs.
        let (model, diagnostics) = try Figures.run(purchase + "2026-11-04 \"Rewe\" Checking Food 15.00 #web\n", today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["W0413"])
        #expect(model.envelopePeriod(model.envelope("Food"), containing: Self.end)?.spent == Figures.money("45.00"))
    }

    @Test func aNegativeIncomeLineWarnsWithAPositiveFix() throws {
        let text = Self.header + "2026-11-06 \"ACME\" Checking Salary -100.00\n"
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["W0413"])
        let fix = try #require(diagnostics.first?.fixes.first)
        #expect(fix.title == "Write `+100.00`")
        // As written: 1000.00 − 100.00 = 900.00; fixed: 1000.00 + 100.00 = 1100.00.
        #expect(model.balance(of: model.wallet("Checking"), at: Self.end) == Figures.money("900.00"))
        let (after, again) = try Figures.run(Self.applying(fix, to: text), today: "2026-11-30")
        #expect(again.isEmpty)
        #expect(after.balance(of: after.wallet("Checking"), at: Self.end) == Figures.money("1100.00"))
        // Given back on purpose, it says so.
        let (_, marked) = try Figures.run(text.replacingOccurrences(of: "-100.00", with: "-100.00 #reversal"), today: "2026-11-30")
        #expect(marked.isEmpty)
    }

    @Test func aSplitChecksEachLineAgainstItsOwnCategory() throws {
        let text =
            Self.header + """
                2026-11-07 "Market" Checking -30.00
                    Food  -40.00
                    Fun    10.00

                """
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["W0413"])
        let warning = try #require(diagnostics.first)
        #expect(Self.text(of: warning, in: text) == "10.00")
        // The fix flips the line and moves the total by as much: −30.00 − 2 × 10.00 = −50.00.
        let fix = try #require(warning.fixes.first)
        #expect(fix.title == "Write `-10.00` and the total `-50.00`")
        // As written: 1000.00 − 30.00 = 970.00, Food spent 40.00.
        #expect(model.balance(of: model.wallet("Checking"), at: Self.end) == Figures.money("970.00"))
        let fixed = Self.applying(fix, to: text)
        #expect(fixed.contains("Checking -50.00\n    Food  -40.00\n    Fun    -10.00\n"))
        // Fixed: 1000.00 − 40.00 − 10.00 = 950.00; Food still spent 40.00 (160.00 left).
        let (after, again) = try Figures.run(fixed, today: "2026-11-30")
        #expect(again.isEmpty)
        #expect(after.balance(of: after.wallet("Checking"), at: Self.end) == Figures.money("950.00"))
        let period = try #require(after.envelopePeriod(after.envelope("Food"), containing: Self.end))
        #expect(period.spent == Figures.money("40.00") && period.available == Figures.money("160.00"))
        // A tag on the line, or on the first line, says the part is meant.
        let (_, lineMarked) = try Figures.run(text.replacingOccurrences(of: "10.00\n", with: "10.00  #refund\n"), today: "2026-11-30")
        #expect(lineMarked.isEmpty)
        let (_, entryMarked) = try Figures.run(text.replacingOccurrences(of: "-30.00\n", with: "-30.00 #refund\n"), today: "2026-11-30")
        #expect(entryMarked.isEmpty)
    }

    @Test func theLineThatTakesTheRestIsFixedThroughTheTotal() throws {
        let text =
            Self.header + """
                2026-11-08 "Market" Checking -30.00
                    Fun   -40.00
                    Food

                """
        // Food takes the rest: −30.00 − (−40.00) = +10.00, against its sign.
        let (_, diagnostics) = try Figures.run(text, today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["W0413"])
        let warning = try #require(diagnostics.first)
        #expect(Self.text(of: warning, in: text) == "Food")
        let fix = try #require(warning.fixes.first)
        #expect(fix.title == "Make the total `-50.00` (this part `-10.00`)")
        // Fixed: the rest is −50.00 − (−40.00) = −10.00; Checking 1000.00 − 50.00 = 950.00.
        let (after, again) = try Figures.run(Self.applying(fix, to: text), today: "2026-11-30")
        #expect(again.isEmpty)
        #expect(after.balance(of: after.wallet("Checking"), at: Self.end) == Figures.money("950.00"))
        #expect(after.envelopePeriod(after.envelope("Food"), containing: Self.end)?.spent == Figures.money("10.00"))
    }

    static func grammar() throws -> String {
        let path = #filePath.replacingOccurrences(of: "Tests/TallyCoreTests/Figures/SignTests.swift", with: "Grammar.md")
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Grammar.md §3.10, "Signs": the example's comments name the lines that warn.
    @Test func theGrammarsSignsExample() throws {
        let grammar = try Self.grammar()
        let start = try #require(grammar.range(of: "**Signs.**"))
        let open = try #require(grammar.range(of: "```tally fragment\n", range: start.upperBound ..< grammar.endIndex))
        let close = try #require(grammar.range(of: "```", range: open.upperBound ..< grammar.endIndex))
        let block = String(grammar[open.upperBound ..< close.lowerBound])
        let text = "currency EUR\nwallet Checking bank opening 1000.00 on 2026-11-01\nexpense Food, Fun\nincome Salary\n" + block
        let (_, diagnostics) = try Figures.run(text, today: "2026-11-30")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let warned = diagnostics.map { d in text.utf8.prefix(d.range.start).filter { $0 == UInt8(ascii: "\n") }.count }
        let expected = lines.indices.filter { lines[$0].contains("; W0413") }
        #expect(Figures.codes(diagnostics) == ["W0413", "W0413"])
        #expect(warned == expected)
    }

    /// Grammar.md §4, "Signs and refunds", as written there.
    @Test func theGrammarsWorkedExample() throws {
        let text = """
            wallet Checking opening 500.00 on 2026-03-01
            expense Food
            envelope Food 300.00 monthly for Food
            2026-03-02 "Rewe" Checking Food -60.00
            2026-03-04 "Rewe" Checking Food 15.00 #refund   ; returned goods: no warning
            2026-03-31 assert Checking 455.00                ; holds: 500.00 − 60.00 + 15.00
            """
        #expect(try Self.grammar().contains(text + "\n```"), "Grammar.md §4 shows this example")
        let (model, diagnostics) = try Figures.run(text, today: "2026-03-31")
        // The assertion holds (no E0410) and nothing warns.
        #expect(diagnostics.isEmpty, "\(Figures.codes(diagnostics))")
        // Food has spent 60.00 − 15.00 = 45.00 and has 300.00 − 45.00 = 255.00 left.
        let period = try #require(model.envelopePeriod(model.envelope("Food"), containing: Figures.date("2026-03-31")))
        #expect(period.spent == Figures.money("45.00") && period.available == Figures.money("255.00"))
        // Without the tag every figure is the same, and the 15.00 carries a W0413.
        let (untagged, warned) = try Figures.run(text.replacingOccurrences(of: " #refund", with: ""), today: "2026-03-31")
        #expect(Figures.codes(warned) == ["W0413"])
        #expect(untagged.envelopePeriod(untagged.envelope("Food"), containing: Figures.date("2026-03-31"))?.available == Figures.money("255.00"))
    }

    @Test func zeroAndUncategorizedAmountsAreNotChecked() throws {
        let text =
            Self.header + """
                2026-11-09 "Free sample" Checking Food 0.00
                2026-11-10 "REFUND?" Checking +5.00
                    id: "B-1"

                """
        let (_, diagnostics) = try Figures.run(text, today: "2026-11-30")
        #expect(Figures.codes(diagnostics) == ["I0601"])
    }
}
