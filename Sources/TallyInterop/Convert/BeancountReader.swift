import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Reads beancount files: transactions (payee and narration, tags, metadata, postings
/// with their metadata), `open`, `close`, `balance`, `pad`, `price`, `include`, and
/// `pushtag`/`poptag` and `pushmeta`/`popmeta` (applied to the transactions between
/// them). Plugins, `note`, `document`, `event`, `query` and `custom` entries are listed
/// as left out.
struct BeancountReader {
    var content = PeerJournalContent()
    /// Tags and metadata pushed in the file being read, in order: beancount adds them to
    /// every transaction until they are popped, within the one file.
    private var pushedTags: [String] = []
    private var pushedMetadata: [(key: String, value: String)] = []
    /// `close` dates by account.
    var closings: [String: CivilDate] = [:]
    private var visited = Set<String>()
    /// True from a Fava `custom "budget"` entry to the next entry: its metadata lines
    /// are read onto the goal.
    var budgetTakesMetadata = false
    var accountNames = NameTable()  // the postings' account names, one string per name
    let readFile: (String) throws -> String

    init(readFile: @escaping (String) throws -> String) { self.readFile = readFile }

    /// Reads `path` and what it includes; `text` is the file's content when the caller
    /// has already read it.
    mutating func read(_ path: String, text known: String? = nil) throws {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        guard visited.insert(resolved).inserted else { return }
        let bytes = Array((try known ?? readFile(path)).utf8)
        let outer = (pushedTags, pushedMetadata)
        (pushedTags, pushedMetadata) = ([], [])
        defer { (pushedTags, pushedMetadata) = outer }
        var current: PeerTransaction?
        var indents: [Int] = []  // of the current transaction's postings
        var skipping = false
        func finish(_ current: inout PeerTransaction?) {  // passed, not captured (see LedgerJournalReader)
            if let t = current.take() { content.transactions.append(t) }
        }
        var number = 0
        let withinStrings = BeancountStrings.continuationLines(bytes)
        for line in JournalLines(bytes) {
            number += 1
            // A line within a multi-line string belongs to the entry above (kept whole).
            if !withinStrings.isEmpty, withinStrings.contains(number) { continue }
            let here = SourceLine(file: path, line: number)
            let trimmed = line.trimmedSpaces
            if trimmed.isEmpty || trimmed.first == ASCII.semicolon { if trimmed.isEmpty { finish(&current); skipping = false }; continue }
            // Org-mode headings and drawers (`* Banking`, `:PROPERTIES:`): beancount skips them.
            if line.first == ASCII.star || line.first == ASCII.colon { finish(&current); continue }
            if line.first == ASCII.space || line.first == ASCII.tab {
                if skipping {
                    // A Fava budget's metadata (`envelope:`, `in:`) belongs to its goal.
                    if budgetTakesMetadata, let (key, value) = BeancountReader.metadata(trimmed), let last = content.periodics.indices.last {
                        content.periodics[last].transaction.metadata.append((key, value))
                    }
                    continue
                }
                guard current != nil else { continue }  // metadata of open, commodity, ...
                let indent = trimmed.startIndex - line.startIndex
                if let (key, value) = BeancountReader.metadata(trimmed) {
                    if let last = current?.postings.indices.last, indent > indents[last] {
                        current?.postings[last].metadata.append((key, value))
                    } else {
                        current?.metadata.append((key, value))
                    }
                    continue
                }
                if let posting = parsePosting(trimmed, at: here) {
                    current?.postings.append(posting)
                    indents.append(indent)
                }
                continue
            }
            finish(&current)
            skipping = false
            budgetTakesMetadata = false
            let words = trimmed.quotedWords
            guard let first = words.first else { continue }
            if words.count > 1, let date = LedgerJournalReader.date(first) {
                let keyword = words[1]
                if keyword.equals("*") || keyword.equals("!") || keyword.equals("txn") || keyword.first == ASCII.quote {
                    current = transaction(date, words, at: here)
                    current?.postings.reserveCapacity(2)  // the usual two, rather than growing twice
                    indents.removeAll(keepingCapacity: true)
                    continue
                }
            }
            try readDirective(words.map(\.string), path: path, at: here, skipping: &skipping)
        }
        finish(&current)
    }

    /// `DATE FLAG ["PAYEE"] ["NARRATION"] [#tag] [^link]`, from its words.
    private func transaction(_ date: CivilDate, _ words: [JournalBytes], at here: SourceLine) -> PeerTransaction {
        let keyword = words[1]
        let flagless = keyword.first == ASCII.quote
        var transaction = PeerTransaction(date: date, source: here)
        transaction.balancesAtCost = true
        if keyword.equals("!") { transaction.metadata.append(("status", "pending")) }  // `*` is the default
        var strings: [String] = []
        for word in words.dropFirst(flagless ? 1 : 2) {
            if word.first == ASCII.quote {
                strings.append(BeancountReader.unquote(word))
            } else if word.first == ASCII.hash {
                transaction.tags.append(word.dropFirst().string)
            } else if word.first == ASCII.caret {
                transaction.metadata.append(("link", word.dropFirst().string))
            } else if word.first == ASCII.semicolon {
                break
            }
        }
        if flagless { strings.insert(BeancountReader.unquote(keyword), at: 0) }
        for tag in pushedTags where !transaction.tags.contains(tag) { transaction.tags.append(tag) }
        for (key, value) in pushedMetadata where !transaction.metadata.contains(where: { $0.0 == key }) {
            transaction.metadata.append((key, value))
        }
        if strings.count >= 2 {
            transaction.payee = strings[0].isEmpty ? nil : strings[0]
            transaction.note = strings[1].isEmpty ? nil : strings[1]
        } else if let only = strings.first, !only.isEmpty {
            transaction.payee = only
        }
        return transaction
    }

    /// A line at the start that is not a transaction: `include`, `option`, `open`,
    /// `close`, `commodity`, `price`, `balance`, and what is left out.
    private mutating func readDirective(_ words: [String], path: String, at here: SourceLine, skipping: inout Bool) throws {
        guard let first = words.first else { return }
        if first == "include", words.count > 1 {
            let target = BeancountReader.unquote(words[1])
            let base = URL(fileURLWithPath: path).deletingLastPathComponent()
            let full = target.hasPrefix("/") ? target : base.appendingPathComponent(target).path
            let files = IncludePattern.isPattern(target) ? IncludePattern.files(matching: full, excluding: path) : [full]
            if files.isEmpty { content.leftOut.append(LeftOut(source: here, reason: "an include whose pattern matches no file", isWhole: true)) }
            for file in files { try read(file) }
            return
        }
        if first == "option" {
            readOption(words)
            return
        }
        if readPushed(words, at: here) { return }
        guard let date = LedgerJournalReader.date(first), words.count > 1 else {
            content.leftOut.append(LeftOut(source: here, reason: "`\(first)`, which Tally does not read", isWhole: true))
            skipping = true
            return
        }
        let keyword = words[1]
        switch keyword {
        case "open":
            if words.count > 2 { content.declaredAccounts.append(words[2]) }
            // `open ACCOUNT CHF, EUR "FIFO"`: the currencies, then an optional booking method.
            let listed = words.dropFirst(3).prefix { !$0.hasPrefix("\"") && !$0.hasPrefix(";") }.joined()
            if words.count > 2, !listed.isEmpty {
                content.allowedCommodities[words[2]] = Set(listed.split(separator: ",").map(String.init))
            }
            if words.count > 2, let method = words.dropFirst(3).prefix(while: { !$0.hasPrefix(";") }).first(where: { $0.hasPrefix("\"") }) {
                content.bookingMethods[words[2]] = BeancountReader.unquote(method)
            }
            skipping = true
        case "close":
            if words.count > 2 { closings[words[2]] = date }
            skipping = true
        case "commodity":
            skipping = true
        case "price":
            if words.count >= 4, let quote = LedgerJournalReader.amount(words[3...].prefix(2).joined(separator: " ")) {
                content.prices.append(PeerPrice(date: date, base: words[2], quote: quote, source: here))
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "a price Tally cannot read", isWhole: true))
            }
        case "balance":
            let amountWords = words.dropFirst(3).prefix { !$0.hasPrefix(";") && $0 != "~" }
            if words.count >= 5, let amount = LedgerJournalReader.amount(amountWords.prefix(2).joined(separator: " ")) {
                content.balances.append(PeerBalance(date: date, account: words[2], amount: amount, source: here))
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "a balance Tally cannot read"))
            }
        case "pad":
            if words.count >= 4 {
                content.pads.append(PeerPad(date: date, account: words[2], source: words[3], line: here, position: content.transactions.count))
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "a `pad` Tally cannot read"))
            }
        default:
            if !readBudget(words, date, at: here) { content.leftOut.append(LeftOut(source: here, reason: "a `\(keyword)` entry, which Tally does not read", isWhole: true)) }
            skipping = true
        }
    }

    /// `pushtag #trip`, `poptag #trip`, `pushmeta key: value`, `popmeta key:`; true when
    /// `words` is one of them. A pop of what was not pushed is listed, as beancount
    /// reports it.
    private mutating func readPushed(_ words: [String], at here: SourceLine) -> Bool {
        guard let first = words.first, ["pushtag", "poptag", "pushmeta", "popmeta"].contains(first) else { return false }
        let argument = words.dropFirst().prefix { !$0.hasPrefix(";") }
        switch first {
        case "pushtag", "poptag":
            guard argument.count == 1, let tag = argument.first, tag.hasPrefix("#"), tag.count > 1 else {
                content.leftOut.append(LeftOut(source: here, reason: "a `\(first)` Tally cannot read", isWhole: true))
                return true
            }
            let name = String(tag.dropFirst())
            if first == "pushtag" {
                pushedTags.append(name)
            } else if let i = pushedTags.lastIndex(of: name) {
                pushedTags.remove(at: i)
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "a `poptag` of a tag that was not pushed", isWhole: true))
            }
        default:
            guard let key = argument.first, key.hasSuffix(":"), key.count > 1 else {
                content.leftOut.append(LeftOut(source: here, reason: "a `\(first)` Tally cannot read", isWhole: true))
                return true
            }
            let name = String(key.dropLast())
            if first == "pushmeta" {
                pushedMetadata.append((name, argument.dropFirst().map { BeancountReader.unquote($0) }.joined(separator: " ")))
            } else if let i = pushedMetadata.lastIndex(where: { $0.key == name }) {
                pushedMetadata.remove(at: i)
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "a `popmeta` of a key that was not pushed", isWhole: true))
            }
        }
        return true
    }

    /// `[flag] ACCOUNT [AMOUNT [{COST}] [@ PRICE | @@ TOTAL]]`
    private mutating func parsePosting(_ text: JournalBytes, at source: SourceLine) -> PeerPosting? {
        var body = text
        var note: String?
        if let semicolon = text.firstIndex(of: ASCII.semicolon) {
            body = text[..<semicolon]
            let after = text[(semicolon + 1)...].trimmedSpaces
            if !after.isEmpty { note = after.string }
        }
        body = body.trimmedSpaces
        if body.hasPrefix("* ") || body.hasPrefix("! ") { body = body.dropFirst(2) }
        // The account is the first word between spaces; the rest is the other words
        // joined by single spaces (which is the text as written, unless it has a run of
        // spaces).
        var i = body.startIndex
        while i < body.endIndex, body[i] == ASCII.space { i += 1 }
        let accountStart = i
        while i < body.endIndex, body[i] != ASCII.space { i += 1 }
        guard accountStart < i else { return nil }
        var posting = PeerPosting(account: accountNames.string(body[accountStart ..< i]), source: source)
        posting.note = note
        while i < body.endIndex, body[i] == ASCII.space { i += 1 }
        var rest = body[i...]
        if rest.indices.dropFirst().contains(where: { rest[$0] == ASCII.space && rest[$0 - 1] == ASCII.space }) {
            var joined: [UInt8] = []
            for word in rest.split(separator: ASCII.space) {
                if !joined.isEmpty { joined.append(ASCII.space) }
                joined += word
            }
            rest = joined[...]
        }
        if let open = rest.firstIndex(of: ASCII.openBrace) {
            let close = rest.lastIndex(of: ASCII.closeBrace).flatMap { $0 > open ? $0 : nil }
            posting.cost = PostingCost(rest[open ..< ((close ?? rest.endIndex - 1) + 1)])
            if let close { rest = ArraySlice(rest[..<open] + rest[(close + 1)...]) }
        }
        if let at = rest.firstIndex(of: ASCII.at) {
            var priceText = rest[(at + 1)...]
            if priceText.first == ASCII.at { posting.totalPrice = true; priceText = priceText.dropFirst() }
            posting.price = LedgerJournalReader.amount(priceText)
            rest = rest[..<at]
        }
        rest = rest.trimmedSpaces
        if !rest.isEmpty {
            guard let amount = LedgerJournalReader.amount(rest) else {
                content.leftOut.append(LeftOut(source: source, reason: "an amount Tally cannot read (`\(rest.string)`)"))
                return posting
            }
            posting.amount = amount
        }
        return posting
    }

    /// `key: value` (a value in quotes loses them).
    static func metadata(_ text: JournalBytes) -> (String, String)? {
        guard let first = text.first else { return nil }
        if ASCII.isBeyondASCII(first) { return metadata(text.string) }  // a key may start with any lowercase letter
        guard ASCII.isLowercase(first), let colon = text.firstIndex(of: ASCII.colon) else { return nil }
        let key = text[..<colon]
        if key.contains(where: ASCII.isBeyondASCII) { return metadata(text.string) }
        guard key.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == ASCII.minus || $0 == ASCII.underscore }) else { return nil }
        var value = text[(colon + 1)...]
        if let semicolon = value.firstIndex(of: ASCII.semicolon) { value = value[..<semicolon] }
        return (key.string, unquote(value.trimmedSpaces))
    }

    /// ``metadata(_:)-(JournalBytes)`` on a key with letters beyond ASCII.
    static func metadata(_ text: String) -> (String, String)? {
        guard let first = text.first, first.isLowercase, let colon = text.firstIndex(of: ":") else { return nil }
        let key = text[..<colon]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        let value = Comment.beforeComment(String(text[text.index(after: colon)...]))
        return (String(key), unquote(value))
    }

    static func unquote(_ s: String) -> String { unquote(ArraySlice(s.utf8)) }

    /// A string without its double quotes, `\x` read as `x`; other text as it is.
    static func unquote(_ s: JournalBytes) -> String {
        guard s.count >= 2, s.first == ASCII.quote, s.last == ASCII.quote else { return s.string }
        let inner = s.dropFirst().dropLast()
        guard inner.contains(ASCII.backslash) else { return inner.string }
        var result: [UInt8] = []
        var escaped = false
        for b in inner {
            if escaped { result.append(b); escaped = false } else if b == ASCII.backslash { escaped = true } else { result.append(b) }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
