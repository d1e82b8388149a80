import Foundation
import TallyCore
import TallyFormat
import TallySyntax

/// Builds the Tally text from what the readers found.
struct BudgetBuilder {
    var content: PeerJournalContent
    let closings: [String: CivilDate]
    let options: ConversionOptions
    let sources: [String]
    /// The name the budget's syntax tree is parsed under.
    let budgetPath: String
    var leftOut: [LeftOut] = []
    /// Each account's role, worked out once.
    private var roles: [String: Role] = [:]
    private var nameCache: [String: String] = [:]
    private var categoryNameCache: [String: String] = [:]

    init(content: PeerJournalContent, closings: [String: CivilDate], options: ConversionOptions, sources: [String], budgetPath: String) {
        self.budgetPath = budgetPath
        self.content = content
        self.closings = closings
        self.options = options
        self.sources = sources
        leftOut = content.leftOut
    }

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

    static let builtinSymbols = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"]

    /// The currency code for a commodity symbol, or nil when it is not one.
    func code(_ symbol: String) -> String? {
        if !options.commodities.isEmpty, let mapped = options.commodities[symbol] { return mapped }
        // Two to ten capital letters or digits, a letter first (ASCII, so bytes are scalars):
        // a code already. No built-in symbol looks like one, so this test can come first.
        let bytes = symbol.utf8
        if (2 ... 10).contains(bytes.count), let first = bytes.first, (65 ... 90).contains(first),
           bytes.allSatisfy({ (65 ... 90).contains($0) || ASCII.isDigit($0) }) { return symbol }
        if let mapped = BudgetBuilder.builtinSymbols[symbol] { return mapped }
        return symbol.isEmpty ? "" : nil
    }

    struct WalletInfo {
        var name: String
        var kind: WalletKind
        var currency: String
        var opening: (Money, CivilDate)?
        var firstUse: CivilDate?
    }

    /// A dated line of the budget, sorted by date and then by where it was read.
    struct Line {
        var date: CivilDate
        var order: Int
        var text: String
    }

    func role(_ account: String) -> Role { roles[account] ?? BudgetBuilder.role(account) }

    mutating func build() -> ConversionResult {
        // Taken out of `content`, so that the changes below do not copy them.
        var transactions = content.transactions
        content.transactions = []
        // 1. Amounts left out: the one posting without an amount takes the rest.
        for t in transactions.indices { inferMissing(&transactions[t]) }
        if !content.pads.isEmpty { insertPadding(&transactions) }
        var periodics = classifyPeriodics()

        // 2. Accounts: wallets with one currency each, categories. Accounts and commodity
        // symbols are numbered in the order they first appear, so that the counts below
        // index arrays: hashing a name for each of them took much of a large conversion.
        var accountNumbers: [String: Int] = [:], accountsInOrder: [String] = []
        var symbolNumbers: [String: Int] = [:], symbols: [String] = []
        var uses: [[Int]] = []  // per account, per symbol: postings
        var symbolDecimals: [Int] = []  // per symbol, the most decimals written; -1 for none
        func symbol(_ commodity: String) -> Int {
            if let n = symbolNumbers[commodity] { return n }
            symbolNumbers[commodity] = symbols.count
            symbols.append(commodity)
            symbolDecimals.append(-1)
            return symbols.count - 1
        }
        func noteDecimals(_ amount: PeerAmount) -> Int {
            let n = symbol(amount.commodity)
            symbolDecimals[n] = max(symbolDecimals[n], amount.number.significantScale)
            return n
        }
        for t in transactions.indices {
            for p in transactions[t].postings.indices {
                let account = transactions[t].postings[p].account
                let number: Int
                if let known = accountNumbers[account] {
                    number = known
                } else {
                    number = accountsInOrder.count
                    accountNumbers[account] = number
                    accountsInOrder.append(account)
                    uses.append([])
                    roles[account] = BudgetBuilder.role(account)
                }
                guard !transactions[t].postings[p].isVirtual else { continue }
                if let a = transactions[t].postings[p].amount {
                    let n = noteDecimals(a)
                    if uses[number].count <= n { uses[number] += Array(repeating: 0, count: n + 1 - uses[number].count) }
                    uses[number][n] += 1
                }
                if let a = transactions[t].postings[p].assertion { _ = noteDecimals(a) }
            }
        }
        for b in content.balances { _ = noteDecimals(b.amount) }
        for p in periodics { for posting in p.postings { if let a = posting.amount { _ = noteDecimals(a) } } }
        var decimals: [String: Int] = [:]
        for (n, places) in symbolDecimals.enumerated() where places >= 0 {
            guard let c = code(symbols[n]) else { continue }
            decimals[c] = max(decimals[c] ?? 0, places)
        }
        var commodityUses: [String: [String: Int]] = [:]
        for (number, counts) in uses.enumerated() {
            for (n, count) in counts.enumerated() where count > 0 { commodityUses[accountsInOrder[number], default: [:]][symbols[n]] = count }
        }
        var walletAccounts: [String] = []
        var categoryAccounts: [String] = []
        var seen = Set<String>()
        func consider(_ account: String) {
            guard seen.insert(account).inserted else { return }
            switch role(account) {
            case .wallet: walletAccounts.append(account)
            case .income, .expense: categoryAccounts.append(account)
            default: break
            }
        }
        for account in content.declaredAccounts { consider(account) }
        for account in accountsInOrder { consider(account) }  // as the postings name them
        for p in periodics {
            for posting in p.postings where !BudgetBuilder.isExpenseRoot(posting.account) { consider(posting.account) }
        }
        for b in content.balances { consider(b.account) }
        var wallets: [String: WalletInfo] = [:]
        var usedNames = Set<String>()
        for account in walletAccounts {
            let uses = commodityUses[account] ?? [:]
            let main = uses.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
                ?? content.balances.first { $0.account == account }?.amount.commodity ?? ""
            let parts = account.split(separator: ":").dropFirst().map(String.init)
            var name = parts.last ?? account
            if usedNames.contains(name) { name = parts.joined(separator: "-") }
            while usedNames.contains(name) { name += "-2" }
            usedNames.insert(name)
            wallets[account] = WalletInfo(name: name, kind: options.walletKinds[account] ?? BudgetBuilder.guessKind(account),
                                          currency: code(main) ?? "", opening: nil, firstUse: nil)
        }
        var categoryNames: [String: String] = [:]
        var incomeNames: [String] = [], expenseNames: [String] = []
        for account in categoryAccounts {
            var name = account.split(separator: ":").dropFirst().joined(separator: ":")
            if name.isEmpty { name = account }
            if categoryNames.values.contains(name) { name = account }
            categoryNames[account] = name
            if role(account) == .income { incomeNames.append(name) } else { expenseNames.append(name) }
        }

        // 3. Entries.
        var lines: [Line] = []
        var order = 0
        var assertions: [(date: CivilDate, account: String, amount: PeerAmount, source: SourceLine, order: Int)] = []
        // Postings per wallet and day in reading order, to tell whether an assertion holds at the end of its day.
        struct AccountDay: Hashable { let account: String; let date: CivilDate }
        var lastPosting: [AccountDay: Int] = [:]  // order of the last posting
        // Only the days with an assertion need it (a journal has far fewer of those).
        var assertedDays = Set<AccountDay>()
        for t in transactions.indices {
            for p in transactions[t].postings.indices where !transactions[t].postings[p].isVirtual && transactions[t].postings[p].assertion != nil {
                let account = transactions[t].postings[p].account
                if role(account) == .wallet { assertedDays.insert(AccountDay(account: account, date: transactions[t].date)) }
            }
        }
        // Date order, reading order (includes in place) within a day.
        if !transactions.indices.dropFirst().allSatisfy({ transactions[$0 - 1].date <= transactions[$0].date }) {
            let sorted = transactions.indices.sorted { (transactions[$0].date, $0) < (transactions[$1].date, $1) }
            transactions = sorted.map { transactions[$0] }
        }
        for t in transactions {
            order += 1
            var postings = t.postings
            if postings.contains(where: \.isVirtual) {
                postings = []
                for p in t.postings {
                    if p.isVirtual {
                        leftOut.append(LeftOut(source: p.source, reason: "a virtual posting (`\(p.account)`)"))
                    } else {
                        postings.append(p)
                    }
                }
            }
            for p in postings where p.assertion != nil && role(p.account) == .wallet {
                assertions.append((t.date, p.account, p.assertion!, p.source, order))
            }
            postings = BudgetBuilder.merged(postings)
            guard let text = entry(t, postings, &wallets, categoryNames) else { continue }
            if !assertedDays.isEmpty {
                for p in postings where role(p.account) == .wallet {
                    let day = AccountDay(account: p.account, date: t.date)
                    if assertedDays.contains(day) { lastPosting[day] = order }
                }
            }
            if !text.isEmpty { lines.append(Line(date: t.date, order: order, text: text)) }
        }
        transactions = []  // their memory is reused by what follows
        for a in assertions {
            guard let wallet = wallets[a.account], let c = code(a.amount.commodity), c == wallet.currency else {
                leftOut.append(LeftOut(source: a.source, reason: "a balance assertion in a commodity the wallet does not hold"))
                continue
            }
            if let last = lastPosting[AccountDay(account: a.account, date: a.date)], last > a.order {
                leftOut.append(LeftOut(source: a.source, reason: "a balance assertion in the middle of a day (Tally asserts the balance at the end of the day)"))
                continue
            }
            lines.append(Line(date: a.date, order: a.order, text: "\(a.date.iso) assert \(tallyName(wallet.name))  \(amountText(a.amount.number, c, wallet.currency))"))
        }
        for b in content.balances {
            // Beancount checks the start of the day: Tally's end of the day before.
            guard let wallet = wallets[b.account], let c = code(b.amount.commodity), c == wallet.currency,
                  let day = b.date.adding(days: -1) else {
                leftOut.append(LeftOut(source: b.source, reason: "a balance of an account that is not a wallet, or in another commodity"))
                continue
            }
            let start = wallet.opening?.1 ?? wallet.firstUse
            if start == nil || day < start! {
                if b.amount.number.isZero { continue }  // an empty account before its first entry: nothing to check
                leftOut.append(LeftOut(source: b.source, reason: "a balance before the account's first entry"))
                continue
            }
            order += 1
            lines.append(Line(date: day, order: Int.max / 2 + order, text: "\(day.iso) assert \(tallyName(wallet.name))  \(amountText(b.amount.number, c, wallet.currency))"))
        }
        var currencies: [String] = []
        func use(_ c: String) { if !c.isEmpty && !currencies.contains(c) { currencies.append(c) } }
        let walletCurrencies = wallets.values.map(\.currency)
        let byUse = Dictionary(walletCurrencies.map { ($0, 1) }, uniquingKeysWith: +)
        if let main = byUse.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key { use(main) }
        for c in walletCurrencies.sorted() { use(c) }
        for p in content.prices {
            guard let base = code(p.base), let quote = code(p.quote.commodity), !base.isEmpty, !quote.isEmpty, p.quote.number > .zero else {
                leftOut.append(LeftOut(source: p.source, reason: "a price between commodities that are not currencies"))
                continue
            }
            use(base); use(quote)
            order += 1
            lines.append(Line(date: p.date, order: order, text: "\(p.date.iso) rate \(base) \(p.quote.number) \(quote)"))
        }

        // Budget goals and recurring transactions, now that wallets and currencies are known.
        let declarations = periodicDeclarations(&periodics, wallets: wallets, categoryNames: categoryNames, mainCurrency: currencies.first ?? "")

        // 4. The text.
        var out = ""
        out.reserveCapacity(lines.reduce(4096) { $0 + $1.text.utf8.count + 1 })
        out += "; Converted by `tally convert` from " + sources.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ") + ".\n"
        if !leftOut.isEmpty { out += "; \(leftOut.count) line\(leftOut.count == 1 ? "" : "s") could not be converted: run `tally convert` again to list them.\n" }
        out += "\n"
        for c in currencies {
            let known = BudgetModel.defaultDecimals(of: c)
            let places = max(decimals[c] ?? known, known)
            out += "currency \(c)" + (places != 2 ? " decimals \(places)" : "") + "\n"
        }
        out += "\n"
        for account in walletAccounts {
            guard let w = wallets[account] else { continue }
            var line = "wallet \(tallyName(w.name))  \(w.kind.rawValue)"
            if !w.currency.isEmpty && w.currency != currencies.first { line += "  currency \(w.currency)" }
            if let (amount, date) = w.opening { line += "  opening \(amountText(amount, w.currency, w.currency)) on \(date)" }
            if let closed = closings[account] { line += "  closed \(closed)" }
            out += line + "  ; \(account)\n"
        }
        out += "\n"
        for name in incomeNames { out += "income  \(tallyName(name))\n" }
        for name in expenseNames { out += "expense \(tallyName(name))\n" }
        out += "\n"
        if !declarations.isEmpty {
            for line in declarations { out += line + "\n" }
            out += "\n"
        }
        lines.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        for line in lines {
            out += line.text
            out += "\n"
        }
        lines = []  // the parses below reuse their memory

        // Control characters from the journal (in account names, comments) would make
        // the file unreadable (E0104): they become spaces.
        if out.withUTF8({ $0.contains(where: { ($0 < 0x20 && $0 != 10 && $0 != 9) || $0 == 0x7F }) }) {
            out = String(decoding: out.utf8.map { ($0 < 0x20 && $0 != 10 && $0 != 9) || $0 == 0x7F ? 32 : $0 }, as: UTF8.self)
        }
        // Large budgets are parsed on all cores, as `tally fmt` does.
        // The formatter's guard parses the formatted text; that tree is kept for the caller.
        let tree = ConcurrentParse.parse(SourceText(path: budgetPath, text: out))
        var reread: SyntaxTree?
        let formatted: String
        var formattedTree = tree
        switch Formatter.format(tree, parse: { source in
            let parsed = ConcurrentParse.parse(source)
            reread = parsed
            return parsed
        }) {
        case .formatted(let bytes):
            formatted = String(decoding: bytes, as: UTF8.self)
            formattedTree = reread ?? ConcurrentParse.parse(SourceText(path: budgetPath, text: formatted))
        case .unchanged, .refused: formatted = out
        }
        var mapping: [String: String] = [:]
        for (account, w) in wallets { mapping[account] = w.name }
        for (account, c) in categoryNames { mapping[account] = c }
        return ConversionResult(budget: formatted, tree: formattedTree, leftOut: leftOut.sorted { $0.source < $1.source }, accounts: mapping)
    }

    /// Beancount's `pad`: the transaction beancount inserts on the pad's day, from the pad's
    /// source account, of what brings the account to its next `balance` (the balance at
    /// the start of that day, in the balance's commodity). It goes where the pad was read,
    /// and is converted as any transaction: against `Equity:…open…` it is the wallet's
    /// opening, against a category a transaction.
    private mutating func insertPadding(_ transactions: inout [PeerTransaction]) {
        var padding: [(position: Int, transaction: PeerTransaction)] = []
        for pad in content.pads.sorted(by: { ($0.date, $0.position) < ($1.date, $1.position) }) {
            let later = content.balances.filter { $0.account == pad.account && $0.date > pad.date }
            guard let balance = later.min(by: { ($0.date, $0.source) < ($1.date, $1.source) }) else {
                leftOut.append(LeftOut(source: pad.line, reason: "a `pad` without a later `balance` of its account"))
                continue
            }
            let commodity = balance.amount.commodity
            var sum = Money.zero
            for t in transactions + padding.map(\.transaction) where t.date < balance.date {
                for p in t.postings where p.account == pad.account && !p.isVirtual && p.amount?.commodity == commodity {
                    sum = sum.adding(p.amount!.number) ?? sum
                }
            }
            guard let difference = balance.amount.number.adding(sum.negated), !difference.isZero else { continue }
            var t = PeerTransaction(date: pad.date, source: pad.line)
            t.note = "(Padding inserted for Balance of \(balance.amount.number) \(commodity) for difference \(difference) \(commodity))"
            t.postings = [PeerPosting(account: pad.account, amount: PeerAmount(number: difference, commodity: commodity), source: pad.line),
                          PeerPosting(account: pad.source, amount: PeerAmount(number: difference.negated, commodity: commodity), source: pad.line)]
            padding.append((pad.position, t))
        }
        let inOrder = padding.indices.sorted { (padding[$0].position, $0) < (padding[$1].position, $1) }
        for (offset, i) in inOrder.enumerated() {
            transactions.insert(padding[i].transaction, at: min(padding[i].position + offset, transactions.count))
        }
    }

    /// The one posting without an amount takes what balances the others, when they share
    /// one commodity (or their prices say what they are worth in one).
    mutating func inferMissing(_ t: inout PeerTransaction) {
        var missing = -1, missingCount = 0  // counted without an array: most transactions have none
        for i in t.postings.indices where t.postings[i].amount == nil && !t.postings[i].isVirtual {
            missingCount += 1
            if missing < 0 { missing = i }
        }
        guard missingCount == 1 else {
            if missingCount > 1 { leftOut.append(LeftOut(source: t.source, reason: "a transaction with more than one posting without an amount")) }
            return
        }
        var sums: [String: Money] = [:]
        for p in t.postings where !p.isVirtual {
            guard let a = p.amount else { continue }
            if let price = p.price {
                let worth = p.totalPrice ? (a.number.isNegative ? price.number.negated : price.number)
                    : a.number.multiplied(by: price.number, roundedTo: max(a.number.scale, price.number.scale)) ?? .zero
                sums[price.commodity] = (sums[price.commodity] ?? .zero).adding(worth)
            } else {
                sums[a.commodity] = (sums[a.commodity] ?? .zero).adding(a.number)
            }
        }
        // With several commodities to balance, the posting stands for one posting per
        // commodity, as in hledger and ledger.
        let nonZero = sums.filter { !$0.value.isZero }.sorted { $0.key < $1.key }
        guard !nonZero.isEmpty else {
            t.postings[missing].amount = PeerAmount(number: .zero, commodity: sums.keys.sorted().first ?? "")
            return
        }
        let template = t.postings[missing]
        t.postings.remove(at: missing)
        for (offset, (commodity, sum)) in nonZero.enumerated() {
            var posting = template
            posting.amount = PeerAmount(number: sum.negated, commodity: commodity)
            t.postings.insert(posting, at: missing + offset)
        }
    }

    /// The Tally text of one transaction, "" when it only opens wallets, nil when it is
    /// left out (and listed).
    mutating func entry(_ t: PeerTransaction, _ postings: [PeerPosting], _ wallets: inout [String: WalletInfo],
                                _ categoryNames: [String: String]) -> String? {
        func fail(_ reason: String) -> String? {
            leftOut.append(LeftOut(source: t.source, reason: reason))
            return nil
        }
        var walletPostings: [PeerPosting] = [], categoryPostings: [PeerPosting] = [], equityPostings: [PeerPosting] = []
        var unknown: PeerPosting?
        for p in postings {
            switch role(p.account) {
            case .wallet: walletPostings.append(p)
            case .income, .expense: categoryPostings.append(p)
            case .equity: equityPostings.append(p)
            case .unknown: if unknown == nil { unknown = p }
            }
        }
        if let unknown {
            return fail("a posting to `\(unknown.account)`, outside Assets, Liabilities, Income, Expenses and Equity")
        }
        if postings.contains(where: \.hasCost) { return fail("a posting with a cost (lots)") }
        if postings.contains(where: { $0.amount == nil }) { return fail("a posting whose amount cannot be worked out") }
        for p in walletPostings {
            guard let a = p.amount, let w = wallets[p.account], code(a.commodity) == w.currency else {
                return fail("a posting in a commodity the wallet does not hold (an account holding several commodities)")
            }
        }
        // Opening balances.
        if !equityPostings.isEmpty {
            guard categoryPostings.isEmpty, equityPostings.allSatisfy({ $0.account.lowercased().contains("open") }),
                  walletPostings.allSatisfy({ wallets[$0.account]?.opening == nil && wallets[$0.account]?.firstUse == nil }) else {
                return fail("equity postings other than an opening balance")
            }
            for p in walletPostings {
                wallets[p.account]!.opening = (p.amount!.number, t.date)
                wallets[p.account]!.firstUse = t.date
            }
            return ""
        }
        for p in walletPostings where wallets[p.account]!.firstUse == nil { wallets[p.account]!.firstUse = t.date }
        var header = t.date.iso  // as `description` writes it, without its cost
        if let payee = t.payee { header += " " + BudgetBuilder.text(payee) }
        if let note = t.note {
            if t.payee == nil { header += " \"\"" }
            header += " " + BudgetBuilder.text(note)
        }
        var clauses: [String] = t.tags.map { "#" + BudgetBuilder.tag($0) }
        var metadata = t.metadata
        if let i = metadata.firstIndex(where: { $0.0 == "person" }) {
            clauses.append("by " + tallyName(metadata[i].1))
            metadata.remove(at: i)
        }
        let meta = metadata.map { "    \(BudgetBuilder.key($0.0)): \(BudgetBuilder.text($0.1))" }

        if walletPostings.count == 1, !categoryPostings.isEmpty {
            let wp = walletPostings[0]
            let w = wallets[wp.account]!
            for p in categoryPostings where code(p.amount!.commodity) != w.currency || p.price != nil {
                return fail("an income or expense in another commodity than the wallet's")
            }
            let name = tallyName(w.name)
            if categoryPostings.count == 1 {
                let p = categoryPostings[0]
                var line = "\(header) \(name) \(categoryName(p.account, categoryNames)) \(signed(wp.amount!.number))"
                let extraTags = p.tags.map { "#" + BudgetBuilder.tag($0) }
                for (key, _) in p.metadata + wp.metadata {
                    leftOut.append(LeftOut(source: p.source, reason: "metadata `\(key)` on a posting (Tally keeps metadata per entry)"))
                }
                if !(clauses + extraTags).isEmpty { line += " " + (clauses + extraTags).joined(separator: " ") }
                return meta.isEmpty ? line : ([line] + meta).joined(separator: "\n")
            }
            var line = "\(header) \(name) \(signed(wp.amount!.number))"
            if !clauses.isEmpty { line += " " + clauses.joined(separator: " ") }
            var parts = [line]
            for p in categoryPostings {
                var part = "    \(categoryName(p.account, categoryNames)) \(signed(p.amount!.number.negated))"
                for tag in p.tags { part += " #" + BudgetBuilder.tag(tag) }
                // A split line has a note and tags but no metadata of its own.
                var note = p.note
                for (key, value) in p.metadata {
                    if key == "note" && note == nil { note = value; continue }
                    if key == "tags" { for tag in value.split(separator: " ") { part += " #" + BudgetBuilder.tag(String(tag)) }; continue }
                    leftOut.append(LeftOut(source: p.source, reason: "metadata `\(key)` on a posting (a split line has none)"))
                }
                if let note { part += " " + BudgetBuilder.text(note) }
                parts.append(part)
            }
            return (parts + meta).joined(separator: "\n")
        }
        if walletPostings.count == 2, categoryPostings.isEmpty {
            let sorted = walletPostings.sorted { $0.amount!.number < $1.amount!.number }
            let from = sorted[0], to = sorted[1]
            guard from.amount!.number.isNegative, !to.amount!.number.isNegative else { return fail("a transfer Tally cannot read") }
            let source = wallets[from.account]!, target = wallets[to.account]!
            var line = "\(header) transfer \(tallyName(source.name)) -> \(tallyName(target.name)) "
            if source.currency == target.currency {
                guard from.amount!.number.negated == to.amount!.number else { return fail("a transfer whose two sides differ") }
                line += "\(to.amount!.number)"
            } else {
                line += "\(from.amount!.number.negated) \(source.currency) = \(to.amount!.number) \(target.currency)"
            }
            if !clauses.isEmpty { line += " " + clauses.joined(separator: " ") }
            return meta.isEmpty ? line : ([line] + meta).joined(separator: "\n")
        }
        if walletPostings.count == 2, let from = walletPostings.first(where: { $0.amount!.number.isNegative }),
           let to = walletPostings.first(where: { !$0.amount!.number.isNegative }) {
            // A transfer with a fee (or interest) on the sending side: a transfer of what
            // arrives, and a transaction of the rest on the sending wallet.
            let source = wallets[from.account]!, target = wallets[to.account]!
            var rest = Money.zero
            for p in categoryPostings {
                guard code(p.amount!.commodity) == source.currency, p.price == nil, let sum = rest.adding(p.amount!.number) else {
                    return fail("a transfer with a fee in another commodity than the sending wallet's")
                }
                rest = sum
            }
            guard let sent = from.amount!.number.adding(rest)?.negated, sent > .zero else { return fail("a transfer Tally cannot read") }
            var line = "\(header) transfer \(tallyName(source.name)) -> \(tallyName(target.name)) "
            if source.currency == target.currency {
                guard sent == to.amount!.number else { return fail("a transfer whose two sides differ") }
                line += "\(sent)"
            } else {
                line += "\(sent) \(source.currency) = \(to.amount!.number) \(target.currency)"
            }
            if !clauses.isEmpty { line += " " + clauses.joined(separator: " ") }
            var parts = [line] + meta
            let single = categoryPostings.count == 1 ? " " + categoryName(categoryPostings[0].account, categoryNames) : ""
            var fee = "\(header) \(tallyName(source.name))\(single) \(signed(rest.negated))"
            if !t.tags.isEmpty { fee += " " + t.tags.map { "#" + BudgetBuilder.tag($0) }.joined(separator: " ") }
            parts.append(fee)
            for p in categoryPostings where single.isEmpty {
                var part = "    \(categoryName(p.account, categoryNames)) \(signed(p.amount!.number.negated))"
                if let note = p.note { part += " " + BudgetBuilder.text(note) }
                parts.append(part)
            }
            return parts.joined(separator: "\n")
        }
        if walletPostings.count == 1, categoryPostings.isEmpty, walletPostings[0].amount!.number.isZero { return "" }
        if walletPostings.isEmpty { return fail("a transaction that touches no asset or liability account") }
        return fail("a transaction that moves several wallets and categories at once")
    }

    /// Postings to the same account in the same commodity, without a price, as one: a
    /// posting of zero that only asserts a balance disappears into the account's other.
    static func merged(_ postings: [PeerPosting]) -> [PeerPosting] {
        // Most transactions have nothing to merge and nothing to drop.
        var mergeable = false
        search: for j in postings.indices where postings[j].price == nil {
            guard let commodity = postings[j].amount?.commodity else { continue }
            for i in 0 ..< j where postings[i].price == nil && postings[i].amount?.commodity == commodity && postings[i].account == postings[j].account {
                mergeable = true
                break search
            }
        }
        if !mergeable && !postings.contains(where: { $0.assertion != nil && $0.amount?.number.isZero == true }) { return postings }
        var result: [PeerPosting] = []
        for p in postings {
            if p.price == nil, let a = p.amount,
               let i = result.firstIndex(where: { $0.account == p.account && $0.price == nil && $0.amount?.commodity == a.commodity }),
               let sum = result[i].amount?.number.adding(a.number) {
                result[i].amount!.number = sum
                result[i].tags += p.tags
                result[i].metadata += p.metadata
                if result[i].note == nil { result[i].note = p.note }
            } else {
                result.append(p)
            }
        }
        return result.filter { !($0.amount?.number.isZero ?? false) || $0.assertion == nil || result.count == 1 }
    }

    private func signed(_ m: Money) -> String { m.isNegative ? m.description : "+" + m.description }

    func amountText(_ m: Money, _ code: String, _ walletCurrency: String) -> String {
        code == walletCurrency || code.isEmpty ? m.description : "\(m) \(code)"
    }

    static func guessKind(_ account: String) -> WalletKind {
        let lower = account.lowercased()
        let liability = lower.hasPrefix("liabilit")
        if lower.contains("loan") || lower.contains("mortgage") { return .loan }
        if liability || lower.contains("credit") || lower.contains("card") || lower.contains("visa") || lower.contains("amex") || lower.contains("mastercard") { return .credit }
        if lower.contains("cash") || lower.contains("wallet") { return .cash }
        if lower.contains("saving") { return .savings }
        if lower.contains("invest") || lower.contains("broker") || lower.contains("stock") || lower.contains("retire") { return .investment }
        return .bank
    }

    static let keywords: Set<String> = ["transfer", "fill", "move", "assert", "rate", "skip", "goal", "rule", "by", "opening", "on",
                                        "currency", "limit", "closed", "hidden", "owner", "bank", "cash", "credit", "savings",
                                        "investment", "loan", "other", "income", "expense", "for", "in", "rollover", "alert"]

    /// Control characters, which a Tally file may not hold (E0104), as spaces.
    static func printable(_ s: String) -> String {
        // Control characters are ASCII: their bytes are never part of another character.
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return s }
        return String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// A Tally name, quoted when it has to be.
    static func name(_ raw: String) -> String {
        let s = printable(raw)
        // Beyond the parser's rules, any character Unicode calls white space is quoted.
        let plain = !NameSyntax.needsQuotes(s) && !keywords.contains(s) && !s.contains(where: { $0.isWhitespace }) && !(s.first!.isNumber)
        return plain ? s : NameSyntax.quoted(s)
    }

    /// The Tally name (``tallyName(_:)``) of the category `account` became.
    mutating func categoryName(_ account: String, _ categoryNames: [String: String]) -> String {
        if let known = categoryNameCache[account] { return known }
        let result = tallyName(categoryNames[account]!)
        categoryNameCache[account] = result
        return result
    }

    /// ``name(_:)``, worked out once per name: names repeat on every entry.
    mutating func tallyName(_ s: String) -> String {
        if let known = nameCache[s] { return known }
        let result = BudgetBuilder.name(s)
        nameCache[s] = result
        return result
    }

    /// A Tally text in double quotes.
    static func text(_ raw: String) -> String {
        let s = printable(raw)
        if !s.utf8.contains(where: { $0 == 34 || $0 == 92 }) { return "\"" + s + "\"" }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func tag(_ s: String) -> String {
        // Most tags are printable ASCII with nothing to replace.
        if !s.isEmpty, s.utf8.allSatisfy({ $0 > 32 && $0 < 0x7F && $0 != 44 && $0 != 59 && $0 != 34 && $0 != 35 }) { return s }
        let cleaned = String(printable(s).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" || $0 == "#" ? "-" : $0 })
        return cleaned.isEmpty ? "-" : cleaned
    }

    static func key(_ s: String) -> String {
        if let first = s.utf8.first, first != 35,
           s.utf8.allSatisfy({ $0 > 32 && $0 < 0x7F && $0 != 44 && $0 != 59 && $0 != 34 && $0 != 58 && $0 != 39 }) { return s }
        let cleaned = String(printable(s).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" || $0 == ":" || $0 == "'" ? "-" : $0 })
        return cleaned.isEmpty || cleaned.first == "#" ? "x" + cleaned : cleaned
    }
}

