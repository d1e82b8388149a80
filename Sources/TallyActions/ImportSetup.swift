import TallyCore
import TallyImport
import TallyReports
import TallySyntax

extension ImportStatements {
    /// What the command line and the budget say about one import, settled before any
    /// movement is decided: the fallback category and, for each wallet imported into,
    /// its statements (each read whole, so a malformed one stops everything) and the file
    /// to append to. Most imports are into one wallet; a file holding several statements
    /// (an OFX file with a bank's and a card's) gives each to the wallet whose `import`
    /// profile names its account.
    struct Setup {
        /// One wallet's part of the import.
        struct Part {
            let wallet: Int
            let profile: WalletImport
            let statements: [Statement]
            let target: BudgetFile
        }

        let fallback: Int?
        let parts: [Part]
        /// What the feeds warn about, a sentence each.
        var notices: [String] = []

        /// Settles the import, or throws the message that stops it (exit code 2).
        init(_ options: Request, editor: BudgetEditor, environment: [String: String], today: CivilDate) throws(UsageError) {
            let budget = editor.budget, model = editor.model
            // Accounts find the wallet only without --wallet and with several open wallets.
            let needed = options.wallet == nil && model.wallets.filter { $0.closed == nil }.count > 1
            let files = StatementFiles(options.statements, encoding: options.reading.encoding, needed: needed)
            let single = files.singles.map(\.source)
            if let name = options.uncategorized {
                guard let c = model.categories.firstIndex(where: { $0.name == name }) else {
                    var message = "no category named `\(name)` for \(options.names.uncategorized)"
                    if let suggestion = UsageError.closest(name, model.categories.map(\.name)) { message += "; did you mean `\(suggestion)`?" }
                    throw UsageError(message)
                }
                fallback = c
            } else {
                fallback = nil
            }
            var parts: [Part] = []
            if options.from != nil || options.sync {
                var feeds = FeedSession(options, model: model, environment: environment, today: today)
                for wallet in try Self.feedWallets(options, model: model) {
                    let profile = WalletImport(model: model, wallet: wallet)
                    let statement = try feeds.statement(of: wallet)
                    try Self.check(statement, wallet: wallet, profile: profile, model: model)
                    let target = try Self.target(options.into, wallet: wallet, budget: budget, model: model, path: editor.path)
                    parts.append(Part(wallet: wallet, profile: profile, statements: [statement], target: target))
                }
                notices = feeds.notices
            } else if !single.isEmpty || options.wallet != nil {
                let wallet = try Self.wallet(options, files: files, model: model, path: editor.path)
                // The wallet's import profile, under what the command line says.
                let profile = WalletImport(model: model, wallet: wallet)
                var reading = profile.options
                if let encoding = options.reading.encoding { reading.encoding = encoding }
                if let format = options.reading.csv.dateFormat { reading.csv.dateFormat = format }
                if let mark = options.reading.csv.decimalMark { reading.csv.decimalMark = mark }
                if let separator = options.reading.csv.separator { reading.csv.separator = separator }
                reading.csv.today = today
                reading.csv.wallet = SourceWriter.name(model.wallets[wallet].name)
                let statements = try Self.statements(single, reading: reading, wallet: wallet, profile: profile, model: model)
                let target = try Self.target(options.into, wallet: wallet, budget: budget, model: model, path: editor.path)
                if !statements.isEmpty { parts.append(Part(wallet: wallet, profile: profile, statements: statements, target: target)) }
            }
            for (wallet, statements) in try files.routed(model: model) {
                let profile = WalletImport(model: model, wallet: wallet)
                let target = try Self.target(options.into, wallet: wallet, budget: budget, model: model, path: editor.path)
                if let i = parts.firstIndex(where: { $0.wallet == wallet }) {
                    parts[i] = Part(wallet: wallet, profile: profile, statements: parts[i].statements + statements, target: parts[i].target)
                } else {
                    parts.append(Part(wallet: wallet, profile: profile, statements: statements, target: target))
                }
            }
            self.parts = parts
        }

        /// The wallet: the one `--wallet` names, the only open one, or the one whose import
        /// profile names the account the statements are of.
        private static func wallet(_ options: Request, files: StatementFiles, model: BudgetModel, path: String) throws(UsageError) -> Int {
            if let name = options.wallet {
                guard let w = model.wallets.firstIndex(where: { $0.name == name }) else {
                    var message = "no wallet named `\(name)` in `\(path)`"
                    if let suggestion = UsageError.closest(name, model.wallets.map(\.name)) { message += "; did you mean `\(suggestion)`?" }
                    throw UsageError(message)
                }
                return w
            }
            let open = model.wallets.indices.filter { model.wallets[$0].closed == nil }
            if open.count == 1 { return open[0] }
            let accounts = files.singles.compactMap(\.account)
            let owners = accounts.map { model.wallets(ofAccount: $0) }
            // A file that cannot be read names no account: its own error says more than
            // asking for the wallet (a truncated file, a format Tally does not read).
            if let error = files.singles.lazy.compactMap(\.error).first { throw UsageError("\(error.located); nothing written" as UsageText) }
            guard let account = accounts.first else {
                throw UsageError("which wallet are the statements of? Name it with \(options.names.wallet) (one of \(model.wallets.map(\.name).joined(separator: ", ")))")
            }
            guard let only = owners.first?.first, owners.allSatisfy({ $0 == [only] }) else {
                throw UsageError(
                    Set(accounts.map(ImportProfile.account)).count > 1
                        ? "the statements are of several accounts (\(accounts.joined(separator: ", "))); import each account's with its wallet named with \(options.names.wallet)"
                        : "no wallet's import profile names the account `\(account)` the statements are of; add `account \"\(account)\"` to that wallet's `import` profile, or name the wallet with \(options.names.wallet)")
            }
            return only
        }

        /// The statements at `paths`, each read whole and checked to be the wallet's.
        private static func statements(
            _ sources: [StatementSource], reading: StatementReader.Options, wallet: Int, profile: WalletImport,
            model: BudgetModel
        ) throws(UsageError) -> [Statement] {
            var statements: [Statement] = []
            for source in sources {
                let statementPath = source.name
                let bytes: [UInt8]
                do {
                    bytes = try source.bytes()
                } catch {
                    throw UsageError("cannot read `\(statementPath)`: \(error.explanation)")
                }
                let statement: Statement
                do {
                    statement = try StatementReader.read(bytes, path: statementPath, options: reading)
                } catch {
                    var refusal = UsageError("\(error.located); nothing written" as UsageText)
                    refusal.doubtful = error.doubtful
                    throw refusal
                }
                try check(statement, wallet: wallet, profile: profile, model: model)
                statements.append(statement)
            }
            return statements
        }

        /// Throws when `statement` is not `wallet`'s: another account, or another currency.
        static func check(_ statement: Statement, wallet: Int, profile: WalletImport, model: BudgetModel) throws(UsageError) {
            let currency = model.wallets[wallet].currency, name = model.wallets[wallet].name
            if let stated = statement.account, let mismatch = accountMismatch(stated, wallet: wallet, profile: profile, model: model) {
                throw UsageError("\(statement.path): the statement is of account \(stated), \(mismatch); nothing written")
            }
            if let stated = statement.currency, stated != currency {
                throw UsageError(
                    "\(statement.path): the statement is in \(stated), the wallet `\(name)` in \(currency); import it into a wallet in \(stated); nothing written")
            }
        }

        /// The file to append to: `--into`, else the file with the wallet's latest
        /// transaction, else the one declaring it.
        private static func target(_ into: String?, wallet: Int, budget: Budget, model: BudgetModel, path: String) throws(UsageError) -> BudgetFile {
            guard let into else {
                let latest = model.entries.last { $0.transaction?.wallet == wallet }
                return budget.file(latest?.location.file ?? model.wallets[wallet].location.file) ?? budget.root
            }
            let canonical = DiskFileProvider().canonicalPath(into)
            guard let file = budget.files.first(where: { $0.path == into || DiskFileProvider().canonicalPath($0.path) == canonical }) else {
                throw UsageError("`\(into)` is not a file of the budget `\(path)` (it must be the budget or one it includes)")
            }
            return file
        }

        /// Why a statement of account `stated` is not `wallet`'s, or nil when it may be: the
        /// wallet's profile names another account, or another wallet's profile names this one.
        private static func accountMismatch(_ stated: String, wallet: Int, profile: WalletImport, model: BudgetModel) -> String? {
            let name = model.wallets[wallet].name
            if let own = profile.account {
                return own == ImportProfile.account(stated) ? nil : "but the import profile of `\(name)` names account \(own)"
            }
            guard let other = model.wallets(ofAccount: stated).first(where: { $0 != wallet }) else { return nil }
            return "which the import profile of `\(model.wallets[other].name)` names, not `\(name)`"
        }
    }
}
