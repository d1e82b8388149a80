import Foundation
import TallyCore
import TallyInterop
import TallyTestSupport
import Testing

/// One conversion recorded as golden files: the journals read, the choices given.
struct ConversionCase: CustomTestStringConvertible, Sendable {
    /// The golden files' name in `Goldens/convert/`.
    let name: String
    /// The journals, as paths in the repository.
    let inputs: [String]
    var options = ConversionOptions()
    var testDescription: String { name }
}

/// Journal → budget conversions, in process and without the peers' programs: for each
/// case, the budget `tally convert` writes (`NAME.tally`), the lines it lists as not
/// converted, as it prints them (`NAME.leftout`), and which wallet or category each
/// peer account became (`NAME.accounts`). `TALLY_RECORD=1` records them again.
@Suite struct ConversionGoldenTests {
    static let fixtures = "Tests/TallyInteropTests/Fixtures/convert/"
    static let interop = "Tests/TallyCLITests/Fixtures/interop/"

    static let cases: [ConversionCase] = {
        var withChoices = ConversionCase(name: "hledger-household-choices", inputs: [fixtures + "household.journal"])
        withChoices.options.walletKinds = ["assets:jar": .cash, "assets:savings": .investment, "liabilities:visa card": .other]
        withChoices.options.commodities = ["$": "CAD", "gold": "XAU"]
        // The user names the unit of amounts without a commodity: they convert.
        var unitLessNamed = ConversionCase(name: "hledger-unit-less-named", inputs: [fixtures + "unit-less-and-doubts.journal"])
        unitLessNamed.options.commodities = ["": "EUR"]
        return [
            ConversionCase(name: "hledger-household", inputs: [fixtures + "household.journal"]),
            withChoices,
            ConversionCase(name: "ledger-shared-flat", inputs: [fixtures + "shared-flat.ledger"]),
            ConversionCase(name: "beancount-travel", inputs: [fixtures + "travel.beancount"]),
            ConversionCase(name: "hledger-years", inputs: [interop + "hledger/main.journal"]),
            ConversionCase(name: "hledger-decimal-comma", inputs: [interop + "hledger/decimal-comma.journal"]),
            ConversionCase(name: "hledger-parents-and-wallets", inputs: ["Tests/TallyCLITests/Fixtures/hledger/03-parents-and-wallets.journal"]),
            ConversionCase(name: "hledger-unrepresentable", inputs: [interop + "unrepresentable.journal"]),
            ConversionCase(name: "hledger-periodic-mixed", inputs: [interop + "periodic/mixed.journal"]),
            ConversionCase(name: "hledger-periodic-forecast", inputs: [interop + "periodic/forecast.journal"]),
            ConversionCase(name: "ledger-years", inputs: [interop + "ledger/main.ledger"]),
            ConversionCase(name: "beancount-years", inputs: [interop + "beancount/main.beancount"]),
            ConversionCase(name: "beancount-pad", inputs: [interop + "beancount/pad.beancount"]),
            // Tags and metadata pushed around a trip belong to the transactions between.
            ConversionCase(name: "beancount-pushtag", inputs: [interop + "beancount/pushtag.beancount"]),
            ConversionCase(name: "ledger-apply-tag", inputs: [interop + "ledger/apply-tag.ledger"]),
            ConversionCase(name: "hledger-aliases", inputs: [interop + "roundtrip/aliases.journal"]),
            // Comments on an opening's postings and on both postings of a transaction.
            ConversionCase(name: "hledger-posting-comments", inputs: [fixtures + "posting-comments.journal"]),
            ConversionCase(name: "beancount-pad-two-currencies", inputs: [fixtures + "pad-two-currencies.beancount"]),
            ConversionCase(name: "ledger-and-beancount-together", inputs: [fixtures + "shared-flat.ledger", interop + "beancount/pad.beancount"]),
            // Never a silent wrong figure (issue 22): each journal works out its figures by hand.
            ConversionCase(name: "hledger-german", inputs: [fixtures + "german.journal"]),
            ConversionCase(name: "hledger-posting-dates", inputs: [fixtures + "posting-dates.journal"]),
            ConversionCase(name: "ledger-posting-dates", inputs: [fixtures + "posting-dates.ledger"]),
            ConversionCase(name: "hledger-unit-less-and-doubts", inputs: [fixtures + "unit-less-and-doubts.journal"]),
            ConversionCase(name: "beancount-german-roots", inputs: [fixtures + "german-roots.beancount"]),
            unitLessNamed,
            // Every budget form (issue 22): hledger's, ledger's `~ Monthly`, fava's.
            ConversionCase(name: "hledger-budget-forms", inputs: [fixtures + "budget-forms.journal"]),
            ConversionCase(name: "beancount-fava-budget", inputs: [fixtures + "fava-budget.beancount"]),
            ConversionCase(name: "hledger-balance-assignments", inputs: [fixtures + "balance-assignments.journal"]),
            // Wildcard includes, followed in sorted order; org-mode headings skipped.
            ConversionCase(name: "hledger-years-by-wildcard", inputs: [fixtures + "years.journal"]),
            ConversionCase(name: "beancount-wildcard-org", inputs: [fixtures + "wildcard.beancount"]),
            // Several wallets and categories at once: paychecks, a bill paid from two cards.
            ConversionCase(name: "hledger-payroll", inputs: [fixtures + "payroll.journal"]),
            // Holdings (Grammar.md §3.2): lots at cost, sales with gains, prices, dividends.
            ConversionCase(name: "beancount-brokerage", inputs: [fixtures + "brokerage.beancount"]),
            ConversionCase(name: "hledger-brokerage", inputs: [fixtures + "brokerage.journal"]),
            ConversionCase(name: "ledger-brokerage", inputs: [fixtures + "brokerage.ledger"]),
            // One account holding several commodities: a wallet per commodity, one `account:`.
            ConversionCase(name: "hledger-broker-one-account", inputs: [fixtures + "broker-one-account.journal"]),
            ConversionCase(name: "ledger-broker-one-account", inputs: [fixtures + "broker-one-account.ledger"]),
            // A card used abroad (Grammar.md §3.10, "Another currency").
            ConversionCase(name: "hledger-card-abroad", inputs: [fixtures + "card-abroad.journal"]),
            ConversionCase(name: "beancount-card-abroad", inputs: [fixtures + "card-abroad.beancount"]),
            ConversionCase(name: "ledger-card-abroad", inputs: [fixtures + "card-abroad.ledger"]),
            // Over several categories: at one rate it converts, at two it is listed.
            ConversionCase(name: "hledger-card-abroad-split", inputs: [fixtures + "card-abroad-split.journal"]),
            ConversionCase(name: "hledger-card-abroad-rates", inputs: [fixtures + "card-abroad-rates.journal"]),
            // Posting comments on every form (splits, a transfer with a fee, several
            // wallets, holdings), and parts kept whole for the export (KeptBlocksExportTests).
            ConversionCase(name: "hledger-posting-details", inputs: [fixtures + "posting-details.journal"]),
            ConversionCase(name: "ledger-kept-whole", inputs: [fixtures + "kept-whole.ledger"]),
            ConversionCase(name: "hledger-kept-whole", inputs: [fixtures + "kept-whole.journal"]),
            ConversionCase(name: "beancount-kept-whole", inputs: [fixtures + "kept-whole.beancount"])
        ]
    }()

    @Test(arguments: cases)
    func convertsAsRecorded(_ conversion: ConversionCase) throws {
        let result = try JournalConverter.convert(
            paths: conversion.inputs.map(TestSupport.path), options: conversion.options,
            budgetPath: "converted.tally", readFile: Self.read)
        // What `tally convert -o` writes is the tree's bytes: the same as the text.
        #expect(result.tree.source.bytes == Array(result.budget.utf8))
        let root = TestSupport.repositoryRoot.path + "/"
        let listed = result.leftOut.map { item in
            let file = item.source.file.hasPrefix(root) ? String(item.source.file.dropFirst(root.count)) : item.source.file
            return "\(file):\(item.source.line): not converted: \(item.reason)\n"
        }
        let accounts = result.accounts.sorted { $0.key < $1.key }.map { "\($0.key) -> \($0.value)\n" }
        let base = TestSupport.path("Tests/TallyInteropTests/Goldens/convert/" + conversion.name)
        for (text, ext) in [(result.budget, "tally"), (listed.joined(), "leftout"), (accounts.joined(), "accounts")] {
            if let problem = TestSupport.compareGolden(text, path: base + "." + ext) { Issue.record(Testing.Comment(rawValue: problem)) }
        }
    }

    /// A journal that cannot be read.
    struct Unreadable: Error { let path: String }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(path: path) }
        return String(decoding: data, as: UTF8.self)
    }
}
