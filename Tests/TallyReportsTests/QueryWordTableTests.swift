import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyReports

/// docs/coming-from-hledger.md, "Every query word of the peers": each example of the
/// table does what its row says on a budget as `tally convert` writes one: a word
/// **supported** keeps some of its entries, one **converted** keeps exactly what the
/// Tally word it names keeps, one **refused** is a usage error, and the Tally word given
/// for a bean-query clause keeps some entries. A row added to the table is tested.
@Suite struct QueryWordTableTests {
    /// `PeerQueryWordTests`' journal, with an entry `by ana` (a converted `person:` tag).
    static let text = PeerQueryWordTests.text + "2026-11-06 \"Bakery\"  cash  food  -4.00  by ana\n"

    /// The payees of the entries `words` keeps, in date order.
    static func payees(_ words: [String]) throws -> [String] {
        let loaded = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let today = CivilDate(iso: "2026-11-30")!
        let (model, diagnostics) = Interpreter.run(loaded, today: today)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        var filter = EntryFilter()
        let query = try EntryQuery(words)
        filter.query = query.predicate(model: model, today: today, metadata: KeptMetadata(loaded, scope: query.metadataScope))
        return model.register(filter).map { model.entries[$0.entry].payee ?? "" }
    }

    /// The table's rows: the examples (each a query, its words split at spaces) and the
    /// Tally cell.
    static func rows() throws -> [(examples: [[String]], tally: String)] {
        let docs = try String(contentsOfFile: TestSupport.path("docs/coming-from-hledger.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "### Every query word of the peers"))
        let lines = docs[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("| word") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        return table.map { line in
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (codes(cells[0]).map { $0.replacingOccurrences(of: "\u{1}", with: "|").split(separator: " ").map(String.init) }, cells[2])
        }
    }

    /// The `code` spans of a cell.
    static func codes(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func everyWordDoesWhatTheTableSays() throws {
        let rows = try Self.rows()
        // hledger's 18 words, ledger's 7 rows, bean-query's 7 clauses.
        #expect(rows.count >= 30, "\(rows.count) rows")
        for (examples, tally) in rows {
            if tally.hasPrefix("supported") {
                for words in examples { #expect(try !Self.payees(words).isEmpty, "\(words) keeps some entries") }
            } else if tally.hasPrefix("converted") {
                let target = try #require(Self.codes(tally).first, "\(tally)").split(separator: " ").map(String.init)
                for words in examples {
                    let kept = try Self.payees(words), expected = try Self.payees(target)
                    #expect(!kept.isEmpty && kept == expected, "\(words) is \(target)")
                }
            } else if tally.hasPrefix("refused") {
                for words in examples { #expect(throws: UsageError.self, "\(words)") { try EntryQuery(words) } }
            } else {
                // bean-query: the Tally word that asks the same keeps some entries.
                let target = try #require(Self.codes(tally).first, "\(tally)").split(separator: " ").map(String.init)
                #expect(try !Self.payees(target).isEmpty, "\(target)")
            }
        }
    }

    /// Hand-checked rows, so that the table test cannot pass on a wrong reading.
    @Test func examplesKeepTheEntriesTheySay() throws {
        #expect(try Self.payees(["@sushi"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["%trip"]) == ["Sushi Kushi", "Kiosk"])
        #expect(try Self.payees(["%trip=japan"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["=dinner"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["not", "sushi"]) == ["Landlord", "Kiosk", "Bakery"])
        #expect(try Self.payees(["tag:person=ana"]) == ["Bakery"])
        #expect(try Self.payees(["tag:person"]) == ["Bakery"])
        #expect(try Self.payees(["tag:person=bob"]) == [])
        // A lone `@` is text, as before.
        #expect(try EntryQuery(["@"]).terms.first?.field == .text)
        #expect(throws: UsageError.self) { try EntryQuery(["food", "not"]) }
    }
}
