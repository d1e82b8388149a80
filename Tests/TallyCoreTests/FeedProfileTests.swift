import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// An import profile's `feed` and `app` (Grammar.md §7.1): a known feed is put on the
/// profile, an unknown one is E0601 with the feeds listed, and a token without a feed
/// stays Fio banka's.
@Suite struct FeedProfileTests {
    static let budget = """
        currency USD
        wallet Checking bank
        wallet Giro bank
        wallet Ucet bank
        wallet Other bank
        wallet Third bank

        import Checking  feed simplefin  account "ACT-2000"
        import Giro  feed enablebanking  app "app-4711"  token "file:~/eb.pem"
        import Ucet  token "env:FIO_TOKEN"
        import Other  feed simplefinn
        import Third  feed enablebanking

        """

    @Test func feedsAreReadAndAnUnknownOneIsReported() throws {
        let folder = try TemporaryFolder("feed-profile")
        defer { folder.remove() }
        let loaded = try BudgetLoader().load(try folder.write(Self.budget, to: "budget.tally"))
        let result = Interpreter.run(loaded, today: CivilDate(iso: "2026-04-01")!)
        let model = result.model
        #expect(model.importProfile(of: 0)?.feedKind == .simplefin)
        #expect(model.importProfile(of: 1)?.feedKind == .enablebanking && model.importProfile(of: 1)?.app == "app-4711")
        #expect(model.importProfile(of: 2)?.feedKind == .fio)
        #expect(model.importProfile(of: 3)?.feedKind == nil)
        let unknown = result.diagnostics.filter { $0.code == .invalidImportSetting }
        #expect(unknown.map(\.message) == ["unknown feed `simplefinn`; did you mean `simplefin`?", "Enable Banking needs the application's id"])
    }
}
