import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// Every action's write leaves a formatted file formatted (`tally fmt --check` stays
/// clean), and changes no byte already in the file.
@Suite struct FormattedAfterWriteTests {
    static let today = CivilDate(iso: "2026-12-31")!

    private func isFormatted(_ path: String) throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: try DiskFileProvider().read(path)))) == .unchanged
    }

    /// Runs `write` on a copy of the example budget; checks the file before and after.
    private func afterWriting(_ name: String, _ write: (String) throws -> Void) throws {
        let folder = try TemporaryFolder("formatted-after-" + name)
        defer { folder.remove() }
        let path = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "budget.tally")
        #expect(try isFormatted(path), "the example is formatted to begin with")
        let before = try DiskFileProvider().read(path)
        try write(path)
        let after = try DiskFileProvider().read(path)
        #expect(after.count > before.count && after.starts(with: before), "\(name): the write only appends")
        #expect(try isFormatted(path), "\(name): the file is no longer formatted:\n\(String(decoding: after.suffix(600), as: UTF8.self))")
    }

    @Test func addingAKnownPayee() throws {
        try afterWriting("add") { path in
            _ = try AddEntry.perform(.init(file: path, date: "2026-12-30", parties: .words(["Stadtwerke"]), amount: "12", today: Self.today))
        }
    }

    @Test func addingAPayeeWiderThanTheColumns() throws {
        try afterWriting("add-wide") { path in
            _ = try AddEntry.perform(
                .init(
                    file: path, date: "2026-12-30", parties: .named(payee: "A payee with a very long name indeed", wallet: "Joint", category: "Fun"),
                    amount: "3", today: Self.today))
            _ = try AddEntry.perform(.init(file: path, date: "2026-12-30", parties: .named(payee: "Kiosk", wallet: "Joint", category: "Fun"), amount: "1", today: Self.today))
        }
    }

    @Test func recordingEverythingDue() throws {
        try afterWriting("record") { path in
            _ = try RecordOccurrences.perform(.init(file: path, selection: .due, today: Self.today))
        }
    }

    @Test func fillingAndMovingMoney() throws {
        try afterWriting("fill-move") { path in
            _ = try EnvelopeMoney.perform(.init(file: path, date: "2026-12-30", kind: .fill(envelope: "Gift-fund"), amount: "25", today: Self.today))
            _ = try EnvelopeMoney.perform(.init(file: path, date: "2026-12-30", kind: .move(from: "Going-out", to: "Gift-fund"), amount: "7.50", today: Self.today))
        }
    }

    @Test func importingAStatement() throws {
        try afterWriting("import") { path in
            let statement = "date,payee,amount\n2026-12-28,Corner shop,-4.20\n2026-12-29,A long payee name from the bank's own text,-61.00\n"
            let result = try ImportStatements.perform(
                .init(budget: path, statements: [.sent(name: "december.csv", bytes: Array(statement.utf8))], wallet: "Joint", today: Self.today))
            #expect(result.counts.added == 2)
        }
    }
}
