import TallyCore
import TallySyntax
import Testing

@testable import TallyReports

/// The query words an hledger user types, on a budget as `tally convert` writes one
/// (issue 36): the account names the journal had (`account:` metadata), value tags,
/// `desc:` as `payee | note`, `status:`; and a word that names nothing is found out.
@Suite struct PeerQueryWordTests {
    /// The journal `PeerQueryCrossCheckTests` gives hledger, as `tally convert` keeps it.
    static let text = """
        currency PLN
        wallet mbank  bank  opening 1000.00 on 2026-11-01
            account: "assets:bank:mbank"
        wallet cash  cash
            account: "assets:cash"
        expense food
            account: "expenses:food:dining"
        expense rent
            account: "expenses:rent"
        2026-11-03 "Sushi Kushi" "dinner"  mbank  food  -80.00
            status: "cleared"
            trip: "japan"
        2026-11-04 "Landlord"  mbank  rent  -1500.00
            status: "pending"
        2026-11-05 "Kiosk"  cash  food  -5.00  #trip

        """

    /// The payees of the rows `words` keeps, in date order, with as much metadata read
    /// as the query asks for; `kept` false reads none, as the query did before.
    static func payees(_ words: [String], kept: Bool = true) throws -> [String] {
        let loaded = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let today = CivilDate(iso: "2026-11-30")!
        let (model, diagnostics) = Interpreter.run(loaded, today: today)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        var filter = EntryFilter()
        let query = try EntryQuery(words)
        let metadata = kept ? KeptMetadata(loaded, scope: query.metadataScope) : KeptMetadata()
        filter.query = query.predicate(model: model, today: today, metadata: metadata)
        return model.register(filter).map { model.entries[$0.entry].payee ?? "" }
    }

    @Test func accountNamesAsTheJournalHadThem() throws {
        // The wallet's kept account, and a prefix of it as hledger's regex matches.
        #expect(try Self.payees(["assets:bank:mbank"]) == ["Sushi Kushi", "Landlord"])
        #expect(try Self.payees(["assets:bank"]) == ["Sushi Kushi", "Landlord"])
        #expect(try Self.payees(["expenses:food:dining"]) == ["Sushi Kushi", "Kiosk"])
        // Without the metadata the wallet is only `assets:mbank`: nothing matched.
        #expect(try Self.payees(["assets:bank:mbank"], kept: false) == [])
        // `acct:` is hledger's account: wallets and categories, never the payee.
        #expect(try Self.payees(["acct:assets:bank:mbank"]) == ["Sushi Kushi", "Landlord"])
        #expect(try Self.payees(["acct:food"]) == ["Sushi Kushi", "Kiosk"])
        #expect(try Self.payees(["acct:kiosk"]) == [])
        #expect(try Self.payees(["kiosk"]) == ["Kiosk"])
        // The names an export gives still match.
        #expect(try Self.payees(["assets:mbank"]) == ["Sushi Kushi", "Landlord"])
    }

    @Test func onlyWhatTheQueryReadsIsRead() throws {
        #expect(try EntryQuery(["payee:lidl", "amt:>5"]).metadataScope == .none)
        #expect(try EntryQuery(["mbank"]).metadataScope == .declarations)
        #expect(try EntryQuery(["mbank", "status:*"]).metadataScope == .entries)
        #expect(try EntryQuery(["desc:x"]).metadataScope == .entries)
        #expect(try EntryQuery(["tag:trip"]).metadataScope == .entries)
    }

    @Test func aWordThatNamesNothingIsFoundOut() throws {
        let loaded = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": Self.text])).load("b.tally")
        let (model, _) = Interpreter.run(loaded, today: CivilDate(iso: "2026-11-30")!)
        let metadata = KeptMetadata(loaded)
        #expect(try EntryQuery(["assets:bnak:mbank", "sushi"]).unmatchedWords(model: model, metadata: metadata) == ["assets:bnak:mbank"])
        #expect(try EntryQuery(["assets:bank:mbank", "dinner", "not:zzz"]).unmatchedWords(model: model, metadata: metadata) == [])
        // The kept account name is a name: without the metadata it is not.
        #expect(try EntryQuery(["assets:bank:mbank"]).unmatchedWords(model: model) == ["assets:bank:mbank"])
    }

    @Test func tagsAndValueTags() throws {
        // `#trip` on Kiosk, `trip: "japan"` on Sushi Kushi.
        #expect(try Self.payees(["tag:trip"]) == ["Sushi Kushi", "Kiosk"])
        #expect(try Self.payees(["tag:trip=japan"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["tag:trip=jap"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["tag:trip=peru"]) == [])
        #expect(try Self.payees(["not:tag:trip"]) == ["Landlord"])
        // `status:` is the entry's shape, not a tag.
        #expect(try Self.payees(["tag:status"]) == [])
    }

    @Test func descriptionIsPayeeAndNote() throws {
        #expect(try Self.payees(["desc:dinner"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["desc:sushi kushi | dinner"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["payee:dinner"]) == [])
    }

    @Test func statusMarks() throws {
        #expect(try Self.payees(["status:*"]) == ["Sushi Kushi"])
        #expect(try Self.payees(["status:!"]) == ["Landlord"])
        #expect(try Self.payees(["status:"]) == ["Kiosk"])
        #expect(try Self.payees(["not:status:"]) == ["Sushi Kushi", "Landlord"])
        #expect(throws: UsageError.self) { try EntryQuery(["status:cleared"]) }
    }
}
