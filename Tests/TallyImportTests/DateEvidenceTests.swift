import TallyCore
import TallyImport
import TallySyntax
import Testing

/// Dates that read two ways (`03/04/2026` is 3 April day first, 4 March month first) are
/// read as the profile declares, else as evidence in the file decides, else the statement
/// is refused (Grammar.md §7.1, `dates`). The dates each test expects are worked by hand
/// in its comments.
@Suite struct DateEvidenceTests {
    private func read(_ text: String, path: String = "s.csv", dates: DateFormat? = nil, today: String? = nil) throws(StatementError) -> Statement {
        var options = StatementReader.Options()
        options.csv.dateFormat = dates
        options.csv.today = today.flatMap { CivilDate(iso: $0) }
        options.csv.wallet = "Monzo"
        return try StatementReader.read(Array(text.utf8), path: path, options: options)
    }

    private func days(_ statement: Statement) -> [String] { statement.rows.map(\.date.description) }

    /// A Monzo-like statement of 1 to 11 March 2026. Day first: 1, 5, 11 March. Month
    /// first: 3 January, 3 May, 3 November. Both run forward, and with today 2026-12-01
    /// neither passes today: nothing decides.
    static let march = "Date,Name,Amount\n01/03/2026,Tesco,-10.00\n05/03/2026,Pret,-4.50\n11/03/2026,Salary,1500.00\n"

    @Test func aDayFirstStatementOfTheFirstTwelveDaysIsRefused() {
        #expect {
            _ = try read(Self.march, today: "2026-12-01")
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("the dates in column `Date` read two ways")
                && message.contains("`01/03/2026` is 3 January 2026 (MM/DD/YYYY) or 1 March 2026 (DD/MM/YYYY)")
                && message.contains("`import Monzo  dates MM/DD/YYYY` or `import Monzo  dates DD/MM/YYYY`")
                && (error as? StatementError)?.position?.line == 2
        }
    }

    @Test func theProfilesDatesReadItRight() throws {
        let s = try read(Self.march, dates: .daySlashed, today: "2026-12-01")
        #expect(days(s) == ["2026-03-01", "2026-03-05", "2026-03-11"])
        #expect(s.notes.isEmpty, "a declared format needs no evidence")
    }

    @Test func aDayPastTwelveAboveTheHeaderDecides() throws {
        // `31/03/2026` reads only day first (there is no month 31), so the rows are too.
        let s = try read("Statement period,01/03/2026,31/03/2026\n\n" + Self.march, today: "2026-12-01")
        #expect(days(s) == ["2026-03-01", "2026-03-05", "2026-03-11"])
        #expect(s.notes == ["dates read as DD/MM/YYYY: `31/03/2026` elsewhere in the file reads only so"])
    }

    @Test func aDayPastTwelveInAnotherColumnDecides() throws {
        // The value date `13/03/2026` reads only day first; the booking dates 01/03 and
        // 05/03 are then 1 and 5 March (month first 3 January and 3 May, in order too).
        let s = try read("Date,Value date,Name,Amount\n01/03/2026,02/03/2026,A,-1.00\n05/03/2026,13/03/2026,B,-2.00\n", today: "2026-12-01")
        #expect(days(s) == ["2026-03-01", "2026-03-05"])
        #expect(s.notes == ["dates read as DD/MM/YYYY: `13/03/2026` elsewhere in the file reads only so"])
    }

    @Test func aPendingRowsDatesAreEachAlone() throws {
        // The pending row's `04/03/2026` and `02/03/2026` (booked and value date) are no
        // period: read as one, month first (April 3 to February 3) would run backwards
        // and decide wrongly. Alone, both read both ways; the rows 01/03 and 05/03 stay in
        // order either way, so nothing decides and the file is refused.
        let text = "Date,Value,Name,Amount,Status\n01/03/2026,01/03/2026,A,-1.00,Booked\n04/03/2026,02/03/2026,B,-2.00,Pending\n05/03/2026,05/03/2026,C,-3.00,Booked\n"
        #expect(throws: StatementError.self) { try read(text, today: "2026-12-01") }
        // Declared, the pending row is skipped, not imported: 1 and 5 March.
        let s = try read(text, dates: .daySlashed)
        #expect(days(s) == ["2026-03-01", "2026-03-05"] && s.skipped.count == 1)
    }

    @Test func aPeriodThatRunsForwardOnlyOneWayDecides() throws {
        // `10/02/2026 … 09/03/2026`: day first 10 February to 9 March; month first
        // 2 October to 3 September, which ends before it starts.
        // The line above it, 01/03 – 02/03, runs forward both ways and is not the one named.
        let s = try read("Created,01/03/2026,02/03/2026\nPeriod,10/02/2026,09/03/2026\n\nDate,Name,Amount\n10/02/2026,A,-1.00\n03/03/2026,B,-2.00\n", today: "2026-12-01")
        #expect(days(s) == ["2026-02-10", "2026-03-03"])
        #expect(s.notes == ["dates read as DD/MM/YYYY: the period `10/02/2026 – 09/03/2026` elsewhere in the file runs forward only so"])
    }

    @Test func theRowsOrderDecides() throws {
        // Day first: 5 January, 12 January, 3 February, in order. Month first: 1 May,
        // 1 December, 2 March: up, then down, which no bank's list does.
        let s = try read("Date,Name,Amount\n05/01/2026,A,-1.00\n12/01/2026,B,-2.00\n03/02/2026,C,-3.00\n", today: "2026-12-31")
        #expect(days(s) == ["2026-01-05", "2026-01-12", "2026-02-03"])
        #expect(s.notes == ["dates read as DD/MM/YYYY: the rows are in date order only so"])
    }

    @Test func todayDecidesWithADaysSlack() throws {
        // Day first: 3 and 4 January; month first: 1 March and 1 April. Both in order.
        // Today is 3 January: 4 January is within the day's slack, 1 March is not.
        let s = try read("Date,Name,Amount\n03/01/2026,A,-1.00\n04/01/2026,B,-2.00\n", today: "2026-01-03")
        #expect(days(s) == ["2026-01-03", "2026-01-04"])
        #expect(s.notes == ["dates read as DD/MM/YYYY: read otherwise, a row would fall after today (2026-01-03)"])
        // Without today, nothing decides.
        #expect(throws: StatementError.self) { try read("Date,Name,Amount\n03/01/2026,A,-1.00\n04/01/2026,B,-2.00\n") }
    }

    @Test func anUnambiguousFileIsReadAsBeforeAndSaysNothing() throws {
        // `13/03/2026` has no month 13: day first, from the dates alone.
        let s = try read("Date,Name,Amount\n01/03/2026,A,-1.00\n13/03/2026,B,-2.00\n")
        #expect(days(s) == ["2026-03-01", "2026-03-13"])
        #expect(s.notes.isEmpty)
        // `12/31/2026` has no month 31: month first.
        #expect(days(try read("Date,Amount\n03/04/2026,-1.00\n12/31/2026,-2.00\n")) == ["2026-03-04", "2026-12-31"])
        // Readings that give the same days are one: 1 January either way.
        #expect(days(try read("Date,Amount\n01/01/2026,-1.00\n")) == ["2026-01-01"])
        #expect(DateFormat.detect(["03/04/2026"]) == nil)
        #expect(DateFormat.detect(["01/01/2026", "2026-01-01"]) == nil)
    }

    /// QIF: `03/01'26` and `04/01'26` are 3 and 4 January day first, 1 March and 1 April
    /// month first (the year after `'` is 2026).
    static let qif = "!Type:Bank\nD03/01'26\nT-10.00\nPShop\n^\nD04/01'26\nT-5.00\nPCafe\n^\n"

    @Test func qifDatesThatReadBothWaysAreRefusedOrDecided() throws {
        #expect {
            _ = try read(Self.qif, path: "s.qif", today: "2026-12-01")
        } throws: { error in
            let message = (error as? StatementError)?.message ?? ""
            return message.contains("the dates in the `D` lines read two ways") && message.contains("`03/01'26` is 1 March 2026 (MM/DD/YYYY) or 3 January 2026 (DD/MM/YYYY)")
        }
        #expect(days(try read(Self.qif, path: "s.qif", dates: .daySlashed)) == ["2026-01-03", "2026-01-04"])
        #expect(days(try read(Self.qif, path: "s.qif", dates: .monthSlashed)) == ["2026-03-01", "2026-04-01"])
        // Today 2026-01-04: month first puts 1 March after it.
        let s = try read(Self.qif, path: "s.qif", today: "2026-01-04")
        #expect(days(s) == ["2026-01-03", "2026-01-04"])
        #expect(s.notes == ["dates read day first: read otherwise, a row would fall after today (2026-01-04)"])
        // `12/25'25` has no month 25: month first, as before.
        #expect(days(try read("!Type:Bank\nD12/25'25\nT-1.00\n^\nD1/ 5'26\nT-2.00\n^\n", path: "s.qif")) == ["2025-12-25", "2026-01-05"])
    }
}
