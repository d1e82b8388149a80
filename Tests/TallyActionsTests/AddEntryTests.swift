import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// ``AddEntry`` in process: a form's fields are taken as typed, whatever they look like;
/// writes sent together all land; the line is laid out as `tally fmt` lays it out.
@Suite struct AddEntryTests {
    static let text = """
        currency EUR

        wallet Checking  bank  opening 1000.00
        wallet Cash      cash

        income  Salary
        expense Food:Groceries, Fun

        2026-11-01 "Tesco"  Checking  Food:Groceries  -20.00
        2026-11-02 "Tesco"  Checking  Food:Groceries  -31.50

        """
    static let today = CivilDate(iso: "2026-11-22")!

    private func budget(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/b.tally"
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func request(_ path: String, payee: String, amount: String = "5") -> AddEntry.Request {
        AddEntry.Request(file: path, date: "2026-11-05", parties: .named(payee: payee, wallet: "Cash", category: "Fun"), amount: amount, today: Self.today)
    }

    /// Fields that look like the command line's options are a payee like any other.
    @Test(arguments: ["--dry-run", "--tag=x", "-Minus Shop", "--", "-5"])
    func aPayeeIsWrittenAsTyped(_ payee: String) throws {
        let folder = try TemporaryFolder("add-entry")
        let path = try budget(folder)
        let result = try AddEntry.perform(request(path, payee: payee))
        #expect(result.written)
        let budget = try BudgetLoader().load(path)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let entry = try #require(model.entries.last)
        #expect(entry.payee == payee)
        #expect(entry.tags.isEmpty)
        #expect(entry.transaction?.amount == Money("-5.00"))
    }

    /// The new line takes the block's columns, as `tally fmt` would; a line too wide for
    /// them starts a block of its own rather than move the lines above: the file stays
    /// formatted and every byte already in it stays.
    @Test func theLineIsLaidOutAsTheFormatterLaysItOut() throws {
        let folder = try TemporaryFolder("add-entry")
        let path = try budget(folder)
        let result = try AddEntry.perform(
            AddEntry.Request(file: path, date: "2026-11-05", parties: .words(["Tesco", "Checking", "Food:Groceries"]), amount: "8.5", today: Self.today))
        #expect(result.line == "2026-11-05 \"Tesco\"  Checking  Food:Groceries   -8.50")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text + result.line + "\n")
        let wider = try AddEntry.perform(request(path, payee: "The Corner Shop", amount: "5"))
        #expect(wider.line == "2026-11-05 \"The Corner Shop\"  Cash  Fun  -5.00")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == Self.text + result.line + "\n\n" + wider.line + "\n")
        #expect(Formatter.format(Parser.parse(SourceText(path: path, bytes: Array(text.utf8)))) == .unchanged)
        // A narrower line joins the new block in its columns.
        let narrow = try AddEntry.perform(request(path, payee: "Kiosk", amount: "2"))
        #expect(narrow.line == "2026-11-05 \"Kiosk\"            Cash  Fun  -2.00")
    }

    /// Forty purchases sent at once, from as many threads: every one answered as written
    /// is in the file.
    @Test func purchasesSentTogetherAllLand() throws {
        let folder = try TemporaryFolder("add-entry")
        let path = try budget(folder)
        let refused = LockedList()
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            do { _ = try AddEntry.perform(request(path, payee: "Shop \(i)")) } catch { refused.add("\(i): \(error)") }
        }
        #expect(refused.items.isEmpty)
        let model = Interpreter.interpret(try BudgetLoader().load(path), today: Self.today, reusing: nil).model
        #expect(Set(model.entries.compactMap(\.payee)) == Set((0 ..< 40).map { "Shop \($0)" }).union(["Tesco"]))
    }

    @Test func anUnknownWalletIsARequestMistake() throws {
        let folder = try TemporaryFolder("add-entry")
        let path = try budget(folder)
        var request = request(path, payee: "Shop")
        request.parties = .named(payee: "Shop", wallet: "Csh", category: "Fun")
        #expect {
            try AddEntry.perform(request)
        } throws: { error in
            guard case .request(let message) = error as? ActionRefusal else { return false }
            return message == "no wallet named `Csh`; did you mean `Cash`?"
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)
    }
}

/// Lines gathered from several threads.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var items: [String] { lock.withLock { list } }
    func add(_ item: String) { lock.withLock { list.append(item) } }
}
