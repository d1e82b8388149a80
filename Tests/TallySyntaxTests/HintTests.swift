import Testing

@testable import TallySyntax

/// The hints of issue 24: each mistake a new user makes gets the fix that is certainly
/// right, or no fix where the text can be read two ways.
@Suite struct HintTests {
    /// The one diagnostic of `text`.
    func only(_ text: String) -> Diagnostic? {
        let tree = Parser.parse(text)
        #expect(tree.diagnostics.count == 1, "\(text): \(tree.diagnostics.map(\.message))")
        return tree.diagnostics.first
    }

    /// `text` with the first fix of its one diagnostic applied; nil without a fix.
    func fixed(_ text: String) -> String? {
        guard let fix = only(text)?.fixes.first else { return nil }
        return applying(fix, to: text)
    }

    func applying(_ fix: Fix, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start ..< edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Numbers

    @Test(arguments: [
        ("-1.340,50", "-1340.50"), ("1.234.567,89", "1234567.89"), ("1,234,567.89", "1234567.89"),
        ("1.234.567", "1234567"), ("1,250.00", "1250.00"), ("54,20", "54.20"), ("-3,5", "-3.5"),
        ("0,123", "0.123"), ("1234,567", "1234.567")
    ])
    func aNumberWithMarksIsOfferedItsWrittenForm(written: String, number: String) {
        let line = "2026-11-03 Girokonto Food \(written) EUR"
        #expect(only(line)?.code == .malformedAmount)
        #expect(fixed(line) == "2026-11-03 Girokonto Food \(number) EUR")
    }

    @Test func theIssuesNumberIsWrittenWithoutItsMarks() {
        #expect(only("2026-11-03 Girokonto Food -1.340,50")?.message == "amounts have no thousands separators and use `.` for decimals: write `-1340.50`")
        #expect(only("2026-11-03 Girokonto Food 54,20")?.message == "amounts use `.` for decimals: write `54.20`")
    }

    @Test(arguments: ["1,234", "-12,500", "1,23,456.00", "1.2,3.4"])
    func aNumberThatCanBeReadTwoWaysGetsNoFix(written: String) {
        let diagnostic = only("2026-11-03 Girokonto Food \(written)")
        #expect(diagnostic?.code == .malformedAmount)
        #expect(diagnostic?.fixes == [])
    }

    @Test func markedNumbersAreReadOnlyWhenCertain() {
        #expect(MarkedNumber.read("-1.340,50") == .number("-1340.50", .thousandsAndDecimal))
        #expect(MarkedNumber.read("1,234.50") == .number("1234.50", .thousands))
        #expect(MarkedNumber.read("54,20") == .number("54.20", .decimalComma))
        #expect(MarkedNumber.read("1,234") == .ambiguous)
        #expect(MarkedNumber.read("1.234") == .notANumber)  // Tally reads it as it is
        #expect(MarkedNumber.read("1,2345,678") == .notANumber)
        #expect(MarkedNumber.read("1..2") == .notANumber)
        #expect(MarkedNumber.read("12a,50") == .notANumber)
    }

    // MARK: Payees and names

    @Test func anUnquotedPayeeOfSeveralWordsIsOfferedItsQuotes() {
        let line = "2026-11-03 Rewe Markt Girokonto Food -12.00"
        #expect(only(line)?.code == .unexpectedToken)
        #expect(
            only(line)?.message
                == "expected an amount after the category, found `Girokonto`; if the payee is \"Rewe Markt\", quote it")
        #expect(fixed(line) == "2026-11-03 \"Rewe Markt\" Girokonto Food -12.00")
        #expect(fixed("2026-11-03 Rewe Markt Berlin Girokonto Food -12,00") == "2026-11-03 \"Rewe Markt Berlin\" Girokonto Food -12,00")
        #expect(fixed("every month from 2026-01-01 Stadt Werke Girokonto Energy -80.00") == "every month from 2026-01-01 \"Stadt Werke\" Girokonto Energy -80.00")
        // With a payee given, or no amount after the words, there is no payee to quote.
        let named = only("2026-11-03 \"Rewe\" Joint Account Food -12.00")
        #expect(named?.fixes == [])
        #expect(named?.help?.hasSuffix("a wallet or category name with spaces is written in single quotes: 'Joint Account'") == true)
        #expect(only("2026-11-03 Girokonto Food abc")?.fixes == [])
    }

    @Test func aNameWithSpacesBeforeAnAmountOrAPeriodIsOfferedItsQuotes() {
        #expect(fixed("2026-11-03 fill Eating out 50.00") == "2026-11-03 fill 'Eating out' 50.00")
        #expect(fixed("2026-11-03 assert Joint Account 50.00") == "2026-11-03 assert 'Joint Account' 50.00")
        #expect(fixed("envelope Eating out 50 monthly") == "envelope 'Eating out' 50 monthly")
        #expect(fixed("envelope Eating out monthly") == "envelope 'Eating out' monthly")
        #expect(fixed("goal Rainy day 100") == "goal 'Rainy day' 100")
        // A near miss of a period is still that period; a word with no amount after it, no name.
        #expect(fixed("envelope Eating 50 montly") == "envelope Eating 50 monthly")
        #expect(only("2026-11-03 fill Eating out")?.fixes == [])
    }

    // MARK: Dates

    @Test(arguments: [
        ("2026/11/16", "2026-11-16"), ("2026.11.16", "2026-11-16"), ("2026/1/5", "2026-01-05"),
        ("05.11.2026", "2026-11-05"), ("5.11.2026", "2026-11-05"), ("16/11/2026", "2026-11-16"), ("11/16/2026", "2026-11-16"),
        ("05/05/2026", "2026-05-05")
    ])
    func aDateInAnotherOrderIsOfferedTheISODateWhenTheOrderIsCertain(written: String, iso: String) {
        let line = "\(written) Girokonto Food -1.00"
        #expect(only(line)?.code == .invalidDate)
        #expect(fixed(line) == "\(iso) Girokonto Food -1.00")
        #expect(fixed("wallet W opening 5 on \(written)") == "wallet W opening 5 on \(iso)")
        #expect(fixed("goal G 100 reached \(written)") == "goal G 100 reached \(iso)")
    }

    @Test func dotsReadDayFirstAndSayWhy() {
        #expect(
            only("05.11.2026 Girokonto Food -1.00")?.message
                == "`05.11.2026` is not a date: dates are written YYYY-MM-DD; read as day.month.year, as in the countries that write dates with dots, it is `2026-11-05`"
        )
    }

    @Test(arguments: ["05/11/2026", "11-05-2026x", "5.11.26", "31.02.2026", "2026/02/30"])
    func aDateThatCannotBeReadOneWayGetsNoFix(written: String) {
        let diagnostic = only("\(written) Girokonto Food -1.00")
        #expect(diagnostic?.fixes == [])
    }

    @Test func slashDatesWithYearLastAreNotGuessed() {
        let diagnostic = only("05/11/2026 Girokonto Food -1.00")
        #expect(diagnostic?.code == .invalidDate)
        #expect(diagnostic?.message == "`05/11/2026` is not a date: dates are written YYYY-MM-DD")
        #expect(WrittenDate.read("05/11/2026") == .noReading(.dayOrMonthFirst))
        #expect(WrittenDate.read("2026/02/30") == .noReading(.noSuchDay))
        #expect(WrittenDate.read("31.02.2026") == .noReading(.noSuchDay))
        #expect(WrittenDate.read("13/13/2026") == .noReading(.noSuchDay))
        #expect(WrittenDate.read("5.11.26") == .noReading(.shortYear))
        #expect(WrittenDate.read("walet") == .notADate)
    }

    // MARK: tally-ignore reasons

    @Test(arguments: [
        "; tally-ignore: W0501 (paid back in May)", "; tally-ignore: W0501, I0502 -- one-off repair",
        "; tally-ignore: W0501(reason)", "; tally-ignore: W0501 --reason, with commas"
    ])
    func aReasonAfterTheCodesIsNoCode(comment: String) {
        let tree = Parser.parse("2026-11-04 Checking Food -12.00 \(comment)\n")
        let suppressions = Suppressions(tree: tree)
        #expect(suppressions.diagnostics.isEmpty, "\(suppressions.diagnostics.map(\.message))")
        #expect(suppressions.scopes.first?.codes.first == "W0501")
    }

    @Test func aReasonWithoutParenthesesIsOneWarningWithAFix() {
        let text = "2026-11-04 Checking Food -12.00 ; tally-ignore: W0501 paid back  \n"
        let suppressions = Suppressions(tree: Parser.parse(text))
        #expect(suppressions.diagnostics.count == 1)
        #expect(suppressions.diagnostics.first?.code == .unknownIgnoredCode)
        #expect(suppressions.scopes.first?.codes == ["W0501"])
        let fix = suppressions.diagnostics.first?.fixes.first
        #expect(fix.map { applying($0, to: text) } == "2026-11-04 Checking Food -12.00 ; tally-ignore: W0501 (paid back)  \n")
        // A misspelt code is still reported as one.
        let typo = Suppressions(tree: Parser.parse("2026-11-04 Checking Food -1 ; tally-ignore: W9999 (why)\n"))
        #expect(typo.diagnostics.map(\.message) == ["`W9999` is not a diagnostic code, so `tally-ignore` silences nothing with it"])
    }
}
