import TallyCore
import TallyImport
import TallyReports
import TallySyntax

extension ImportStatements.Setup {
    /// The wallets to download into: for `tally sync`, every open wallet whose profile
    /// names a feed; for `--from FEED`, `--wallet`, else the one wallet whose profile
    /// names that feed.
    static func feedWallets(_ options: ImportStatements.Request, model: BudgetModel) throws(UsageError) -> [Int] {
        let named = { (wallet: Int) in model.importProfile(of: wallet)?.feedKind }
        if let name = options.wallet {
            guard let wallet = model.wallets.firstIndex(where: { $0.name == name }) else {
                throw UsageError("no wallet named `\(name)`" + (UsageError.closest(name, model.wallets.map(\.name)).map { "; did you mean `\($0)`?" } ?? ""))
            }
            if options.from != .fio, named(wallet) == nil {
                throw UsageError("the `import` profile of `\(name)` names no feed; add `feed \(options.from?.rawValue ?? "simplefin")` to it (docs/import.md)")
            }
            if let from = options.from, let own = named(wallet), own != from {
                throw UsageError("the `import` profile of `\(name)` names `feed \(own.rawValue)`, not \(from.rawValue)")
            }
            return [wallet]
        }
        if options.sync || options.from == nil {
            let wallets = model.wallets.indices.filter { model.wallets[$0].closed == nil && named($0) != nil }
            guard !wallets.isEmpty else {
                throw UsageError("no open wallet's `import` profile names a feed; add `feed simplefin` (or `enablebanking`, `fio`) to one (docs/import.md)")
            }
            return wallets
        }
        let kind = options.from ?? .fio
        let wallets = model.wallets.indices.filter { named($0) == kind }
        guard wallets.count == 1 else {
            if kind == .fio {
                throw UsageError(
                    wallets.isEmpty
                        ? "no wallet's `import` profile names a token for \(options.names.fio); add `token \"env:FIO_TOKEN\"` (or `token \"file:PATH\"`) to the profile of the wallet at Fio banka"
                        : "several wallets' profiles name a token (\(wallets.map { model.wallets[$0].name }.joined(separator: ", "))); name one with \(options.names.wallet)")
            }
            throw UsageError(
                wallets.isEmpty
                    ? "no wallet's `import` profile names `feed \(kind.rawValue)`; add it to the profile of the wallet (docs/import.md)"
                    : "several wallets' profiles name `feed \(kind.rawValue)` (\(wallets.map { model.wallets[$0].name }.joined(separator: ", "))); name one with \(options.names.wallet), or sync them all with `tally sync`")
        }
        return wallets
    }
}
