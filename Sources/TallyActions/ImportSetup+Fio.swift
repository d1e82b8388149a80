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

extension ImportStatements.Setup {
    /// The wallet's movements from Fio banka: from the day of the last movement already
    /// imported from Fio (ids are the bank's movement numbers, so that day's movements
    /// come again and are found present), or the last 90 days (the API's limit without an
    /// unlock in internet banking), through `today`.
    static func fioStatement(
        wallet: Int, model: BudgetModel, environment: [String: String], today: CivilDate, fetcher: any HTTPFetching
    ) throws(UsageError) -> Statement {
        let name = model.wallets[wallet].name
        guard let source = model.importProfile(of: wallet)?.token else {
            throw UsageError("the `import` profile of `\(name)` names no token; add `token \"env:FIO_TOKEN\"` (or `token \"file:PATH\"`) to it")
        }
        let token = try fioToken(source, environment: environment)
        let imported = model.entries.last { entry in
            entry.transaction?.wallet == wallet && (entry.bankID.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false)
        }
        let from = imported?.date ?? today.adding(days: -89) ?? today
        do {
            let base = try FioDownload.baseURL(environment: environment)
            return try FioDownload.statement(token: token, from: min(from, today), to: today, baseURL: base, fetcher: fetcher)
        } catch {
            throw UsageError("\(error.description); nothing written")
        }
    }

    /// The token from where the profile says it is kept, without a line break around it.
    private static func fioToken(_ source: TokenSource, environment: [String: String]) throws(UsageError) -> String {
        switch source {
        case .environment(let variable):
            guard let value = environment[variable]?.trimmingSpacesAndNewlines(), !value.isEmpty else {
                throw UsageError("the environment variable \(variable), which the profile names for the token, is not set")
            }
            return value
        case .file(let path):
            let expanded = FeedCredentials.expanded(path, environment: environment)
            guard let bytes = try? DiskFileProvider().read(expanded) else { throw UsageError("cannot read the token file `\(path)` the profile names") }
            let token = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map { $0.trimmingSpaces() } ?? ""
            guard !token.isEmpty else { throw UsageError("the token file `\(path)` is empty") }
            return token
        }
    }
}
