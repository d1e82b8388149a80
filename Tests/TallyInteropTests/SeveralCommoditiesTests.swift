import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// One peer account holding several commodities (Grammar.md §3.2, "Holdings"): a wallet
/// per commodity, all keeping the account, written back by the export as that one account.
@Suite struct SeveralCommoditiesTests {
    static let journal = "Tests/TallyInteropTests/Fixtures/convert/broker-one-account.journal"
    static let end = CivilDate(year: 2024, month: 3, day: 31)!

    /// `journal` converted in process and run at `end`, with the diagnostics shown.
    static func converted(_ journal: String = journal, at end: CivilDate = end) throws -> (BudgetModel, Budget, [Diagnostic]) {
        let result = try JournalConverter.convert(
            paths: [TestSupport.path(journal)], options: ConversionOptions(), budgetPath: "converted.tally",
            readFile: ConversionGoldenTests.read)
        #expect(result.leftOut.isEmpty, "\(result.leftOut.map(\.reason))")
        var provider = InMemoryFileProvider([:])
        provider.files["converted.tally"] = result.tree.source.bytes
        let budget = try BudgetLoader(provider: provider, parsed: [result.tree]).load("converted.tally")
        let (model, found) = Interpreter.run(budget, today: end)
        return (model, budget, DiagnosticPolicy.shown(found, in: budget))
    }

    @Test func aPadBeforeBalancesInTwoCommoditiesPadsEach() throws {
        let end = CivilDate(year: 2024, month: 2, day: 29)!
        let (model, _, diagnostics) = try Self.converted("Tests/TallyInteropTests/Fixtures/convert/pad-two-currencies.beancount", at: end)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        var balances: [String: String] = [:]
        for (w, wallet) in model.wallets.enumerated() {
            balances[wallet.name] = "\(model.balance(of: w, at: end)) \(wallet.currency)"
        }
        // Padded to 200.00 USD and 50.00 CAD on 2024-01-01; 200.00 - 12.50 = 187.50 USD,
        // 50.00 - 8.00 = 42.00 CAD: beancount's own figures. USD, the operating currency,
        // keeps the account's name on a tie of uses.
        #expect(balances == ["Cash": "187.50 USD", "Cash CAD": "42.00 CAD"])
    }

    @Test func eachCommodityIsAWalletWithTheAccountsBalanceInIt() throws {
        let (model, _, diagnostics) = try Self.converted()
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        var balances: [String: String] = [:]
        for (w, wallet) in model.wallets.enumerated() {
            balances[wallet.name] = "\(model.balance(of: w, at: Self.end)) \(wallet.currency)"
        }
        // broker: 5000.00 - 1509.95 - 1000.00 - 800.00 + 12.50 + 840.05 = 2542.60 USD;
        // AAPL 10 + 5 - 5 = 10; VTI 4; bank 8000.00 - 5000.00 = 3000.00 (hledger's own figures).
        #expect(balances == ["bank": "3000.00 USD", "broker": "2542.60 USD", "broker AAPL": "10 AAPL", "broker VTI": "4 VTI"])
    }

    @Test func hledgerAndLedgerGetTheOneAccountBackBeancountDistinctOnes() throws {
        let (model, budget, _) = try Self.converted()
        let broker = model.wallets.indices.filter { model.wallets[$0].name.hasPrefix("broker") }
        #expect(broker.count == 3)
        for format in [PeerFormat.hledger, .ledger] {
            let names = AccountNames(model: model, budget: budget, format: format)
            #expect(Set(broker.map { names.wallets[$0] }) == ["assets:broker"], "\(format)")
        }
        // Beancount's `open` declares an account once: the units' wallets get names of their own.
        let names = AccountNames(model: model, budget: budget, format: .beancount)
        #expect(Set(broker.map { names.wallets[$0] }).count == 3)
    }
}
