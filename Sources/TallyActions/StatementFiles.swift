import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// The statement files of one `tally import`, sorted by how they go to wallets: a file
/// of one statement goes to the wallet the command line or its account names; each
/// statement of a file holding several (an OFX file with a bank's and a card's) goes
/// to the wallet whose `import` profile names its account, never to another.
struct StatementFiles {
    /// Files of one statement, read again once their wallet's profile is known, with the
    /// error of a file that could not be read as detected.
    let singles: [(source: StatementSource, account: String?, error: StatementError?)]
    /// The statements of files holding several, in file order.
    let several: [Statement]

    /// Reads each file once, as detected: every OFX file (only it may hold several
    /// statements), and the others only when their accounts are `needed` to find the
    /// wallet (a large CSV file is then not read twice). A file that cannot be read so
    /// counts as one statement: it is read again, and its error told, once the wallet is
    /// known.
    init(_ sources: [StatementSource], encoding: StatementEncoding? = nil, needed: Bool = true) {
        var singles: [(source: StatementSource, account: String?, error: StatementError?)] = []
        var several: [Statement] = []
        for source in sources {
            let path = source.name
            guard let bytes = try? source.bytes(),
                needed || OFXStatementReader.recognises(String(decoding: bytes.prefix(2000), as: UTF8.self))
            else {
                singles.append((source, nil, nil))
                continue
            }
            do {
                // Only the account is wanted here: dates that read two ways are decided (or
                // refused) when the file is read again for its wallet, with its profile.
                var options = StatementReader.Options(encoding: encoding)
                options.csv.doubtfulDates = .firstReading
                let statements = try StatementReader.readAll(bytes, path: path, options: options)
                if statements.count > 1 { several += statements } else { singles.append((source, statements.first?.account, nil)) }
            } catch {
                singles.append((source, nil, error))
            }
        }
        self.singles = singles
        self.several = several
    }

    /// The statements of files holding several, by wallet (in the order wallets first
    /// appear), each checked to be its wallet's.
    func routed(model: BudgetModel) throws(UsageError) -> [(wallet: Int, statements: [Statement])] {
        var routed: [(wallet: Int, statements: [Statement])] = []
        for statement in several {
            let owners = statement.account.map { model.wallets(ofAccount: $0) } ?? []
            guard owners.count == 1, let wallet = owners.first else {
                let accounts = several.filter { $0.path == statement.path }.map { $0.account ?? "(none)" }.joined(separator: ", ")
                throw UsageError(
                    "\(statement.path) holds statements of several accounts (\(accounts)); each is imported into the wallet whose `import` profile names its account, and "
                        + (statement.account.map { "none names \($0): add `account \"\($0)\"` to that wallet's profile" } ?? "one names no account")
                        + "; nothing written")
            }
            try ImportStatements.Setup.check(statement, wallet: wallet, profile: WalletImport(model: model, wallet: wallet), model: model)
            if let i = routed.firstIndex(where: { $0.wallet == wallet }) {
                routed[i].statements.append(statement)
            } else {
                routed.append((wallet, [statement]))
            }
        }
        return routed
    }
}
