import TallyCore
import TallyFormat
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Stage 6: the budget's text, laid out by the formatter.
extension BudgetBuilder {
    /// The text's bytes: a header, currencies, wallets, categories, envelopes and rules,
    /// then the dated lines in order (`lines` is emptied: the parses that follow reuse its
    /// memory).
    mutating func budgetText(_ accounts: AccountPlan, currencies: [String], declarations: [String], lines: inout [Line]) -> [UInt8] {
        var out = ""
        out += "; Converted by `tally convert` from " + sources.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ") + ".\n"
        leftOut.sort { $0.source < $1.source }
        let kept = KeptAsComments(leftOut, text: sourceText, place: place, format: sourceFormat)
        if !leftOut.isEmpty {
            out += "; \(leftOut.count) line\(leftOut.count == 1 ? "" : "s") could not be converted: each is kept below as a comment"
            out += " that starts with `\(KeptAsComments.marker)`, with the reason.\n"
            if let format = kept.formats.first {
                // What the export does with them, in the words of a block that names its format.
                let peers = kept.formats.flatMap { $0 == "journal" ? ["hledger", "ledger"] : [$0] }.map { "--to \($0)" }
                out += "; Those that name their journal's format after the place (`, \(format)`) were not converted at all:"
                out += " `tally export \(peers.joined(separator: "` or `"))` writes them back as they were.\n"
            }
        }
        out += "\n"
        // Units that only investment wallets hold (shares: `50 AAPL`) keep the journal's
        // decimals, fewer than two too; money keeps at least its own.
        var units = Set<String>(), money = Set<String>()
        for w in accounts.wallets.values { if w.kind == .investment { units.insert(w.currency) } else { money.insert(w.currency) } }
        for c in currencies {
            let known = BudgetModel.defaultDecimals(of: c)
            let places = units.contains(c) && !money.contains(c) && c != currencies.first ? accounts.decimals[c] ?? known : max(accounts.decimals[c] ?? known, known)
            out += "currency \(c)" + (places != 2 ? " decimals \(places)" : "") + "\n"
            if keepsAccountNames, let format = commodityFormat(c, decimals: places) {
                out += "    " + SourceWriter.metadata(key: AccountNames.commodityKey, value: SourceWriter.printable(format)) + "\n"
            }
        }
        out += "\n"
        let places = declarationOrder(accounts)
        var openedBy = Set<String>()
        for account in accounts.walletAccounts {
            guard let w = accounts.wallets[account] else { continue }
            var line = "wallet \(tallyName(w.name))  \(w.kind.rawValue)"
            if !w.currency.isEmpty && w.currency != currencies.first { line += "  currency \(w.currency)" }
            if let (amount, date) = w.opening { line += "  opening \(BudgetBuilder.amountText(amount, w.currency, w.currency)) on \(date)" }
            if let closed = closings[peerAccount(account)] { line += "  closed \(closed)" }
            out += line + "\n" + original(peerAccount(account)) + original(w.openingAccount, key: AccountNames.openingKey)
            if w.opening != nil, keepsShapes { out += original(w.openingEntry, key: AccountNames.openingEntryKey) }
            if let (_, date) = w.opening {
                // The transaction's date2, status and code once, on its first wallet; each
                // wallet's own cost and note.
                let first = openedBy.insert("\(date) \(w.openingEntry ?? "")").inserted
                for (key, value) in w.openingDetails where first || key == AccountNames.openingCostKey || key == AccountNames.openingNoteKey {
                    out += original(value, key: key)
                }
            }
            out += places[peerAccount(account)] ?? ""
        }
        out += "\n"
        // Each category with the account it was (the names are unique, so by name).
        var accountOf: [String: String] = [:]
        for (account, name) in accounts.categoryNames { accountOf[name] = account }
        for name in accounts.incomeNames { out += "income  \(tallyName(name))\n" + original(accountOf[name]) + (accountOf[name].flatMap { places[$0] } ?? "") }
        for name in accounts.expenseNames { out += "expense \(tallyName(name))\n" + original(accountOf[name]) + (accountOf[name].flatMap { places[$0] } ?? "") }
        out += "\n"
        if !declarations.isEmpty {
            for line in declarations { out += line + "\n" }
            out += "\n"
        }
        for block in kept.undated { out += block + "\n\n" }
        lines += kept.dated
        lines.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        // The dated lines, most of the budget, are copied as bytes into one buffer, which
        // the parser reads as it is: appending each to a string cost more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(out.utf8.count) { $0 + $1.text.utf8.count + 1 })
        bytes += out.utf8
        for line in lines {
            bytes += line.text.utf8
            bytes.append(ASCII.lineFeed)
        }
        lines = []
        return bytes
    }

    /// How the journal wrote currency `code` (`$1,000.00`), when not `1000.00 CODE`: the
    /// first of its symbols with a style; else the one symbol `--commodity` names `code`
    /// for (`HOOL.UNVEST=HOOLUNVEST`: `1000.00 "HOOL.UNVEST"`), so that the export writes
    /// the journal's commodity again rather than the budget's name for it.
    private func commodityFormat(_ code: String, decimals: Int) -> String? {
        let styles = content.styles
        for symbol in styles.symbols where self.code(symbol) == code {
            return styles.format(symbol, code: code, decimals: decimals)
        }
        let named = options.commodities.filter { $0.value == code && $0.key != code && !$0.key.isEmpty }
        guard named.count == 1, let symbol = named.first?.key else { return nil }
        return CommodityStyles.plainFormat(symbol, decimals: decimals)
    }

    /// The metadata line that keeps a declaration's peer account (`account:
    /// "assets:bank:giro"`), so that `tally export` writes the user's own name back.
    private func original(_ account: String?, key: String = AccountNames.originalKey) -> String {
        guard keepsAccountNames, let account else { return "" }
        return "    " + SourceWriter.metadata(key: key, value: SourceWriter.printable(account)) + "\n"
    }

    /// The result: the text (its bytes) with control characters made spaces, laid out as
    /// `tally fmt` does, with the syntax tree the formatter's guard parsed, and what the
    /// budget lacks (``ConversionResult/lack``).
    func laidOut(_ text: [UInt8], _ accounts: AccountPlan, lack: String?) -> ConversionResult {
        var out = text
        BudgetBuilder.withoutControlCharacters(&out)
        // Large budgets are parsed on all cores, as `tally fmt` does.
        // The formatter's guard parses the formatted text; that tree is kept for the caller.
        let tree = ConcurrentParse.parse(SourceText(path: budgetPath, bytes: out))
        var reread: SyntaxTree?
        var formattedTree = tree
        if case .formatted(let bytes) = Formatter.format(
            tree,
            parse: { source in
                let parsed = ConcurrentParse.parse(source)
                reread = parsed
                return parsed
            })
        {
            formattedTree = reread ?? ConcurrentParse.parse(SourceText(path: budgetPath, bytes: bytes))
        }
        var mapping: [String: String] = [:]
        for (account, w) in accounts.wallets {
            if let apart = heldApart[account] { mapping["\(apart.account) (\(apart.code))"] = w.name } else { mapping[account] = w.name }
        }
        for (account, c) in accounts.categoryNames { mapping[account] = c }
        return ConversionResult(tree: formattedTree, leftOut: leftOut, accounts: mapping, lack: lack)
    }

    /// Control characters from the journal (in account names, comments) would make the
    /// file unreadable (E0104): they become spaces; line feeds and tabs stay.
    static func withoutControlCharacters(_ bytes: inout [UInt8]) {
        func isControl(_ b: UInt8) -> Bool { (b < ASCII.space && b != ASCII.lineFeed && b != ASCII.tab) || b == ASCII.delete }
        guard holdsControlCharacters(bytes, isControl) else { return }
        for i in bytes.indices where isControl(bytes[i]) { bytes[i] = ASCII.space }
    }

    /// Whether `bytes` hold a byte `isControl` takes: eight bytes are read at a time
    /// and only a word with a byte below a space or a DEL is read byte by byte (the line
    /// feeds, one word in a dozen). Byte by byte, the scan cost 0.7 % of converting a 10k
    /// ledger journal, this way 0.3 % (callgrind, 2026-11-29).
    private static func holdsControlCharacters(_ bytes: [UInt8], _ isControl: (UInt8) -> Bool) -> Bool {
        bytes.withUnsafeBytes { raw in
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let delete = word ^ (ones &* 0x7F)
                // A byte below 0x20, or one equal to 0x7F (a zero byte of `delete`).
                if (word &- ones &* 0x20) & ~word & highs != 0 || (delete &- ones) & ~delete & highs != 0 {
                    for j in i ..< i + 8 where isControl(raw[j]) { return true }
                }
                i += 8
            }
            for j in i ..< raw.count where isControl(raw[j]) { return true }
            return false
        }
    }
}
