import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// Writing into a budget split over files (Grammar.md §3.9, "Where tools write"): every
/// action reads and checks the whole budget from any of its files, and writes a dated
/// entry into the file that holds that date's entries.
@Suite struct SplitBudgetWriteTests {
    static let today = CivilDate(iso: "2026-11-30")!

    static let main = """
        currency EUR

        wallet Checking  bank  opening 100000.00 on 2024-12-31
        wallet Cash      cash  opening 1000.00 on 2024-12-31

        income  Salary
        expense Food, Fun, Rent

        envelope Groceries  300  monthly  for Food  rollover
        envelope Treats     200  monthly  for Fun   rollover

        every month on 1 from 2026-11-01 as rent  "Landlord"  Checking  Rent  -500.00

        include "years/2025.tally"
        include "years/2026.tally"

        """
    static let year2025 = """
        2025-01-31 "ACME"   Checking  Salary  +2000.00
        2025-02-03 "Tesco"  Checking  Food      -40.00

        """
    static let year2026 = """
        2026-01-31 "ACME"   Checking  Salary  +2000.00
        2026-11-03 "Tesco"  Checking  Food      -40.00

        """

    /// The three files in a new folder; the paths of main, 2025 and 2026.
    private func budget(_ folder: TemporaryFolder) throws -> (main: String, y2025: String, y2026: String) {
        try FileManager.default.createDirectory(atPath: folder.path + "/years", withIntermediateDirectories: true)
        return (
            try folder.write(Self.main, to: "main.tally"), try folder.write(Self.year2025, to: "years/2025.tally"),
            try folder.write(Self.year2026, to: "years/2026.tally")
        )
    }

    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func isFormatted(_ path: String) throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: try DiskFileProvider().read(path)))) == .unchanged
    }

    private func purchase(_ file: String, _ date: String, payee: String = "Tesco", amount: String = "12.50") -> AddEntry.Request {
        AddEntry.Request(file: file, date: date, parties: .named(payee: payee, wallet: "Checking", category: "Food"), amount: amount, today: Self.today)
    }

    /// A 2026 entry goes to the 2026 file whichever file of the budget is named, and the
    /// budget is read whole: the year file alone declares no wallet (it used to be read
    /// as a budget of its own, with an error on every line).
    @Test(arguments: ["main", "2025", "2026"])
    func aDatedEntryGoesToItsYearFile(_ named: String) throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        let file = ["main": files.main, "2025": files.y2025, "2026": files.y2026][named]!
        let result = try AddEntry.perform(purchase(file, "2026-11-05"))
        #expect(result.file.hasSuffix("years/2026.tally"))
        #expect(try text(files.y2026) == Self.year2026 + "2026-11-05 \"Tesco\"  Checking  Food      -12.50\n")
        #expect(try text(files.main) == Self.main)
        #expect(try text(files.y2025) == Self.year2025)
    }

    /// A 2025 date goes to the 2025 file, before its first entry and after its last alike.
    @Test(arguments: ["2025-01-01", "2025-12-31"])
    func anEarlierYearGoesToItsFile(_ date: String) throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        let result = try AddEntry.perform(purchase(files.y2026, date))
        #expect(result.file.hasSuffix("years/2025.tally"))
        #expect(try text(files.y2026) == Self.year2026)
        #expect(try text(files.y2025).hasPrefix(Self.year2025 + date))
    }

    /// A year with no file is refused, naming the file to create; nothing is written.
    @Test func aYearWithoutAFileIsRefused() throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        #expect {
            try AddEntry.perform(purchase(files.main, "2027-01-02"))
        } throws: { error in
            guard let refusal = error as? ActionRefusal, case .budget(let message) = refusal else { return false }
            return message.contains("create `\(folder.path)/years/2027.tally` and include it") && message.contains("holds 2027's entries")
        }
        #expect(try text(files.main) == Self.main)
        #expect(try text(files.y2025) == Self.year2025)
        #expect(try text(files.y2026) == Self.year2026)
    }

    /// Past years kept in year files and the current one in the root: the root holds
    /// 2026's entries, so a 2026 entry goes there, after its last one too; a 2027 entry
    /// has no file to go to.
    @Test func theCurrentYearMayStayInTheRoot() throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        let root = Self.main.replacingOccurrences(of: "include \"years/2026.tally\"\n", with: "") + "\n" + Self.year2026
        try root.write(toFile: files.main, atomically: true, encoding: .utf8)
        let result = try AddEntry.perform(purchase(files.y2025, "2026-12-05"))
        #expect(result.file == files.main)
        #expect(try text(files.main) == root + "2026-12-05 \"Tesco\"  Checking  Food      -12.50\n")
        #expect(throws: ActionRefusal.self) { try AddEntry.perform(purchase(files.y2025, "2027-01-02")) }
    }

    /// A new year's file, created empty and included, takes that year's entries.
    @Test func anEmptyYearFileTakesItsYear() throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        let y2027 = try folder.write("; 2027\n", to: "years/2027.tally")
        try (Self.main + "include \"years/2027.tally\"\n").write(toFile: files.main, atomically: true, encoding: .utf8)
        let result = try AddEntry.perform(purchase(files.y2026, "2027-01-02"))
        #expect(result.file.hasSuffix("years/2027.tally"))
        #expect(try text(y2027) == "; 2027\n2027-01-02 \"Tesco\"  Checking  Food  -12.50\n")
    }

    /// `fill`, `move` and `record` choose the file the same way; the recurring rule sits
    /// in the root, but its occurrence is a 2026 entry.
    @Test func envelopeLinesAndOccurrencesGoToTheYearFile() throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        let fill = try EnvelopeMoney.perform(.init(file: files.y2025, date: "2026-11-06", kind: .fill(envelope: "Treats"), amount: "20", today: Self.today))
        #expect(fill.file.hasSuffix("years/2026.tally"))
        let recorded = try RecordOccurrences.perform(.init(file: files.y2026, selection: .due, today: Self.today))
        #expect(recorded.recorded.map(\.file).allSatisfy { $0.hasSuffix("years/2026.tally") })
        #expect(recorded.recorded.map(\.date.description) == ["2026-11-01"])
        #expect(try text(files.main) == Self.main)
        let y2026 = try text(files.y2026)
        #expect(y2026.contains("2026-11-06 fill Treats") && y2026.contains("rule rent"))
    }

    /// Twenty writes of every kind, from every file, into both years: the budget checks
    /// clean (no diagnostic at all), and every file stays formatted.
    @Test func twentyWritesLeaveTheBudgetCheckedAndFormatted() throws {
        let folder = try TemporaryFolder("split-add")
        let files = try budget(folder)
        for path in [files.main, files.y2025, files.y2026] { #expect(try isFormatted(path), "\(path) is formatted to begin with") }
        let named = [files.main, files.y2025, files.y2026]
        let payees = ["Tesco", "The Corner Shop", "Aldi", "A", "Bäckerei Müller"]
        var count = 0
        for i in 0 ..< 14 {
            let date = i % 3 == 0 ? "2025-03-\(10 + i)" : "2026-11-\(10 + i)"
            let request = AddEntry.Request(
                file: named[i % 3], date: date,
                parties: .named(payee: payees[i % payees.count], wallet: i % 2 == 0 ? "Checking" : "Cash", category: i % 4 == 0 ? "Fun" : "Food"),
                amount: ["3", "12.50", "0.99", "104.00", "7.5"][i % 5], note: i % 5 == 2 ? "with a note" : nil, tags: i % 4 == 1 ? ["shared"] : [],
                today: Self.today)
            _ = try AddEntry.perform(request)
            count += 1
        }
        for (i, kind) in [EnvelopeMoney.Kind.fill(envelope: "Treats"), .move(from: "Groceries", to: "Treats"), .fill(envelope: "Groceries")].enumerated() {
            _ = try EnvelopeMoney.perform(.init(file: named[i], date: "2026-11-2\(i)", kind: kind, amount: "10.00", today: Self.today))
            count += 1
        }
        _ = try EnvelopeMoney.perform(.init(file: files.y2026, date: "2025-04-01", kind: .fill(envelope: "Treats"), amount: "5", today: Self.today))
        count += 1
        let recorded = try RecordOccurrences.perform(.init(file: files.main, selection: .due, today: Self.today))
        count += recorded.recorded.count
        _ = try AddEntry.perform(purchase(files.y2025, "2026-11-22", payee: "Kiosk", amount: "1"))
        count += 1
        #expect(count == 20)

        let check = CheckBudget.perform(.init(files: named, today: Self.today))
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(!check.fails)
        for path in named {
            let after = try text(path)
            #expect(try isFormatted(path), "\(path) is no longer formatted:\n\(after)")
        }
        #expect(try text(files.main) == Self.main, "the root keeps only its declarations")
        let budget = try BudgetLoader().load(files.main)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        #expect(model.entries.count == 4 + 20)
        for entry in model.entries {
            #expect(entry.location.file.hasSuffix("years/\(entry.date.year).tally"), "\(entry.date) is in \(entry.location.file)")
        }
    }
}

/// Rule 3 of "Where tools write", with Grammar.md's example: no file names a year, so the
/// span that covers the date wins, else the nearest.
@Suite struct NearestSpanWriteTests {
    static let main = """
        currency EUR

        wallet Checking  bank
        expense Food

        2026-01-01 "Tesco"  Checking  Food  -1.00
        2026-06-30 "Tesco"  Checking  Food  -1.00

        include "later.tally"

        """
    static let later = """
        2026-07-01 "Tesco"  Checking  Food  -1.00
        2026-12-31 "Tesco"  Checking  Food  -1.00

        """

    /// 2026-03-01 lies in main's span; 2026-08-01 in later's; 2027-01-05 is 5 days after
    /// later's last entry and 189 after main's (184 from 2026-06-30 to 2026-12-31, and 5);
    /// 2025-12-01 is 31 days before main's first entry and 212 before later's (31 + 181).
    @Test(arguments: [("2026-03-01", "main.tally"), ("2026-08-01", "later.tally"), ("2027-01-05", "later.tally"), ("2025-12-01", "main.tally")])
    func theCoveringOrNearestSpanWins(_ date: String, _ expected: String) throws {
        let folder = try TemporaryFolder("split-nearest")
        let main = try folder.write(Self.main, to: "main.tally")
        _ = try folder.write(Self.later, to: "later.tally")
        let result = try AddEntry.perform(
            AddEntry.Request(
                file: main, date: date, parties: .named(payee: "Tesco", wallet: "Checking", category: "Food"), amount: "2",
                today: CivilDate(iso: "2027-01-31")!))
        #expect(result.file.hasSuffix("/" + expected))
    }
}
