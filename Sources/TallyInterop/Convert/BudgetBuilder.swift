import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Builds the Tally text from what the readers found, in named stages (``build()``):
/// the postings' amounts completed, the accounts surveyed and named, the entries written,
/// assertions, balances and rates added, periodic transactions declared, and the text
/// written and laid out. What Tally cannot represent is listed (`leftOut`) on the way.
struct BudgetBuilder {
    var content: PeerJournalContent
    let closings: [String: CivilDate]
    let options: ConversionOptions
    let sources: [String]
    /// The name the budget's syntax tree is parsed under.
    let budgetPath: String
    var leftOut: [LeftOut] = []
    /// Each account's role, worked out once.
    var roles: [String: Role] = [:]
    /// ``tallyName(_:)`` and ``categoryName(_:_:)`` by what they were asked for.
    var nameCache: [String: String] = [:]
    var categoryNameCache: [String: String] = [:]
    /// ``quotedText(_:)`` by what it was asked for.
    var textCache: [String: String] = [:]
    /// ``roleAndCategory(_:_:)`` by account.
    var writtenAccounts: [String: (Role, String?)] = [:]
    /// The place of the latest dated line in reading order, which sorts a day's lines.
    var order = 0
    /// The currencies purchases were paid in (`-23.50 USD = -21.62 EUR`), to declare.
    var paidCurrencies: Set<String> = []
    /// Whether declarations keep their peer account's name (`account:` metadata) for
    /// `tally export`: not when the accounts are the converter's own invention (an app's
    /// export names none), which would only be noise.
    var keepsAccountNames = true
    /// Whether the budget keeps what `tally export` needs to write an hledger or ledger
    /// journal's shapes back (`opening-entry:`, `wallet-posting:`, an assertion's `entry:`).
    var keepsShapes: Bool { keepsAccountNames && content.isJournal }
    /// A journal's text by path, for the lines kept as comments.
    var sourceText: (String) -> String? = { _ in nil }
    /// The format of a journal file (path, text) that a block kept whole names, for
    /// `tally export` to write it back (``KeptBlock``); nil for what is no journal.
    var sourceFormat: (String, String) -> String? = { _, _ in nil }
    /// The reading order of each transaction something was listed from, by its first line.
    var place: [SourceLine: Int] = [:]
    /// Per account, the postings to it that were not converted (the first per commodity,
    /// nil when its amount is unknown): an assertion of the account in that commodity on
    /// or after its date counts it, and is kept as a comment.
    var unconverted: [String: [Unconverted]] = [:]
    /// The accounts of one commodity moved out of a peer account holding several
    /// (``separateCommodities(_:)``): the peer account and the commodity's code.
    var heldApart: [String: (account: String, code: String)] = [:]

    /// A posting that was not converted: its date, its transaction's line and commodity.
    struct Unconverted {
        var date: CivilDate
        var source: SourceLine
        var commodity: String?
    }

    init(content: PeerJournalContent, closings: [String: CivilDate], options: ConversionOptions, sources: [String], budgetPath: String) {
        self.budgetPath = budgetPath
        self.content = content
        self.closings = closings
        self.options = options
        self.sources = sources
        leftOut = content.leftOut
    }

    /// What an account becomes, told by its first component.
    enum Role { case wallet, income, expense, equity, unknown }

    static func role(_ account: String) -> Role {
        let root = account.split(separator: ":").first.map { $0.lowercased() } ?? ""
        switch root {
        case "assets", "asset", "liabilities", "liability": return .wallet
        case "income", "revenue", "revenues": return .income
        case "expenses", "expense": return .expense
        case "equity": return .equity
        default: return .unknown
        }
    }

    func role(_ account: String) -> Role { roles[account] ?? declaredRole(account) }

    /// The type a declaration gives the account or its nearest parent, nil when none does.
    func declaredType(_ account: String) -> AccountType? {
        guard !content.accountTypes.isEmpty else { return nil }
        var name = Substring(peerAccount(account))
        while true {
            if let type = content.accountTypes[String(name)] { return type }
            guard let colon = name.lastIndex(of: ":") else { return nil }
            name = name[..<colon]
        }
    }

    /// What an account becomes: by its declared type, else by its root (never by other
    /// words in its name); under a root of no type, a wallet when the user names its kind
    /// (`--wallet-kind 'Русский язык:Активы=bank'`).
    func declaredRole(_ account: String) -> Role {
        switch declaredType(account) {
        case .asset?, .liability?: return .wallet
        case .revenue?: return .income
        case .expense?: return .expense
        case .equity?: return .equity
        case nil:
            let role = BudgetBuilder.role(account)
            return role == .unknown && namedKind(account) != nil ? .wallet : role
        }
    }

    /// The kind the user names for an account under a root of no type, nil for none.
    private func namedKind(_ account: String) -> WalletKind? {
        options.walletKinds.isEmpty ? nil : options.walletKinds[peerAccount(account)]
    }

    /// Whether a wallet's account is a liability: declared so, else under a liabilities
    /// root, else (a root of no type) a credit or loan kind the user names.
    func isLiability(_ account: String) -> Bool {
        if let type = declaredType(account) { return type == .liability }
        if BudgetBuilder.role(account) == .unknown, let kind = namedKind(account) { return kind == .credit || kind == .loan }
        return account.lowercased().hasPrefix("liabilit")
    }

    static let builtinSymbols = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"]

    /// The currency code for a commodity symbol, or nil when it is not one.
    func code(_ symbol: String) -> String? {
        if !options.commodities.isEmpty, let mapped = options.commodities[symbol] { return mapped }
        // Two to ten capital letters or digits, a letter first (ASCII, so bytes are scalars):
        // a code already. No built-in symbol looks like one, so this test can come first.
        // Read from the string's storage: it is asked several times per posting.
        func isCode(_ bytes: some Collection<UInt8>) -> Bool {
            guard (2 ... 10).contains(bytes.count), let first = bytes.first, ASCII.isUppercase(first) else { return false }
            return bytes.allSatisfy { ASCII.isUppercase($0) || ASCII.isDigit($0) }
        }
        if symbol.utf8.withContiguousStorageIfAvailable(isCode) ?? isCode(symbol.utf8) { return symbol }
        // An amount without a commodity has no unit in the peers: no currency unless the
        // user names one (`--commodity '=EUR'`).
        return BudgetBuilder.builtinSymbols[symbol]
    }

    /// A wallet a peer account becomes.
    struct WalletInfo {
        var name: String
        var kind: WalletKind
        var currency: String
        var opening: (Money, CivilDate)?
        /// The equity account the opening came from.
        var openingAccount: String?
        /// The description of the transaction the opening came from.
        var openingEntry: String?
        /// The opening's cost (``AccountNames/openingCostKey``) and the secondary date,
        /// status and code of its transaction (``AccountNames/openingDetailKeys``), as
        /// metadata lines for the wallet.
        var openingDetails: [(key: String, value: String)] = []
        var firstUse: CivilDate?
    }

    /// A dated line of the budget, sorted by date and then by where it was read.
    struct Line {
        var date: CivilDate
        var order: Int
        var text: String
    }

    /// The budget, stage by stage.
    mutating func build() -> ConversionResult {
        // 1. Amounts: the one posting without an amount takes the rest; beancount's padding.
        var transactions = completedTransactions()
        separateCommodities(&transactions)  // 1b. One wallet per commodity of an account.
        var periodics = classifyPeriodics()
        // 2. Accounts: wallets with one currency each, categories.
        let survey = surveyAccounts(transactions, periodics)
        var accounts = planAccounts(survey, periodics)
        // 3. Entries, in date order; the assertions on their postings kept for later.
        var lines: [Line] = []
        let assertions = writeEntries(&transactions, &accounts, into: &lines)
        let moves = !lines.isEmpty || accounts.wallets.values.contains { $0.opening != nil }
        // 4. Assertions, balances, currencies and rates, now that every wallet's first use is known.
        addAssertions(assertions, accounts.wallets, to: &lines)
        addBalances(accounts.wallets, to: &lines)
        let currencies = addRates(accounts.wallets, to: &lines)
        // 5. Budget goals and recurring transactions, now that wallets and currencies are known.
        let declarations = periodicDeclarations(
            &periodics, wallets: accounts.wallets, categoryNames: accounts.categoryNames,
            mainCurrency: currencies.first ?? "")
        // 5b. The envelopes an app fills by hand, and their fills (none for journals).
        let envelopes = appEnvelopes(accounts.categoryNames, mainCurrency: currencies.first ?? "", into: &lines)
        // 6. The text, laid out.
        let text = budgetText(accounts, currencies: currencies, declarations: declarations + envelopes, lines: &lines)
        return laidOut(text, accounts, lack: accounts.wallets.isEmpty ? "no wallet" : moves ? nil : "no transaction or opening")
    }
}
