import TallyCore
import TallyImport
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// One bank feed: what downloads a wallet's movements, for `tally import --from FEED`
/// and `tally sync`. Fio banka, SimpleFIN and Enable Banking sit behind it; what comes
/// back is a ``Statement`` like a file's, so a download goes through the one import
/// pipeline (categorizer, matching, transfers, each movement once by its bank id).
protocol BankFeed {
    /// The movements of `wallet` from `since` through the session's today, read whole.
    mutating func statement(of wallet: Int, since: CivilDate, session: FeedSession) throws(UsageError) -> Statement
}

/// One import's downloads: the feeds, made once each, so that a feed answering every
/// account at once (SimpleFIN) is asked once for all the wallets synced.
struct FeedSession {
    let model: BudgetModel
    let environment: [String: String]
    let today: CivilDate
    let fetcher: any HTTPFetching
    /// Unix seconds now, for signed tokens.
    let now: Int
    /// What the downloads warn about (a consent about to run out), a sentence each.
    private(set) var notices: [String] = []
    private var simpleFIN: SimpleFINSource?
    private var enableBanking: [String: EnableBankingSource] = [:]

    init(_ options: ImportStatements.Request, model: BudgetModel, environment: [String: String], today: CivilDate) {
        self.model = model
        self.environment = environment
        self.today = today
        self.fetcher = options.fetcher
        self.now = options.now ?? Int(time(nil))
    }

    /// The wallet's movements from its profile's feed, since the day of the last movement
    /// imported with a bank id (that day's come again and are found present), else the
    /// last 90 days.
    mutating func statement(of wallet: Int) throws(UsageError) -> Statement {
        guard let profile = model.importProfile(of: wallet), let kind = profile.feedKind else {
            throw UsageError("the `import` profile of `\(model.wallets[wallet].name)` names no feed")
        }
        switch kind {
        case .fio:
            return try ImportStatements.Setup.fioStatement(wallet: wallet, model: model, environment: environment, today: today, fetcher: fetcher)
        case .simplefin:
            var source = simpleFIN ?? SimpleFINSource()
            defer { simpleFIN = source }
            return try source.statement(of: wallet, since: since(wallet), session: self)
        case .enablebanking:
            let app = profile.app ?? ""
            var source = enableBanking[app] ?? EnableBankingSource()
            defer { enableBanking[app] = source }
            let statement = try source.statement(of: wallet, since: since(wallet), session: self)
            if let session = try? EnableBankingSource.session(app: app, environment: environment, today: today),
                let notice = EnableBankingSource.expiryNotice(session, today: today), !notices.contains(notice)
            {
                notices.append(notice)
            }
            return statement
        }
    }

    /// The first day to download for `wallet`.
    func since(_ wallet: Int) -> CivilDate {
        let imported = model.entries.last { entry in
            entry.transaction?.wallet == wallet && (entry.bankID.map { MovementIdentity.kind(of: $0) == .bank } ?? false)
        }
        return min(imported?.date ?? today.adding(days: -89) ?? today, today)
    }

    /// The profile's account (`account "…"`), as compared.
    func account(of wallet: Int) -> String? { model.importProfile(of: wallet)?.account }
}
