import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Reads hledger and ledger journals: transactions with their postings, comments (tags
/// and metadata in both dialects), `P` prices, includes and periodic transactions (`~`,
/// which the builder converts or lists), `apply account` and `apply tag` blocks, `alias`
/// directives (``AccountAliases``). Directives
/// that change how the rest reads otherwise (`Y`), automated transactions, and
/// anything not understood are listed as left out, never skipped silently.
struct LedgerJournalReader {
    var content = PeerJournalContent(isJournal: true)
    private var visited = Set<String>()
    /// The postings' account names, one string per name.
    var accountNames = NameTable()
    /// The decimal marks declared so far. hledger's `decimal-mark` holds for the rest of
    /// the file and the files it then includes, not for the file that included it (as
    /// hledger reads it); a `commodity` directive's format, for the rest of the journal.
    var marks = DecimalMarks()
    let readFile: (String) throws -> String
    /// The commodity of a `commodity SYMBOL` directive whose block may give its `format`.
    private var formatOf: String?
    /// The account of an `account` directive whose comments may give its `type:`.
    private var typeOf: String?
    /// The `apply account` and `apply tag` blocks around the line, outermost first (an
    /// `end` closes the innermost).
    private var applied: [Applied] = []
    /// The accounts of the `apply account` blocks around the line, outermost first: the
    /// peers prefix every posting's account with them.
    private var appliedAccounts: [String] = []
    /// The `alias` directives in force.
    private var aliases = AccountAliases()

    /// What an `apply` block gives the transactions inside it.
    private enum Applied {
        /// `apply account NAME`: a prefix of every posting's account.
        case account(String)
        /// `apply tag TAG` (or `apply tag KEY: VALUE`): a tag (or metadata) of every
        /// transaction, as if each had the comment `; :TAG:` (or `; KEY: VALUE`).
        case tag(Comment)
    }

    init(readFile: @escaping (String) throws -> String) { self.readFile = readFile }

    /// Reads `path` and what it includes; `text` is the file's content when the caller
    /// has already read it.
    mutating func read(_ path: String, text known: String? = nil) throws {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        guard visited.insert(resolved).inserted else { return }
        let including = marks.all
        defer { marks.all = including }
        let bytes = Array((try known ?? readFile(path)).utf8)
        var current: PeerTransaction?
        var period: String?  // when `current` is a periodic transaction, its period expression
        var skipping = false  // inside a block that is left out
        var inComment = false
        // `current` is passed, not captured: a captured variable lives in a box, and each
        // posting appended through it copied the transaction and its postings (2 % of
        // converting the 100k journal, `Benchmarks/interop_bench.py`, 2026-11-26).
        func finish(_ current: inout PeerTransaction?, _ period: inout String?) {
            if var t = current.take() {
                t.readPostingDates()
                if let period { content.periodics.append(PeerPeriodic(expression: period, transaction: t)) } else { content.transactions.append(t) }
            }
            period = nil
        }
        var number = 0
        for line in JournalLines(bytes) {
            number += 1
            let here = SourceLine(file: path, line: number)
            if inComment {
                if line.hasPrefix("end comment") || line.hasPrefix("end test") { inComment = false }
                continue
            }
            guard let first = line.first else { finish(&current, &period); skipping = false; continue }
            if first == ASCII.space || first == ASCII.tab {
                let trimmed = line.trimmedSpaces
                if trimmed.isEmpty { finish(&current, &period); skipping = false; formatOf = nil; typeOf = nil; continue }
                if typeOf != nil, trimmed.first == ASCII.semicolon {
                    declareType(trimmed.dropFirst().string[...], at: here)
                    continue
                }
                if formatOf != nil, trimmed.hasPrefix("format ") {
                    declareFormat(Comment.beforeComment(trimmed.dropFirst(7).string), at: here)
                    continue
                }
                if skipping { continue }
                guard current != nil else {
                    if trimmed.first != ASCII.semicolon && trimmed.first != ASCII.hash {
                        content.leftOut.append(LeftOut(source: here, reason: "an indented line outside a transaction"))
                    }
                    continue
                }
                if trimmed.first == ASCII.semicolon {
                    current?.attach(Comment(trimmed.dropFirst()))
                    if let last = current?.postings.indices.last { current?.postings[last].readDates(trimmed.dropFirst()) }
                    continue
                }
                var (posting, doubt) = parsePosting(trimmed, at: here)
                if !appliedAccounts.isEmpty { posting.account = (appliedAccounts + [posting.account]).joined(separator: ":") }
                if !aliases.isEmpty { posting.account = aliases.apply(posting.account) }
                current?.postings.append(posting)
                if let doubt, current?.problem == nil { current?.problem = doubt }
                continue
            }
            finish(&current, &period)
            skipping = false
            formatOf = nil
            typeOf = nil
            if first == ASCII.semicolon || first == ASCII.hash || first == ASCII.star || first == ASCII.percent || first == ASCII.bar { continue }
            if ASCII.isDigit(first) || (ASCII.isBeyondASCII(first) && firstCharacter(line)?.isNumber == true) {
                current = parseHeader(line, at: here)
                current?.postings.reserveCapacity(2)  // the usual two postings, rather than growing twice
                for case .tag(let comment) in applied { current?.attach(comment) }
                if current == nil {
                    content.leftOut.append(LeftOut(source: here, reason: "a line that does not start a transaction Tally reads", isWhole: true))
                    content.unreadTransactions.append(here)
                    skipping = true
                }
                continue
            }
            if first == ASCII.tilde {
                (period, current) = parsePeriodicHeader(line.dropFirst(), at: here)
                continue
            }
            try readDirective(line.string, path: path, at: here, skipping: &skipping, inComment: &inComment)
        }
        finish(&current, &period)
    }

    /// A line at the start that is not a transaction: `P`, `include`, `account`, the
    /// directives skipped with their block, and what is left out.
    private mutating func readDirective(_ line: String, path: String, at here: SourceLine, skipping: inout Bool, inComment: inout Bool) throws {
        let word = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? line
        switch word {
        case "P":
            do {
                if let price = try parsePrice(line, at: here) {
                    content.prices.append(price)
                } else {
                    content.leftOut.append(LeftOut(source: here, reason: "a price directive Tally cannot read", isWhole: true))
                }
            } catch {
                content.leftOut.append(LeftOut(source: here, reason: "a price whose amount is in doubt: \(error.reason)", isWhole: true))
            }
        case "include", "!include":
            let target = line.dropFirst(word.count).trimmedSpaces
            let base = URL(fileURLWithPath: path).deletingLastPathComponent()
            let full = target.hasPrefix("/") ? target : base.appendingPathComponent(target).path
            if IncludePattern.isPattern(target) {
                let files = IncludePattern.files(matching: full, excluding: path)
                if files.isEmpty { content.leftOut.append(LeftOut(source: here, reason: "an include whose pattern matches no file", isWhole: true)) }
                for file in files { try read(file) }
            } else {
                try read(full)
            }
        case "account":
            let rest = line.dropFirst(word.count).trimmedSpaces
            // The name ends at a comment or two spaces, as a posting's account does.
            var name = Comment.beforeComment(rest)
            if let gap = name.firstRange(of: "  ") ?? name.firstRange(of: "\t") { name = String(name[..<gap.lowerBound]) }
            name = aliases.apply(name)
            content.declaredAccounts.append(name)
            typeOf = name
            if let semicolon = rest.firstIndex(of: ";") { declareType(rest[rest.index(after: semicolon)...], at: here) }
            skipping = true
        case "decimal-mark":
            switch Comment.beforeComment(String(line.dropFirst(word.count))) {
            case ",": marks.all = ASCII.comma
            case ".": marks.all = ASCII.dot
            default: content.leftOut.append(LeftOut(source: here, reason: "a `decimal-mark` other than `,` or `.`", isWhole: true))
            }
        case "commodity":
            let declaration = Comment.beforeComment(String(line.dropFirst(word.count)))
            if declaration.utf8.contains(where: ASCII.isDigit) {
                declareFormat(declaration, at: here)
            } else {
                formatOf = LedgerJournalReader.unquote(declaration)  // a `format` line may follow
            }
            skipping = true
        case "apply" where line.split(separator: " ").dropFirst().first == "account":
            let account = Comment.beforeComment(String(line.dropFirst("apply account".count)))
            applied.append(.account(account))
            appliedAccounts.append(account)
        case "apply" where line.split(separator: " ").dropFirst().first == "tag":
            let tag = Comment.beforeComment(String(line.dropFirst("apply tag".count)))
            guard !tag.isEmpty else {
                content.leftOut.append(LeftOut(source: here, reason: "an `apply tag` without a tag"))
                return
            }
            applied.append(.tag(Comment(tag.contains(":") ? tag : ":" + tag + ":")))
        case "end" where applied.count > 0 && ["end", "end apply", "end apply account", "end apply tag", "end account", "end tag"].contains(Comment.beforeComment(line)):
            if case .account = applied.removeLast() { appliedAccounts.removeLast() }
        case "alias":
            if !aliases.add(Comment.beforeComment(String(line.dropFirst(word.count)))) {
                content.leftOut.append(LeftOut(source: here, reason: "an `alias` Tally cannot read", isWhole: true))
            }
        case "end" where Comment.beforeComment(line).split(separator: " ") == ["end", "aliases"]:
            aliases.removeAll()
        case "payee", "tag", "comment", "test":
            if word == "comment" || word == "test" { inComment = true }
            skipping = true
        default:
            if line.hasPrefix("=") {
                content.leftOut.append(LeftOut(source: here, reason: "an automated transaction", isWhole: true))
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "the directive `\(word)`, which Tally does not read", isWhole: true))
            }
            skipping = true
        }
    }

    /// A commodity's format (`1.000,00 EUR`, `$1,000.00`): the decimal mark of its
    /// amounts from here on. A format whose mark says nothing for certain (`1,000 EUR`)
    /// declares none; a format for another commodity than its block's is listed.
    private mutating func declareFormat(_ format: String, at here: SourceLine) {
        let bytes = ArraySlice(format.utf8)
        var number: [UInt8] = [], symbol: [UInt8] = []
        var quoted = false
        for b in bytes {
            if b == ASCII.quote { quoted.toggle(); continue }
            if !quoted && (ASCII.isDigit(b) || b == ASCII.comma || b == ASCII.dot) {
                number.append(b)
            } else if quoted || (b != ASCII.space && b != ASCII.tab && b != ASCII.minus && b != ASCII.plus) {
                symbol.append(b)
            }
        }
        let commodity = String(decoding: symbol, as: UTF8.self)
        if let block = formatOf, block != commodity {
            content.leftOut.append(LeftOut(source: here, reason: "a `format` for `\(commodity)` in the block of `\(block)`"))
            return
        }
        if let mark = DecimalMarks.declaredByFormat(number[...]) { marks.perCommodity[commodity] = mark }
        content.styles.declare(commodity, format: format)
    }

    /// hledger's `type:` tag in a comment of an `account` directive: the type of the
    /// account and its subaccounts. A value hledger does not know is listed.
    private mutating func declareType(_ comment: Substring, at here: SourceLine) {
        guard let account = typeOf, let value = AccountType.tagValue(in: comment) else { return }
        if let type = AccountType(hledger: value) {
            content.accountTypes[account] = type
        } else {
            content.leftOut.append(LeftOut(source: here, reason: "an account type `\(value)` that hledger does not define"))
        }
    }
}
