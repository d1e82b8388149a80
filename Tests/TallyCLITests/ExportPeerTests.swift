import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import XCTest

/// `tally export` checked by the real programs: every example and a generated budget,
/// exported to hledger, ledger and beancount, is accepted by the peer's own check, and
/// the peer computes the same figures as Tally: each wallet's balance at the end of every
/// assertion date and of the last day (generated budget: every year end), and each
/// category's total per month, in each currency (nothing converted). Tally's figures come
/// from the built binary (`tally balance --at D --format json`, `tally register --format
/// json`); the peers' from their own reports (see `PeerJournal`).
final class ExportPeerTests: XCTestCase {
    static let today = "2026-11-22"

    /// The budgets exported: the examples and a generated one (Benchmarks/generate.py).
    static let budgets: [String] = {
        var list = ["household", "multi-currency", "student"].map { TestSupport.path("examples/\($0).tally") }
        list.append(TestSupport.path("Tests/TallyCLITests/Fixtures/interop/export-edges.tally"))
        if let generated = generatedBudget { list.append(generated) }
        return list
    }()

    /// A generated budget of 1500 entries (four years, two currencies, closed wallets,
    /// hidden wallets, splits, cross-currency transfers), or nil without python3.
    static let generatedBudget: String? = {
        guard let python = ExternalTool.find("python3") else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-generated-\(UUID().uuidString).tally").path
        let result = try? python.run([TestSupport.path("Benchmarks/generate.py"), "1500", path])
        return result?.status == 0 ? path : nil
    }()

    func testHledgerAcceptsEveryExportAndAgreesWithTally() throws { try checkAll(.hledger) }
    func testLedgerAcceptsEveryExportAndAgreesWithTally() throws { try checkAll(.ledger) }
    func testBeancountAcceptsEveryExportAndAgreesWithTally() throws { try checkAll(.beancount) }

    private func checkAll(_ format: PeerFormat) throws {
        let peer = try PeerJournal.require(format)
        if ExportPeerTests.generatedBudget == nil {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 is needed to generate a budget") }
        }
        for budget in ExportPeerTests.budgets { try check(budget, peer) }
    }

    private func check(_ budget: String, _ peer: PeerJournal) throws {
        let name = URL(fileURLWithPath: budget).lastPathComponent
        let temporary = try TemporaryFolder("export")
        defer { temporary.remove() }
        let folder = temporary.url
        let journal = folder.appendingPathComponent(name + "." + peer.format.fileExtension).path
        let export = try TallyBinary.run(["export", "--to", peer.format.rawValue, budget, "-o", journal])
        XCTAssertEqual(export.status, 0, "\(name): \(export.stderr)")
        if let failure = try peer.check(journal) {
            XCTFail("\(peer.format) rejects the export of \(name):\n\(failure)\n\(numbered(journal))")
            return
        }

        // The model, for the assertion dates and the accounts the wallets became.
        let loaded = try BudgetLoader().load(budget)
        let model = Interpreter.run(loaded, today: CivilDate(iso: ExportPeerTests.today)!).model
        let names = AccountNames(model: model, format: peer.format)
        var dates = Set<CivilDate>()
        for entry in model.entries { if case .assertion = entry.kind { dates.insert(entry.date) } }
        if let last = model.entries.last?.date {
            dates.insert(last)
            if model.entries.count > 500 {
                for year in (model.entries.first!.date.year ... last.year) { dates.insert(CivilDate(year: year, month: 12, day: 31)!) }
            }
        }
        for date in dates.sorted() {
            let tally = try tallyBalances(budget, at: date)
            let peerFigures = try peer.balances(journal, at: date)
            for (w, wallet) in model.wallets.enumerated() {
                let expected = tally[wallet.name]
                let got: Money = peerFigures[names.wallets[w]]?[peerCurrency(wallet.currency, peer.format)] ?? Money.zero
                XCTAssertEqual(got, expected ?? .zero, "\(name) → \(peer.format): \(wallet.name) at the end of \(date)")
            }
        }

        // Category totals per month and currency. Tally books spending negative in the
        // wallet; the peer positive in the expense account.
        var expected: [String: Money] = [:]
        for row in try tallyRegister(budget) {
            guard let type = row["type"] as? String, type != "transfer",
                let date = row["date"] as? String, let amountText = row["amount"] as? String, let amount = Money(amountText),
                let currency = row["currency"] as? String
            else { continue }
            // A row without a category is a bank movement waiting for one (I0601).
            let account: String
            if let category = row["category"] as? String {
                guard let index = model.categories.firstIndex(where: { $0.name == category }) else { continue }
                account = names.categories[index]
            } else {
                account = amount.isNegative ? names.uncategorized.spending : names.uncategorized.income
            }
            let key = "\(account) \(date.prefix(7)) \(peerCurrency(currency, peer.format))"
            expected[key] = (expected[key] ?? .zero).adding(amount.negated)
        }
        expected = expected.filter { !$0.value.isZero }
        let got = try peer.monthlyTotals(journal)
        XCTAssertFalse(expected.isEmpty, name)
        for key in Set(expected.keys).union(got.keys).sorted() where expected[key] != got[key] {
            XCTFail("\(name) → \(peer.format): \(key): Tally \(expected[key]?.description ?? "nothing"), \(peer.format) \(got[key]?.description ?? "nothing")")
        }
    }

    private func peerCurrency(_ code: String, _ format: PeerFormat) -> String {
        code.isEmpty && format == .beancount ? "XXX" : code
    }

    /// Wallet name → balance in its currency, from `tally balance --at`.
    private func tallyBalances(_ budget: String, at date: CivilDate) throws -> [String: Money] {
        let r = try TallyBinary.run(["balance", budget, "--at", date.description, "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var result: [String: Money] = [:]
        for key in ["wallets", "hidden"] {
            for wallet in json[key] as? [[String: Any]] ?? [] {
                if let name = wallet["name"] as? String, let text = wallet["balance"] as? String, let money = Money(text) {
                    result[name] = money
                }
            }
        }
        return result
    }

    private func tallyRegister(_ budget: String) throws -> [[String: Any]] {
        let r = try TallyBinary.run(["register", budget, "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return json["rows"] as? [[String: Any]] ?? []
    }

    private func numbered(_ path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix(400).enumerated()
            .map { "\($0.offset + 1): \($0.element)" }.joined(separator: "\n")
    }
}
