/// Rules for the directives that start with a keyword: declarations, options, includes
/// and recurring entries.
extension ParserState {
    /// Dispatches on the directive keyword. Returns the entry kind, a node to close after
    /// the continuation lines (the body of a recurring entry), and whether split lines may
    /// follow.
    mutating func parseDirective(_ keyword: Keyword) -> (SyntaxKind, Int?, Bool) {
        takeKeyword()
        switch keyword {
        case .currency: parseCurrency(); return (.currencyDirective, nil, false)
        case .wallet: parseWallet(); return (.walletDirective, nil, false)
        case .income, .expense: parseCategories(keyword); return (.categoryDirective, nil, false)
        case .envelope: parseEnvelope(); return (.envelopeDirective, nil, false)
        case .goal: parseGoal(); return (.goalDirective, nil, false)
        case .payee: parsePayeeRule(); return (.payeeDirective, nil, false)
        case .every:
            let (body, splits) = parseRecurring()
            return (.recurringDirective, body, splits)
        case .option: parseOption(); return (.optionDirective, nil, false)
        case .include: parseInclude(); return (.includeDirective, nil, false)
        case .import: parseImportProfile(); return (.importDirective, nil, false)
        case .match: parseMatchRule(); return (.matchDirective, nil, true)
        default: return (.errorEntry, nil, false)
        }
    }

    /// Starts an attribute node at the current keyword.
    mutating func startAttribute(_ keyword: Keyword, seen: inout SeenAttributes) -> Int {
        seen.check(keyword, at: currentRange, in: &self)
        let node = startNode(.attribute)
        takeKeyword()
        return node
    }

    /// `currency CODE [decimals N]`
    mutating func parseCurrency() {
        guard parseCurrencyCode(expected: "a currency code after `currency`, such as EUR") else { return }
        var seen = SeenAttributes()
        while !atLineEnd() {
            guard keyword(at: pos) == .decimals else {
                reportUnknownAttribute("for a currency", candidates: [.decimals])
                return
            }
            let node = startAttribute(.decimals, seen: &seen)
            _ = parseWholeNumber(in: 0 ... 18, code: .unexpectedToken, expected: "a number of decimal places")
            finishNode(node)
        }
    }

    /// Reports the current word as unknown where one of `candidates` was expected, and
    /// gives up on the rest of the line.
    mutating func reportUnknownAttribute(_ context: String, candidates: [Keyword]) {
        let list = candidates.map { "`\($0.spelling)`" }.joined(separator: ", ")
        if current == .name, Suggestion.closest(to: text(ofToken: pos), among: candidates.map(\.spelling)) == nil,
            let quoted = quotedNameFix(stoppingAt: candidates)
        {
            report(
                .unknownAttribute, "unknown attribute \(describe(pos)) \(context); if `\(quoted.words)` is one name, quote it: \(quoted.name)",
                at: currentRange, help: "expected one of \(list); a name with spaces is written in single quotes", fixes: [quoted.fix])
        } else if let k = current, k == .name || k == .keyword {
            reportUnknown(
                .unknownAttribute, "unknown attribute \(describe(pos)) \(context)",
                candidates: candidates.map(\.spelling), expectedList: "one of \(list)")
        } else {
            report(
                .unexpectedToken, "expected an attribute \(context), found \(describe(pos))",
                at: currentRange, help: "expected one of \(list)")
        }
        errorRestOfLine()
    }

    /// `wallet NAME [KIND] {attribute}`
    mutating func parseWallet() {
        guard parseName(.declaredName, expected: "a wallet name after `wallet`") else { return }
        if keyword(in: KeywordSet.walletKinds) != nil {
            takeKeyword()
        }
        var seen = SeenAttributes()
        while !atLineEnd() {
            guard let keyword = keyword(in: KeywordSet.walletAttributes) else {
                if let kind = keyword(in: KeywordSet.walletKinds) {
                    report(
                        .duplicateAttribute, "the wallet kind is given twice; `\(kind.spelling)` is a second kind",
                        at: currentRange, help: "a wallet has one kind, written right after its name")
                    errorRestOfLine()
                    return
                }
                reportUnknownAttribute(
                    "for a wallet",
                    candidates: KeywordSet.walletKinds.members + KeywordSet.walletAttributes.members)
                return
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            switch keyword {
            case .opening:
                guard parseAmount(expected: "the opening balance after `opening`", required: true) == .parsed else { return }
                if self.keyword(in: [.on]) != nil {
                    takeKeyword()
                    guard parseDate(expected: "a date after `on`") else { return }
                }
            case .currency:
                guard parseCurrencyCode(expected: "a currency code after `currency`, such as USD") else { return }
            case .limit:
                guard parseAmount(expected: "the credit limit after `limit`", required: true) == .parsed else { return }
            case .closed:
                guard parseDate(expected: "the closing date after `closed`") else { return }
            case .hidden:
                break
            case .owner:
                guard parseNameList(.personName, expected: "a person's name after `owner`") else { return }
            default:
                break
            }
        }
    }

    /// `income NAME {, NAME}` or `expense NAME {, NAME}`
    mutating func parseCategories(_ keyword: Keyword) {
        guard parseNameList(.declaredName, expected: "a category name after `\(keyword.spelling)`") else { return }
        refuseWordsAfterName("the category list", help: "separate categories with commas: `\(keyword.spelling) Food, Fun`")
    }

    /// Refuses what follows a name that ends its entry; bare words right after it are
    /// offered as one quoted name (`expense Eating out` is `expense 'Eating out'`).
    mutating func refuseWordsAfterName(_ what: String, help: String) {
        guard !atLineEnd() else { return }
        if let quoted = quotedNameFix(stoppingAt: []) {
            report(
                .unexpectedToken, "unexpected \(describe(pos)) after \(what); if `\(quoted.words)` is one name, quote it: \(quoted.name)",
                at: currentRange, help: "a name with spaces is written in single quotes", fixes: [quoted.fix])
            errorRestOfLine()
        } else {
            refuseRestOfLine(after: what, help: help)
        }
    }

    /// `envelope NAME [AMOUNT] PERIOD {attribute}`
    mutating func parseEnvelope() {
        guard parseName(.declaredName, expected: "an envelope name after `envelope`") else { return }
        skipSpace()
        if current == .number || looksLikeMalformedAmount(pos) && current != .date {
            guard parseAmount(expected: "the planned amount", required: true) == .parsed else { return }
        }
        guard parsePeriod() else { return }
        var seen = SeenAttributes()
        while !atLineEnd() {
            guard let keyword = keyword(in: KeywordSet.envelopeAttributes) else {
                reportUnknownAttribute("for an envelope", candidates: KeywordSet.envelopeAttributes.members)
                return
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            switch keyword {
            case .for:
                skipSpace()
                if current == .name && range(ofToken: pos).length == 1 && byte(pos, 0) == UInt8(ascii: "*") {
                    wrapToken(.categoryRef)
                } else {
                    guard parseNameList(.categoryRef, expected: "a category after `for` (or `*` for all spending)") else { return }
                }
            case .in:
                guard parseNameList(.walletRef, expected: "a wallet after `in`") else { return }
            case .from:
                guard parseDate(expected: "the first date after `from`") else { return }
            case .until:
                guard parseDate(expected: "the last date after `until`") else { return }
            case .rollover:
                // `rollover unspent`: only what is left carries (YNAB's month rule).
                skipSpace()
                if self.keyword(at: pos) == .unspent { takeKeyword() }
            case .alert:
                skipSpace()
                if current == .percentage {
                    let word = text(ofToken: pos)
                    let value = Double(String(word.dropLast())) ?? 0
                    if !(value > 0 && value <= 100) || word.hasPrefix("-") || word.hasPrefix("+") {
                        report(.invalidPercentage, "an alert threshold must be more than 0% and at most 100%, found `\(word)`", at: currentRange)
                    }
                    bump()
                } else if current == .number {
                    let word = text(ofToken: pos)
                    report(
                        .invalidPercentage, "an alert threshold is a percentage: write `\(word)%`", at: currentRange,
                        fixes: [Fix(title: "Write `\(word)%`", edits: [TextEdit(range: .empty(at: currentRange.end), replacement: "%")])])
                    bump()
                } else {
                    fail(expected: "a percentage after `alert`, such as 80%")
                    return
                }
            default:
                break
            }
        }
    }

    /// `weekly | monthly | quarterly | yearly | DATE..DATE`
    mutating func parsePeriod() -> Bool {
        skipSpace()
        // A name with spaces read as the name and a word (`envelope Eating out 50 monthly`),
        // found before the period's node is opened, since it looks at the name's node.
        let quoted = current == .name && keyword(at: pos) == nil ? quotedNameFix(stoppingAt: KeywordSet.periods.members + KeywordSet.envelopeAttributes.members) : nil
        let node = startNode(.period)
        defer { finishNode(node) }
        if keyword(in: KeywordSet.periods) != nil {
            takeKeyword()
            return true
        }
        if current == .date {
            parseDateRange()
            return true
        }
        let list = "`weekly`, `monthly`, `quarterly`, `yearly` or a date range such as 2026-04-01..2026-04-30"
        if isLineEnd(pos) {
            report(.invalidPeriod, "expected the envelope's period", at: missingRange, help: "write \(list)")
        } else if let keyword = keyword(at: pos), KeywordSet.envelopeAttributes.contains(keyword) {
            report(.invalidPeriod, "expected the envelope's period before `\(keyword.spelling)`", at: missingRange, help: "write \(list)")
            errorRestOfLine()
        } else if let quoted, Suggestion.closest(to: text(ofToken: pos), among: KeywordSet.periods.members.map(\.spelling)) == nil {
            // `envelope Eating out 50 monthly`: a name with spaces, without quotes.
            report(
                .invalidPeriod, "unknown period \(describe(pos)); if `\(quoted.words)` is one name, quote it: \(quoted.name)",
                at: currentRange, help: "write \(list); a name with spaces is written in single quotes", fixes: [quoted.fix])
            errorRestOfLine()
        } else if current == .name {
            reportUnknown(
                .invalidPeriod, "unknown period \(describe(pos))",
                candidates: KeywordSet.periods.members.map(\.spelling), expectedList: list)
            errorRestOfLine()
        } else {
            report(.invalidPeriod, "expected the envelope's period, found \(describe(pos))", at: currentRange, help: "write \(list)")
            errorRestOfLine()
        }
        return false
    }

    /// `goal NAME [AMOUNT] {attribute}`
    mutating func parseGoal() {
        guard parseName(.declaredName, expected: "a goal name after `goal`") else { return }
        skipSpace()
        if current == .number || looksLikeMalformedAmount(pos) && current != .date {
            guard parseAmount(expected: "the target amount", required: true) == .parsed else { return }
        }
        var seen = SeenAttributes()
        while !atLineEnd() {
            guard let keyword = keyword(in: KeywordSet.goalAttributes) else {
                reportUnknownAttribute("for a goal", candidates: KeywordSet.goalAttributes.members)
                return
            }
            if keyword == .monthly || keyword == .yearly {
                seen.check(.monthly, at: currentRange, in: &self)  // one period at most
                takeKeyword()
                continue
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            switch keyword {
            case .by:
                guard parseDate(expected: "the target date after `by`") else { return }
            case .in:
                guard parseName(.walletRef, expected: "a wallet after `in`") else { return }
            case .reached:
                skipSpace()
                if current == .date {
                    checkDate(pos)
                    bump()
                } else if reportWrittenDate(pos) {
                    errorRestOfLine()
                    return
                }
            default:
                break
            }
        }
    }

    /// `payee "TEXT" CATEGORY`
    mutating func parsePayeeRule() {
        skipSpace()
        guard current == .text else {
            let help = current == .name || current == .quotedName ? "payees are text in double quotes: payee \"\(text(ofToken: pos))\" Food:Groceries" : nil
            fail(expected: "the payee in double quotes after `payee`", help: help)
            return
        }
        wrapToken(.payee)
        guard parseName(.categoryRef, expected: "the category for this payee") else { return }
        refuseWordsAfterName("the payee's category", help: "a payee rule reads: payee \"TEXT\" CATEGORY")
    }

    /// `import WALLET {attribute}`, whose indented `key: value` lines name the columns of a
    /// CSV statement (read by the continuation loop as metadata).
    mutating func parseImportProfile() {
        guard parseName(.walletRef, expected: "the wallet whose statements this profile reads, after `import`") else { return }
        var seen = SeenAttributes()
        while !atLineEnd() {
            guard let keyword = keyword(in: KeywordSet.importAttributes) else {
                reportUnknownAttribute("for an import profile", candidates: KeywordSet.importAttributes.members)
                return
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            switch keyword {
            case .skip:
                guard parseWholeNumber(in: 0 ... 1000, code: .unexpectedToken, expected: "how many lines come before the header") != nil else { return }
            case .separator:
                skipSpace()
                guard current == .text else {
                    fail(expected: "the separator in double quotes, such as \";\"", help: "write `separator \";\"`, or `separator \"\\t\"` for a tab")
                    return
                }
                bump()
            default:
                // One word or "text": `windows-1252`, `DD.MM.YYYY`, `comma`; an account
                // may also be all digits.
                skipSpace()
                guard let k = current, k == .name || k == .text || k == .quotedName || (keyword == .account && k == .number) else {
                    fail(expected: "a value after `\(keyword.spelling)`")
                    return
                }
                bump()
            }
        }
    }

    /// `match "TEXT" [in WALLET] CATEGORY {clause}`, clauses being `over AMOUNT`,
    /// `under AMOUNT`, `payee "NAME"`, `note "TEXT"`, `transfer WALLET` (instead of the
    /// category) and tags.
    mutating func parseMatchRule() {
        skipSpace()
        guard current == .text else {
            let help = current == .name || current == .quotedName ? "the text to look for is in double quotes: match \"\(text(ofToken: pos))\" Food:Groceries" : nil
            fail(expected: "the text to look for, in double quotes, after `match`", help: help)
            return
        }
        wrapToken(.payee)
        var seen = SeenAttributes()
        if keyword(in: [.in]) != nil {
            let node = startAttribute(.in, seen: &seen)
            defer { finishNode(node) }
            guard parseName(.walletRef, expected: "a wallet after `in`") else { return }
        }
        // Without a category, split lines below the rule give the categories.
        skipSpace()
        if atLineEnd() || current == .tag || startsMatchClause() {
            categoryPendingAt = (missingRange, diagnostics.count)
        } else {
            guard parseName(.categoryRef, expected: "the category for movements that match") else { return }
        }
        while !atLineEnd() {
            if current == .tag {
                checkTag()
                bump()
                continue
            }
            guard let keyword = keyword(in: KeywordSet.matchClauses), keyword != .in else {
                reportUnknownAttribute("for a match rule", candidates: [.over, .under, .payee, .note, .transfer])
                return
            }
            let node = startAttribute(keyword, seen: &seen)
            defer { finishNode(node) }
            switch keyword {
            case .over, .under:
                if case .failed = parseAmount(expected: "an amount after `\(keyword.spelling)`", required: true) { return }
            case .transfer:
                // A transfer rule books no category: the movement moves money to or from a wallet.
                categoryPendingAt = nil
                guard parseName(.walletRef, expected: "the wallet the money moves to or from, after `transfer`") else { return }
            default:
                skipSpace()
                guard current == .text else {
                    fail(expected: "text in double quotes after `\(keyword.spelling)`")
                    return
                }
                bump()
            }
        }
    }

    /// True when the current word is a match clause with its value after it (`over 20`,
    /// `payee "X"`), not a category that happens to be spelled like a clause keyword.
    func startsMatchClause() -> Bool {
        guard let keyword = keyword(at: pos), KeywordSet.matchClauses.contains(keyword), keyword != .in else { return false }
        let j = nextNonSpace(after: pos)
        guard j < count else { return false }
        switch keyword {
        case .over, .under: return kinds[j] == .number
        case .transfer: return kinds[j] == .name || kinds[j] == .quotedName
        default: return kinds[j] == .text
        }
    }

    /// `include "PATH"`
    mutating func parseInclude() {
        skipSpace()
        guard current == .text else {
            if let k = current, k == .name || k == .quotedName {
                let word = text(ofToken: pos)
                let path = k == .quotedName ? String(word.dropFirst().dropLast()) : word
                report(
                    .unexpectedToken, "the path of an include is text in double quotes: `\"\(path)\"`",
                    at: currentRange, fixes: [Fix(title: "Quote the path", edits: [TextEdit(range: currentRange, replacement: "\"\(path)\"")])])
                errorRestOfLine()
            } else {
                fail(expected: "a file path in double quotes after `include`")
            }
            return
        }
        let path = pos
        bump()
        refuseMorePaths(after: path)
    }

    /// An include names one file: further paths are an error whose fix gives each its
    /// own `include` line (a second path used to be ignored, and its wallets with it);
    /// anything else after the path is refused.
    mutating func refuseMorePaths(after path: Int) {
        guard !atLineEnd(), current == .text else {
            refuseRestOfLine(after: "the path of the include", help: "an include names one file: write one `include` line per file")
            return
        }
        var paths: [Int] = []
        var j = pos
        while j < count, kinds[j] == .text {
            paths.append(j)
            j = nextNonSpace(after: j)
        }
        guard isLineEnd(j), !paths.contains(where: isUnterminatedQuote) else {
            refuseRestOfLine(after: "the path of the include", help: "an include names one file: write one `include` line per file")
            return
        }
        // The new lines end like this one.
        var lineBreak = "\n"
        var k = j
        if k < count, kinds[k] == .comment { k += 1 }
        if k < count, kinds[k] == .newline { lineBreak = text(ofToken: k) }
        let lines = paths.map { lineBreak + SourceWriter.include(path: Unquote.value(of: text(ofToken: $0))) }.joined()
        let extra = ByteRange(start: range(ofToken: paths[0]).start, end: range(ofToken: paths[paths.count - 1]).end)
        let files = paths.count == 1 ? "a second file" : "\(paths.count) more files"
        report(
            .unexpectedToken, "an include names one file; this one names \(files): \(describe(pos))", at: extra,
            help: "write one `include` line per file",
            fixes: [
                Fix(
                    title: "Include each file on its own line",
                    edits: [TextEdit(range: ByteRange(start: range(ofToken: path).end, end: extra.end), replacement: lines)])
            ])
        errorRestOfLine()
    }

    /// `option NAME {value}`
    mutating func parseOption() {
        skipSpace()
        guard let k = current, k == .name else {
            fail(
                expected: "an option name after `option`",
                help: "options: " + OptionName.allCases.map(\.rawValue).joined(separator: ", "))
            return
        }
        let word = text(ofToken: pos)
        guard let option = OptionName(rawValue: word) else {
            reportUnknown(
                .invalidOption, "unknown option `\(word)`", candidates: OptionName.allCases.map(\.rawValue),
                expectedList: "one of " + OptionName.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
            errorRestOfLine()
            return
        }
        kinds[pos] = .keyword
        bump()
        switch option {
        case .weekStart:
            if keyword(in: KeywordSet.weekdays) != nil {
                takeKeyword()
            } else {
                optionValueError(option, expected: "a weekday", candidates: KeywordSet.weekdays.members.map(\.spelling))
                return
            }
        case .strict:
            break
        case .severity:
            skipSpace()
            guard current == .name else {
                fail(expected: "a diagnostic code after `severity`, such as W0217")
                return
            }
            let code = text(ofToken: pos)
            if DiagnosticCode.named(code) == nil {
                report(
                    .invalidOption, "unknown diagnostic code `\(code)`", at: currentRange,
                    help: "the codes are listed in docs/diagnostics.md")
            }
            bump()
            optionWord(option, among: option.values)
        case .overlappingEnvelopes:
            optionWord(option, among: option.values)
        }
        if !atLineEnd() {
            let rest = lineContentRange()
            report(
                .invalidOption, "unexpected \(describe(pos)) after the option `\(option.rawValue)`", at: currentRange,
                fixes: [Fix(title: "Remove \(describe(pos))", edits: [TextEdit(range: ByteRange(start: lastContentEnd, end: rest.end), replacement: "")])])
            errorRestOfLine()
        }
    }

    mutating func optionWord(_ option: OptionName, among values: [String]) {
        skipSpace()
        if current == .name, values.contains(text(ofToken: pos)) {
            kinds[pos] = .keyword
            bump()
        } else {
            optionValueError(option, expected: values.map { "`\($0)`" }.joined(separator: ", "), candidates: values)
        }
    }

    mutating func optionValueError(_ option: OptionName, expected: String, candidates: [String]) {
        if isLineEnd(pos) {
            report(.invalidOption, "the option `\(option.rawValue)` needs a value: \(expected)", at: missingRange)
        } else {
            reportUnknown(
                .invalidOption, "\(describe(pos)) is not a value of the option `\(option.rawValue)`",
                candidates: candidates, expectedList: expected)
            errorRestOfLine()
        }
    }

    /// `every [N] UNIT {schedule attribute} BODY`. Returns the open body node and whether
    /// it takes split lines.
    mutating func parseRecurring() -> (Int?, Bool) {
        let scheduleStart = range(ofToken: pos - 1).start  // the `every` keyword
        let schedule = startNode(.schedule)
        nodes[schedule].firstToken = UInt32(pos - 1)  // the schedule begins with `every`, already read
        var unit: Keyword?
        var hasFrom = false
        var seen = SeenAttributes()
        var until: ByteRange?
        var times: ByteRange?
        var onRange: ByteRange?
        var onWeekday = false
        var onDay = false
        func closeSchedule(_ parser: inout ParserState) { parser.finishNode(schedule) }

        skipSpace()
        if current == .number {
            _ = parseWholeNumber(in: 1 ... 10_000, code: .invalidSchedule, expected: "a number of periods between occurrences")
        }
        if let u = keyword(in: KeywordSet.units) {
            unit = u
            takeKeyword()
        } else {
            let list = "day(s), week(s), month(s), quarter(s) or year(s)"
            if atLineEnd() {
                report(.invalidSchedule, "expected how often the entry repeats after `every`", at: missingRange, help: "write \(list), such as `every month`")
            } else if current == .name {
                reportUnknown(.invalidSchedule, "unknown unit \(describe(pos))", candidates: KeywordSet.units.members.map(\.spelling), expectedList: list)
                errorRestOfLine()
            } else {
                report(.invalidSchedule, "expected how often the entry repeats, found \(describe(pos))", at: currentRange, help: "write \(list), such as `every month`")
                errorRestOfLine()
            }
            closeSchedule(&self)
            return (nil, false)
        }
        while let keyword = keyword(in: KeywordSet.scheduleAttributes) {
            let node = startAttribute(keyword, seen: &seen)
            let keywordRange = range(ofToken: pos - 1)
            var ok = true
            switch keyword {
            case .on:
                onRange = keywordRange
                skipSpace()
                if self.keyword(in: KeywordSet.weekdays) != nil {
                    onWeekday = true
                    takeKeyword()
                } else if self.keyword(in: [.last]) != nil {
                    onDay = true
                    takeKeyword()
                } else if current == .number {
                    onDay = true
                    _ = parseWholeNumber(in: 1 ... 31, code: .invalidSchedule, expected: "a day of the month")
                } else {
                    fail(expected: "a day of the month (1 to 31 or `last`) or a weekday after `on`")
                    ok = false
                }
                onRange = ByteRange(start: keywordRange.start, end: lastContentEnd)
            case .from:
                hasFrom = true
                ok = parseDate(expected: "the first date after `from`")
            case .until:
                until = keywordRange
                ok = parseDate(expected: "the last date after `until`")
            case .times:
                times = keywordRange
                _ = parseWholeNumber(in: 1 ... 100_000, code: .invalidSchedule, expected: "a number of occurrences")
            case .as:
                ok = parseName(.declaredName, expected: "a name for the recurring entry after `as`")
            default:
                break
            }
            finishNode(node)
            if !ok {
                closeSchedule(&self)
                return (nil, false)
            }
        }
        closeSchedule(&self)
        let scheduleRange = ByteRange(start: scheduleStart, end: lastContentEnd)
        if !hasFrom {
            report(
                .invalidSchedule, "a recurring entry needs a first date", at: scheduleRange,
                help: "add `from YYYY-MM-DD` to the schedule")
        }
        if let until, let times {
            report(
                .invalidSchedule, "give either `until` or `times`, not both", at: times,
                notes: [DiagnosticNote(file: path, range: until, message: "`until` is given here")])
        }
        if let onRange, let unit {
            let weekly = unit == .week || unit == .weeks
            let daily = unit == .day || unit == .days
            if daily {
                report(.invalidSchedule, "`on` cannot pin a day of a daily schedule", at: onRange)
            } else if weekly && onDay {
                report(.invalidSchedule, "a weekly schedule is pinned to a weekday, such as `on friday`", at: onRange)
            } else if !weekly && onWeekday {
                report(.invalidSchedule, "a weekday pins weekly schedules only; for \(unit.spelling) give a day of the month (1 to 31 or `last`)", at: onRange)
            }
        }
        // The repeated entry.
        if atLineEnd() {
            report(
                .missingField, "expected the entry to repeat after the schedule", at: missingRange,
                help: "for example: every month on 1 from 2026-01-01 as rent \"Landlord\" Checking Housing:Rent -950.00")
            return (nil, false)
        }
        let body = startNode(.transaction)
        let kind = parseBody(dated: false)
        nodes[body].kind = kind
        return (body, kind == .transaction)
    }
}

extension ParserState.PartResult: Equatable {}
