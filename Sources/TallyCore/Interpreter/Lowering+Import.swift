import TallySyntax

/// Import profiles and match rules are checked like every other declaration, so that a
/// misspelt wallet, category, encoding or column shows in `tally check` and the editor,
/// not only when a statement is imported; what is valid of them is put on the model
/// (``ImportProfile``, ``MatchRule``) for `tally import` and the editor to read.
extension Lowering {
    /// Checks the import profile `node` and, when its wallet is known and has no other,
    /// puts what is valid of it on `importProfiles`.
    mutating func lowerImportProfile(_ node: SyntaxNode, _ file: String) {
        guard let profile = ImportDirectiveSyntax(node) else { return }
        var profileWallet: Int?
        var resolved: ImportProfile?
        if let name = profile.wallet, let wallet = resolve(name, in: walletIndex, kind: "wallet", file: file) {
            profileWallet = wallet
            if let first = importProfiles.first(where: { $0.wallet == wallet })?.location {
                report(
                    .invalidImportSetting, "a second import profile for `\(wallets[wallet].name)`", file, name.range,
                    help: "a wallet has one import profile; the first is at \(first.file)", notes: [DiagnosticNote(file: first.file, range: first.range, message: "the first profile")])
            } else {
                resolved = ImportProfile(wallet: wallet, location: SourceLocation(file: file, range: name.range))
            }
        }
        defer { if let resolved { importProfiles.append(resolved) } }
        Lowering.readSettings(profile, into: &resolved)
        checkSettings(profile, file)
        checkAccount(profile, wallet: profileWallet, file)
        lowerColumns(profile, into: &resolved, file)
        checkColumnPositions(profile, resolved, file: file)
    }

    /// The settings of `profile` that are valid, put on `resolved`.
    static func readSettings(_ profile: ImportDirectiveSyntax, into resolved: inout ImportProfile?) {
        resolved?.encoding = profile.value("encoding").flatMap(StatementEncoding.init(name:))
        resolved?.dateFormat = profile.value("dates").flatMap(DateFormat.init(name:))
        resolved?.decimalMark = profile.value("decimal").flatMap(DecimalMark.init(rawValue:))
        resolved?.separator = profile.value("separator").flatMap(ImportProfile.separator)
        resolved?.skip = profile.value("skip").flatMap { Int($0) }
        resolved?.account = profile.value("account").map(ImportProfile.account).flatMap { $0.isEmpty ? nil : $0 }
        resolved?.token = profile.value("token").flatMap(TokenSource.init)
        resolved?.feed = profile.value("feed").flatMap(FeedKind.init(rawValue:))
        resolved?.app = profile.value("app").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reports the token, encoding, date format, decimal mark and separator of `profile`
    /// that are not valid.
    mutating func checkSettings(_ profile: ImportDirectiveSyntax, _ file: String) {
        // The value is never quoted back: if it is not a place, it may be the token itself.
        if let value = profile.value("token"), let range = profile.valueRange("token"), TokenSource(value) == nil {
            report(
                .tokenInBudget, "`token` must name where the token is kept, not hold it", file, range,
                help: "keep the token outside the budget and name its place: `token \"env:FIO_TOKEN\"` (an environment variable) or `token \"file:~/.config/fio-token\"`; if this is a token, revoke it in the bank's internet banking, since the budget may have been shared")
        }
        func check(_ keyword: String, _ valid: [String], _ what: String, accept: (String) -> Bool) {
            guard let value = profile.value(keyword), let range = profile.valueRange(keyword), !accept(value) else { return }
            invalidSetting("unknown \(what) `\(value)`", value: value, candidates: valid, file: file, range: range)
        }
        check("encoding", StatementEncoding.allCases.map(\.rawValue), "encoding") { StatementEncoding(name: $0) != nil }
        check("dates", DateFormat.allCases.map(\.rawValue), "date format") { DateFormat(name: $0) != nil }
        check("decimal", DecimalMark.allCases.map(\.rawValue), "decimal mark") { DecimalMark(rawValue: $0) != nil }
        check("feed", FeedKind.allCases.map(\.rawValue), "feed") { FeedKind(rawValue: $0) != nil }
        if profile.value("feed") == FeedKind.enablebanking.rawValue, profile.value("app") == nil, let range = profile.valueRange("feed") {
            report(
                .invalidImportSetting, "Enable Banking needs the application's id", file, range,
                help: "add `app \"ID\"`, the id the Enable Banking Control Panel gave the application, and `token \"file:PATH\"`, its private key")
        }
        if let separator = profile.value("separator"), let range = profile.valueRange("separator"),
            ImportProfile.separator(separator) == nil
        {
            report(
                .invalidImportSetting, "the separator must be one character, or \"tab\"", file, range,
                help: "write `separator \";\"`, `separator \",\"` or `separator \"tab\"`")
        }
    }

    /// Checks the `account` of `profile` and records it as `wallet`'s (the profile's
    /// wallet, when known): an account is not empty and belongs to one wallet.
    mutating func checkAccount(_ profile: ImportDirectiveSyntax, wallet profileWallet: Int?, _ file: String) {
        guard let value = profile.value("account"), let range = profile.valueRange("account") else { return }
        let account = ImportProfile.account(value)
        if account.isEmpty {
            report(
                .invalidImportSetting, "the account is empty", file, range,
                help: "write the account the bank's statements name, such as `account \"DE89 3704 0044 0532 0130 00\"`")
        } else if let wallet = profileWallet {
            if let first = importAccounts[account], first.wallet != wallet {
                report(
                    .invalidImportSetting, "the account `\(value)` is already `\(wallets[first.wallet].name)`'s", file, range,
                    help: "each bank account belongs to one wallet", notes: [DiagnosticNote(file: first.location.file, range: first.location.range, message: "named here")])
            } else if importAccounts[account] == nil {
                importAccounts[account] = (wallet, SourceLocation(file: file, range: range))
            }
        }
    }

    /// Checks the column lines of `profile` and puts the valid ones on `resolved`: the
    /// words of the status and sign columns, and each role's column by header or position.
    mutating func lowerColumns(_ profile: ImportDirectiveSyntax, into resolved: inout ImportProfile?, _ file: String) {
        var seen: Set<String> = []
        for column in profile.columns {
            if let word = StatementWord(rawValue: column.role) {
                // A word of the status or sign column; several lines may name several.
                if !column.header.isEmpty { resolved?.words[word, default: []].append(column.header) }
                continue
            }
            guard StatementColumn(rawValue: column.role) != nil else {
                invalidSetting(
                    "unknown column `\(column.role):`", value: column.role,
                    candidates: StatementColumn.allCases.map(\.rawValue) + StatementWord.allCases.map(\.rawValue), file: file, range: column.keyRange,
                    suffix: ":")
                continue
            }
            if !seen.insert(column.role).inserted {
                report(
                    .invalidImportSetting, "the column `\(column.role):` is named twice", file, column.keyRange,
                    help: "each role names one column of the statement")
            }
            guard let role = StatementColumn(rawValue: column.role), !column.header.isEmpty else { continue }
            if column.byPosition {
                guard let n = Int(column.header), (1 ... 1000).contains(n) else {
                    report(
                        .invalidImportSetting, "a column's position is counted from 1; found `\(column.header)`", file, column.valueRange,
                        help: "the first column is `\(column.role): 1`; a header's name is written in quotes, `\(column.role): \"\(column.header)\"`")
                    continue
                }
                resolved?.positions[role] = n
            } else {
                resolved?.columns[role] = column.header
            }
        }
    }

    /// Columns by position (Grammar.md §7.1): one role a column; with the date's the file
    /// has no header, so every column is given by position, an amount's among them.
    private mutating func checkColumnPositions(_ profile: ImportDirectiveSyntax, _ resolved: ImportProfile?, file: String) {
        var taken: [Int: String] = [:]
        let lines = profile.columns.filter { $0.byPosition }
        for column in lines {
            guard let n = Int(column.header), StatementColumn(rawValue: column.role) != nil else { continue }
            if let other = taken[n], other != column.role {
                report(
                    .invalidImportSetting, "column \(n) is already `\(other):`", file, column.valueRange,
                    help: "each column holds one role; count the statement's columns again from 1")
            }
            taken[n] = taken[n] ?? column.role
        }
        guard let date = lines.first(where: { $0.role == "date" }) else { return }
        for column in profile.columns where !column.byPosition && StatementColumn(rawValue: column.role) != nil {
            report(
                .invalidImportSetting, "`\(column.role):` names a header, but `date:` is given by position, so the file is read without one", file,
                column.valueRange, help: "give this column by position too, counted from 1: `\(column.role): 3`")
        }
        let amounts = ["amount", "debit", "credit"]
        if !lines.contains(where: { amounts.contains($0.role) }) {
            report(
                .invalidImportSetting, "the date column is given by position, and no amount column is", file, date.keyRange,
                help: "a file without a header needs its amount's position too: `amount: 3` (or `debit:` and `credit:`)")
        }
    }

    mutating func lowerMatchRule(_ node: SyntaxNode, _ file: String) {
        guard let rule = MatchDirectiveSyntax(node) else { return }
        var currency = defaultCurrency
        var ruleWallet: Int?
        if let name = rule.wallet, let wallet = resolve(name, in: walletIndex, kind: "wallet", file: file) {
            currency = wallets[wallet].currency
            ruleWallet = wallet
        }
        var category: Int?
        if let name = rule.category { category = resolveCategory(name, file: file) }
        if let text = rule.text, text.allSatisfy({ $0 == "*" || $0 == " " }), let range = node.child(.payee)?.range {
            report(
                .invalidImportSetting, "a rule that looks for nothing matches every movement", file, range,
                help: "write a word the bank's text holds, such as \"NETFLIX\"")
        }
        let over = rule.over.flatMap { money($0, currency: currency, file: file) }
        let under = rule.under.flatMap { money($0, currency: currency, file: file) }
        if let over, let under, over >= under, let range = rule.under?.node.range {
            report(
                .invalidImportSetting, "no amount is over \(over) and under \(under): the rule never matches", file, range,
                help: "`over` is the lower bound and `under` the upper one, both without sign: `over 20 under 100`")
        }
        if !rule.splits.isEmpty { checkRuleSplit(rule, currency: currency, under: under, file: file) }
        let transfer = rule.transfer.flatMap { checkTransferRule(rule, $0, from: ruleWallet, currency: currency, file: file) }
        // What `tally import` applies: a rule with a text, a known wallet (when it names
        // one) and a known category, a valid split, or a wallet to transfer with.
        let split = rule.splits.isEmpty ? nil : RuleSplit(rule, categories: categoryIndex)
        guard let text = rule.text, rule.wallet == nil || ruleWallet != nil, rule.splits.isEmpty || split != nil,
            rule.transfer == nil || transfer != nil
        else { return }
        let booked = transfer == nil ? split?.restCategory ?? category : nil
        guard booked != nil || transfer != nil else { return }
        let pieces = MatchRule.pieces(of: text)
        guard !pieces.isEmpty else { return }
        func size(_ a: AmountSyntax?) -> Money? { a.flatMap { Money(utf8: $0.numberBytes) }.map { $0.isNegative ? $0.negated : $0 } }
        matchRules.append(
            MatchRule(
                wallet: ruleWallet, pieces: pieces, category: booked, transfer: transfer, over: size(rule.over), under: size(rule.under),
                payee: rule.payee, note: rule.note, tags: rule.tags, split: split,
                location: SourceLocation(file: file, range: node.contentRange), decimals: decimals(of: currency)))
    }

    /// A transfer rule (Grammar.md §7.2): a known wallet, other than the one the rule is
    /// limited to and of its currency, and neither a category nor split lines besides.
    private mutating func checkTransferRule(_ rule: MatchDirectiveSyntax, _ name: NameSyntax, from: Int?, currency: String, file: String) -> Int? {
        guard let other = resolve(name, in: walletIndex, kind: "wallet", file: file) else { return nil }
        if let category = rule.category {
            report(
                .invalidImportSetting, "a transfer rule books no category", file, category.range,
                help: "a matching movement moves money to or from `\(wallets[other].name)`; remove the category, or the `transfer` clause")
            return nil
        }
        if let first = rule.splits.first {
            report(
                .invalidImportSetting, "a transfer rule has no split lines", file, first.node.contentRange,
                help: "a transfer moves the whole movement to or from one wallet")
            return nil
        }
        if from == other {
            report(
                .invalidImportSetting, "a transfer from `\(wallets[other].name)` to itself", file, name.range,
                help: "name the other wallet the money moves to or from")
            return nil
        }
        if from != nil, wallets[other].currency != currency {
            report(
                .invalidImportSetting, "`\(wallets[other].name)` is in \(wallets[other].currency), the rule's wallet in \(currency)", file, name.range,
                help: "a transfer rule moves the movement's amount unchanged, so both wallets hold one currency; write transfers between currencies by hand")
            return nil
        }
        return other
    }

    /// A rule's split lines (Grammar.md §7.2): known categories, parts without sign, one
    /// rest line, percentages that leave something for it, fixed parts that fit under
    /// `under`.
    private mutating func checkRuleSplit(_ rule: MatchDirectiveSyntax, currency: String, under: Money?, file: String) {
        let lines = rule.splits
        if let category = rule.category {
            report(
                .invalidImportSetting, "a rule with split lines takes its categories from them", file, category.range,
                help: "remove the category from the first line (the line without an amount takes the rest), or remove the split lines")
        }
        if lines.count == 1, let range = lines.first?.node.contentRange {
            report(
                .invalidImportSetting, "a split needs two lines or more", file, range,
                help: "for one category, write it on the rule's first line: match \"TEXT\" CATEGORY")
        }
        var percent = Money.zero
        var fixed = Money.zero
        var rest: [SplitSyntax] = []
        for line in lines {
            if let name = line.category { _ = resolveCategory(name, file: file) }
            if let token = line.percentage {
                guard let value = RuleSplit.percentage(token.text) else {
                    report(
                        .invalidImportSetting, "a part of a split is more than 0% and less than 100%, without sign; found `\(token.text)`", file, token.range,
                        help: "the line without an amount takes the rest")
                    continue
                }
                percent = percent.adding(value) ?? percent
            } else if let amount = line.amount {
                if amount.number.hasPrefix("-") || amount.number.hasPrefix("+") {
                    let bare = String(amount.number.dropFirst())
                    report(
                        .invalidImportSetting, "write the part without a sign: it takes the movement's sign", file, amount.range,
                        fixes: [Fix(title: "Write `\(bare)`", edits: [TextEdit(range: ByteRange(start: amount.range.start, end: amount.range.start + 1), replacement: "")])])
                    continue
                }
                guard let value = money(amount, currency: currency, file: file) else { continue }
                if value.isZero {
                    report(.invalidImportSetting, "a part of 0 books nothing", file, amount.range, help: "remove the line, or give the part an amount")
                    continue
                }
                fixed = fixed.adding(value) ?? fixed
            } else {
                rest.append(line)
            }
        }
        guard lines.count >= 2 else { return }
        if rest.isEmpty {
            report(
                .invalidImportSetting, "one split line must leave out its amount: it takes the rest of the movement", file, lines[lines.count - 1].node.contentRange,
                help: "movements differ in size, so one line takes what the others leave: write its category alone")
        }
        for line in rest.dropFirst() {
            report(
                .invalidImportSetting, "only one split line may leave out its amount", file, line.node.contentRange,
                help: "give this line an amount or a percentage; the other line without one takes the rest")
        }
        if percent >= Money(units: 100, scale: 0), let range = lines.first(where: { $0.percentage != nil })?.node.contentRange {
            report(
                .invalidImportSetting, "the percentages add up to \(percent)%, which leaves nothing for the rest", file, range,
                help: "percentages are of the whole movement and must add up to less than 100%; the line without an amount takes the rest")
        }
        if let under, !fixed.isZero, fixed >= under, let range = rule.under?.node.range {
            report(
                .invalidImportSetting, "the fixed parts come to \(fixed), which no movement under \(under) holds: the rule never applies", file, range,
                help: "a split rule applies to movements at least as large as its fixed parts; raise `under` or lower the parts")
        }
    }

    private mutating func invalidSetting(_ message: String, value: String, candidates: [String], file: String, range: ByteRange, suffix: String = "") {
        var message = message
        var fixes: [Fix] = []
        if let suggestion = Suggestion.closest(to: value, among: candidates) {
            message += "; did you mean `\(suggestion)\(suffix)`?"
            fixes = [Fix(title: "Replace with `\(suggestion)\(suffix)`", edits: [TextEdit(range: range, replacement: suggestion + suffix)])]
        }
        report(.invalidImportSetting, message, file, range, help: "one of: " + candidates.map { $0 + suffix }.joined(separator: ", "), fixes: fixes)
    }
}
