/// Rules for entries that start with a date: transactions, transfers, fills, moves,
/// assertions, rates, skips and goal contributions.
extension ParserState {
    /// `DATE ["payee" ["note"]] ...`. Returns the entry kind and whether split lines may
    /// follow.
    mutating func parseDatedEntry() -> (SyntaxKind, Bool) {
        checkDate(pos)
        bump()
        if atLineEnd() {
            report(
                .missingField, "expected an entry after the date", at: missingRange,
                help: "a wallet (a transaction), or `transfer`, `fill`, `move`, `assert`, `rate`, `skip` or `goal`")
            return (.errorEntry, false)
        }
        let kind = parseBody(dated: true)
        return (kind, kind == .transaction)
    }

    /// The part of a dated entry after the date, which is also what a recurring entry
    /// repeats (`dated` false: only transactions and transfers).
    mutating func parseBody(dated: Bool) -> SyntaxKind {
        skipSpace()
        var strings = 0
        while current == .text && strings < 2 {
            wrapToken(strings == 0 ? .payee : .note)
            strings += 1
            skipSpace()
        }
        if current == .text {
            report(
                .unexpectedToken, "an entry has at most a payee and a note, found a third text \(describe(pos))", at: currentRange,
                help: "names with spaces are quoted with single quotes: 'Joint Account'")
            errorRestOfLine()
            return .transaction
        }
        let allowed: KeywordSet = dated ? KeywordSet.datedKeywords : [.transfer]
        if let keyword = keyword(in: allowed) {
            takeKeyword()
            switch keyword {
            case .transfer: parseTransfer(); return .transfer
            case .fill: parseFill(); return .fill
            case .move: parseMove(); return .move
            case .assert: parseAssertion(); return .assertion
            case .rate: parseRate(); return .rate
            case .skip: parseSkip(); return .skip
            case .goal: parseContribution(); return .contribution
            default: return .errorEntry
            }
        }
        parseTransaction(hasPayee: strings > 0)
        return .transaction
    }

    /// `WALLET [CATEGORY] [AMOUNT] {clause}`
    mutating func parseTransaction(hasPayee: Bool) {
        skipSpace()
        let headerStart = Int(starts[pos])
        let walletToken = pos
        if current == .number || looksLikeMalformedAmount(pos) {
            fail(expected: "the wallet before the amount", help: "a transaction reads: date, \"payee\", wallet, category, amount")
            return
        }
        guard parseName(.walletRef, expected: "a wallet") else { return }
        skipSpace()
        if let k = current, k == .name || k == .quotedName, !looksLikeMalformedAmount(pos) {
            wrapToken(.categoryRef)
        }
        skipSpace()
        if isLineEnd(pos) || current == .tag {
            amountPendingAt = ByteRange(start: headerStart, end: lastContentEnd)
        } else {
            if current == .arrow {
                fail(expected: "an amount after the wallet", help: "a transfer between wallets is written `DATE transfer A -> B AMOUNT`")
                return
            }
            let what = nodes.last?.kind == .categoryRef ? "an amount after the category" : "an amount after the wallet"
            if current == .name, !looksLikeMalformedAmount(pos), reportUnquotedWords(from: walletToken, what: what, hasPayee: hasPayee) {
                errorRestOfLine()
                return
            }
            guard parseAmount(expected: what, required: true) == .parsed else { return }
            guard parseConversion() else { return }
        }
        parseClauses(KeywordSet.transactionClauses, context: "a transaction")
    }

    /// A payee of several words written without quotes reads as a wallet, a category and
    /// then words where the amount should be (`Rewe Markt Girokonto Food -12.00`). When
    /// bare words from `first` on are followed by an amount, the two before the amount
    /// are the wallet and the category, and the words before them the payee: reported
    /// with the quotes as a fix. After a payee in quotes, the words are a wallet or a
    /// category with spaces, and which one the parser cannot tell: no fix, a hint. False,
    /// reporting nothing, for any other shape.
    mutating func reportUnquotedWords(from first: Int, what: String, hasPayee: Bool) -> Bool {
        var words: [Int] = []
        var j = first
        while j < count, kinds[j] == .name, !looksLikeMalformedAmount(j) {
            words.append(j)
            j = nextNonSpace(after: j)
        }
        guard words.count >= 3, j < count, kinds[j] == .number || looksLikeMalformedAmount(j) else { return false }
        guard !hasPayee else {
            report(
                .unexpectedToken, "expected \(what), found \(describe(pos))", at: currentRange,
                help: "a transaction reads: date, \"payee\", wallet, category, amount; a wallet or category name with spaces is written in single quotes: 'Joint Account'")
            return true
        }
        let payee = ByteRange(start: range(ofToken: first).start, end: range(ofToken: words[words.count - 3]).end)
        let text = SourceWriter.text(words.dropLast(2).map { self.text(ofToken: $0) }.joined(separator: " "))
        report(
            .unexpectedToken, "expected \(what), found \(describe(pos)); if the payee is \(text), quote it", at: currentRange,
            help:
                "a transaction reads: date, \"payee\", wallet, category, amount; a payee of several words is written in double quotes, a wallet or category name with spaces in single quotes",
            fixes: [Fix(title: "Quote the payee: \(text)", edits: [TextEdit(range: payee, replacement: text)])])
        return true
    }

    /// Tags and `goal NAME`, `rule NAME`, `by NAME` after an amount.
    mutating func parseClauses(_ allowed: KeywordSet, context: String) {
        var seen = SeenAttributes()
        while !atLineEnd() {
            if current == .tag {
                checkTag()
                bump()
                continue
            }
            guard let keyword = keyword(in: allowed) else {
                var expected = ["a tag (#...)"] + allowed.members.map { "`\($0.spelling)`" }
                if expected.count > 1 { expected[expected.count - 1] = "or " + expected[expected.count - 1] }
                var help: String?
                if current == .name || current == .quotedName, isMiscasedCurrencyCode(pos) == false, context == "a transaction" {
                    help = "a transaction reads: date, \"payee\", wallet, category, amount; quote names with spaces: 'Joint Account'"
                }
                if current == .equals || current == .at {
                    help = "`=` and `@` come right after the amount: what arrives, or the rate"
                }
                report(
                    .unexpectedToken, "unexpected \(describe(pos)) in \(context); expected \(expected.joined(separator: ", "))",
                    at: currentRange, help: help)
                errorRestOfLine()
                return
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            let role: SyntaxKind
            switch keyword {
            case .goal: role = .goalRef
            case .rule: role = .ruleRef
            default: role = .personName
            }
            guard parseName(role, expected: "a name after `\(keyword.spelling)`") else { return }
        }
    }

    /// `FROM -> TO` between two names of `role`.
    mutating func parseArrowPair(_ role: SyntaxKind, what: String) -> Bool {
        guard parseName(role, expected: "the \(what) to take from") else { return false }
        skipSpace()
        guard current == .arrow else {
            fail(expected: "`->` between the two \(what)s", help: "write `A -> B`")
            return false
        }
        bump()
        return parseName(role, expected: "the \(what) to move to after `->`")
    }

    /// `transfer FROM -> TO AMOUNT [= AMOUNT | @ RATE [CODE]] {clause}`
    mutating func parseTransfer() {
        guard parseArrowPair(.walletRef, what: "wallet") else { return }
        guard parseAmount(expected: "the amount to transfer", required: true) == .parsed else { return }
        guard parseConversion() else { return }
        parseClauses(KeywordSet.transactionClauses, context: "a transfer")
    }

    /// `= AMOUNT` or `@ RATE [CODE]` after an amount, when there: what a transfer receives,
    /// or what a transaction in another currency is in its wallet's (Grammar.md §3.10,
    /// "Another currency"). False after an error, the rest of the line reported.
    mutating func parseConversion() -> Bool {
        skipSpace()
        if current == .equals {
            let node = startNode(.attribute)
            bump()
            let ok = parseAmount(expected: "the amount after `=`", required: true) == .parsed
            finishNode(node)
            return ok
        } else if current == .at {
            let node = startNode(.attribute)
            bump()
            skipSpace()
            guard current == .number else {
                fail(expected: "an exchange rate after `@`")
                finishNode(node)
                return false
            }
            wrapAmountWithOptionalCode()
            finishNode(node)
        }
        return true
    }

    /// A number and an optional currency code, as an amount node (the rate after `@`).
    mutating func wrapAmountWithOptionalCode() {
        _ = parseAmount(expected: "a number", required: true)
    }

    /// `fill ENVELOPE AMOUNT {#tag}`
    mutating func parseFill() {
        guard parseName(.envelopeRef, expected: "an envelope after `fill`") else { return }
        guard parseAmount(expected: "the amount to fill the envelope with", required: true) == .parsed else { return }
        parseClauses([], context: "a fill")
    }

    /// `move FROM -> TO AMOUNT {#tag}`
    mutating func parseMove() {
        guard parseArrowPair(.envelopeRef, what: "envelope") else { return }
        guard parseAmount(expected: "the amount to move", required: true) == .parsed else { return }
        parseClauses([], context: "a move")
    }

    /// `assert WALLET AMOUNT`
    mutating func parseAssertion() {
        guard parseName(.walletRef, expected: "a wallet after `assert`") else { return }
        guard parseAmount(expected: "the balance the wallet must have", required: true) == .parsed else { return }
        parseClauses([], context: "an assertion")
    }

    /// `rate CODE NUMBER CODE`
    mutating func parseRate() {
        guard parseCurrencyCode(expected: "the currency whose rate is given, such as USD") else { return }
        skipSpace()
        guard current == .number else {
            fail(expected: "the rate after the currency, such as `rate USD 0.92 EUR`")
            return
        }
        guard parseAmount(expected: "the rate", required: true) == .parsed else { return }
        if nodes.last?.kind != .currencyCode {
            report(
                .missingField, "expected the currency the rate is in, such as EUR", at: missingRange,
                help: "`rate USD 0.92 EUR` says one USD is worth 0.92 EUR")
        }
        parseClauses([], context: "a rate")
    }

    /// `skip RULE`
    mutating func parseSkip() {
        guard parseName(.ruleRef, expected: "the name of a recurring entry after `skip`") else { return }
        parseClauses([], context: "a skip")
    }

    /// `goal GOAL AMOUNT {#tag}`
    mutating func parseContribution() {
        guard parseName(.goalRef, expected: "a goal after `goal`") else { return }
        guard parseAmount(expected: "the amount for the goal (negative to take money out)", required: true) == .parsed else { return }
        parseClauses([], context: "a goal contribution")
    }
}
