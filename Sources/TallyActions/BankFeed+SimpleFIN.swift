import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// SimpleFIN Bridge behind ``BankFeed``: one `GET /accounts` for every wallet synced,
/// each wallet taking the account its profile's `account` names (SimpleFIN's account id,
/// or its name), or the only account there is.
struct SimpleFINSource: BankFeed {
    /// The accounts answered, and the first day they were asked from.
    private var answered: (since: CivilDate, accounts: [SimpleFINFeed.Account])?

    mutating func statement(of wallet: Int, since: CivilDate, session: FeedSession) throws(UsageError) -> Statement {
        let name = session.model.wallets[wallet].name
        if answered == nil || answered!.since > since {
            let access = try Self.access(wallet: wallet, session: session)
            do {
                answered = (since, try SimpleFINFeed.accounts(access: access, since: since, fetcher: session.fetcher))
            } catch {
                throw UsageError("\(error.description); nothing written")
            }
        }
        let accounts = answered?.accounts ?? []
        let chosen: SimpleFINFeed.Account
        if let wanted = session.account(of: wallet) {
            guard let found = accounts.first(where: { ImportProfile.account($0.id) == wanted || ImportProfile.account($0.name) == wanted }) else {
                throw UsageError(
                    "SimpleFIN has no account `\(wanted)` for `\(name)`; it has \(accounts.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")); nothing written")
            }
            chosen = found
        } else {
            guard accounts.count == 1 else {
                throw UsageError(
                    "SimpleFIN has \(accounts.count) accounts; name the one of `\(name)` with `account \"ID\"` in its profile (one of \(accounts.map { "\($0.id) (\($0.name))" }.joined(separator: ", "))); nothing written")
            }
            chosen = accounts[0]
        }
        var statement = chosen.statement
        // The profile chose the account, by id or name: the statement is the wallet's.
        statement.account = session.account(of: wallet)
        statement.rows = statement.rows.filter { $0.date >= since }
        return statement
    }

    /// The access URL: where the profile's `token` says, else the one `tally feed
    /// simplefin claim` stored.
    static func access(wallet: Int, session: FeedSession) throws(UsageError) -> SimpleFINFeed.Access {
        let url: String
        if let source = session.model.importProfile(of: wallet)?.token {
            url = try FeedCredentials.secret(source, what: "SimpleFIN's access URL", environment: session.environment)
        } else {
            let path = FeedCredentials.path(FeedCredentials.simpleFINFile, environment: session.environment)
            guard FeedCredentials.problem(at: path) != "`\(path)` does not exist" else {
                throw UsageError("no SimpleFIN access URL is stored; run `tally feed simplefin claim` with a setup token from the SimpleFIN Bridge")
            }
            url = try FeedCredentials.read(path)
        }
        guard let access = SimpleFINFeed.Access(url) else {
            throw UsageError("SimpleFIN's access URL holds no credentials (it reads https://USER:PASSWORD@HOST/PATH); claim a new one")
        }
        return access
    }
}
