import Foundation
import TallyCore
import TallySyntax

/// Reads hledger and ledger journals: transactions with their postings, comments (tags
/// and metadata in both dialects), `P` prices and includes. Directives that change how
/// the rest reads (`alias`, `apply account`, `decimal-mark`, `Y`), periodic and automated
/// transactions, and anything not understood are listed as left out, never skipped
/// silently.
struct LedgerJournalReader {
    var content = PeerJournalContent()
    private var visited = Set<String>()
    let readFile: (String) throws -> String

    init(readFile: @escaping (String) throws -> String) { self.readFile = readFile }

    mutating func read(_ path: String) throws {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        guard visited.insert(resolved).inserted else { return }
        let text = try readFile(path)
        // Cut at line feeds byte by byte (splitting characters is several times slower).
        let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line[...], as: UTF8.self)
        }
        var current: PeerTransaction?
        var skipping = false  // inside a block that is left out
        var inComment = false
        func finish() {
            if let t = current { content.transactions.append(t) }
            current = nil
        }
        for (i, line) in lines.enumerated() {
            let here = SourceLine(file: path, line: i + 1)
            if inComment {
                if line.hasPrefix("end comment") || line.hasPrefix("end test") { inComment = false }
                continue
            }
            guard let first = line.first else { finish(); skipping = false; continue }
            if first == " " || first == "\t" {
                let trimmed = line.trimmedSpaces
                if trimmed.isEmpty { finish(); skipping = false; continue }
                if skipping { continue }
                guard current != nil else {
                    if !trimmed.hasPrefix(";") && !trimmed.hasPrefix("#") {
                        content.leftOut.append(LeftOut(source: here, reason: "an indented line outside a transaction"))
                    }
                    continue
                }
                if trimmed.hasPrefix(";") {
                    let comment = Comment(String(trimmed.dropFirst()))
                    if current!.postings.isEmpty {
                        current!.tags += comment.tags
                        current!.metadata += comment.metadata
                        if let note = comment.note { current!.note = current!.note.map { $0 + " " + note } ?? note }
                    } else {
                        let last = current!.postings.count - 1
                        current!.postings[last].tags += comment.tags
                        current!.postings[last].metadata += comment.metadata
                        if let note = comment.note { current!.postings[last].note = current!.postings[last].note.map { $0 + " " + note } ?? note }
                    }
                    continue
                }
                if let posting = parsePosting(trimmed, at: here) { current!.postings.append(posting) }
                continue
            }
            finish()
            skipping = false
            if first == ";" || first == "#" || first == "*" || first == "%" || first == "|" { continue }
            if first.isNumber {
                current = parseHeader(line, at: here)
                if current == nil {
                    content.leftOut.append(LeftOut(source: here, reason: "a line that does not start a transaction Tally reads"))
                    skipping = true
                }
                continue
            }
            let word = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? line
            switch word {
            case "P":
                if let price = parsePrice(line, at: here) { content.prices.append(price) } else {
                    content.leftOut.append(LeftOut(source: here, reason: "a price directive Tally cannot read"))
                }
            case "include", "!include":
                let target = line.dropFirst(word.count).trimmedSpaces
                let base = URL(fileURLWithPath: path).deletingLastPathComponent()
                let full = target.hasPrefix("/") ? target : base.appendingPathComponent(target).path
                if target.contains("*") {
                    content.leftOut.append(LeftOut(source: here, reason: "an include with a wildcard"))
                } else {
                    try read(full)
                }
            case "account":
                let name = line.dropFirst(word.count).trimmedSpaces
                content.declaredAccounts.append(Comment.beforeComment(name))
                skipping = true
            case "commodity", "payee", "tag", "comment", "test":
                if word == "comment" || word == "test" { inComment = true }
                skipping = true
            default:
                if line.hasPrefix("~") {
                    content.leftOut.append(LeftOut(source: here, reason: "a periodic transaction (Tally has recurring entries, `every`, but does not convert them)"))
                } else if line.hasPrefix("=") {
                    content.leftOut.append(LeftOut(source: here, reason: "an automated transaction"))
                } else {
                    content.leftOut.append(LeftOut(source: here, reason: "the directive `\(word)`, which Tally does not read"))
                }
                skipping = true
            }
        }
        finish()
    }

    /// `DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION [; comment]`
    private mutating func parseHeader(_ line: String, at source: SourceLine) -> PeerTransaction? {
        var rest = Substring(line)
        let dateText = rest.prefix { !$0.isWhitespace && $0 != ";" }
        rest = rest.dropFirst(dateText.count)
        var primary = Substring(dateText)
        if let equals = dateText.firstIndex(of: "=") {
            primary = dateText[..<equals]
            content.leftOut.append(LeftOut(source: source, reason: "a secondary date (the transaction keeps its primary date)"))
        }
        guard let date = LedgerJournalReader.date(String(primary)) else { return nil }
        var text = rest.trimmedSpaces
        if text.hasPrefix("* ") || text.hasPrefix("! ") || text == "*" || text == "!" { text = String(text.dropFirst()).trimmedSpaces }
        if text.hasPrefix("("), let close = text.firstIndex(of: ")") { text = String(text[text.index(after: close)...]).trimmedSpaces }
        var transaction = PeerTransaction(date: date, source: source)
        var description = text
        if let semicolon = text.firstIndex(of: ";") {
            description = String(text[..<semicolon]).trimmedSpaces
            let comment = Comment(String(text[text.index(after: semicolon)...]))
            transaction.tags = comment.tags
            transaction.metadata = comment.metadata
            transaction.note = comment.note
        }
        if let bar = description.firstIndex(of: "|") {
            let payee = description[..<bar].trimmedSpaces
            let note = description[description.index(after: bar)...].trimmedSpaces
            transaction.payee = payee.isEmpty ? nil : payee
            if !note.isEmpty { transaction.note = transaction.note.map { note + " " + $0 } ?? note }
        } else if !description.isEmpty {
            transaction.payee = description
        }
        return transaction
    }

    /// `[*|!] ACCOUNT  [AMOUNT] [@ PRICE | @@ TOTAL] [{COST}] [= ASSERTION] [; comment]`
    private mutating func parsePosting(_ text: String, at source: SourceLine) -> PeerPosting? {
        var rest = Substring(text)
        if rest.hasPrefix("* ") || rest.hasPrefix("! ") { rest = rest.dropFirst(2).drop { $0 == " " } }
        // The account ends at two spaces, a tab, a comment or the end of the line. The
        // bytes are read, not the characters: these are ASCII, and a journal has
        // hundreds of thousands of postings.
        var end = rest.endIndex
        let bytes = rest.utf8
        var index = bytes.startIndex
        var previousSpace = false
        while index < bytes.endIndex {
            let b = bytes[index]
            if b == 9 || b == 59 { end = index; break }
            if b == 32 {
                if previousSpace { end = bytes.index(before: index); break }
                previousSpace = true
            } else {
                previousSpace = false
            }
            index = bytes.index(after: index)
        }
        var account = rest[..<end].trimmedSpaces
        var posting = PeerPosting(account: account, source: source)
        if (account.hasPrefix("(") && account.hasSuffix(")")) || (account.hasPrefix("[") && account.hasSuffix("]")) {
            posting.isVirtual = true
            account = String(account.dropFirst().dropLast())
            posting.account = account
        }
        var amountText = String(rest[end...])
        if let semicolon = amountText.firstIndex(of: ";") {
            let comment = Comment(String(amountText[amountText.index(after: semicolon)...]))
            posting.tags = comment.tags
            posting.metadata = comment.metadata
            posting.note = comment.note
            amountText = String(amountText[..<semicolon])
        }
        amountText = amountText.trimmedSpaces
        if let equals = amountText.firstIndex(of: "=") {
            let assertion = amountText[amountText.index(after: equals)...].drop { $0 == "=" || $0 == "*" }
            posting.assertion = LedgerJournalReader.amount(String(assertion))
            if posting.assertion == nil {
                content.leftOut.append(LeftOut(source: source, reason: "a balance assertion Tally cannot read"))
            }
            amountText = String(amountText[..<equals]).trimmedSpaces
        }
        if amountText.contains("{") {
            posting.hasCost = true
            if let open = amountText.firstIndex(of: "{"), let close = amountText.lastIndex(of: "}"), open < close {
                amountText.removeSubrange(open ... close)
            }
        }
        if let at = amountText.firstIndex(of: "@") {
            var priceText = amountText[amountText.index(after: at)...]
            if priceText.hasPrefix("@") { posting.totalPrice = true; priceText = priceText.dropFirst() }
            posting.price = LedgerJournalReader.amount(String(priceText))
            amountText = String(amountText[..<at])
        }
        amountText = amountText.trimmedSpaces
        if !amountText.isEmpty {
            guard let amount = LedgerJournalReader.amount(amountText) else {
                content.leftOut.append(LeftOut(source: source, reason: "an amount Tally cannot read (`\(amountText)`)"))
                return posting
            }
            posting.amount = amount
        }
        return posting
    }

    /// `P DATE [TIME] COMMODITY PRICE`
    private func parsePrice(_ line: String, at source: SourceLine) -> PeerPrice? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 4, let date = LedgerJournalReader.date(words[1]) else { return nil }
        words.removeFirst(2)
        if words.first?.contains(":") == true { words.removeFirst() }
        guard words.count >= 2 else { return nil }
        let base = LedgerJournalReader.unquote(words[0])
        guard let quote = LedgerJournalReader.amount(words.dropFirst().joined(separator: " ")) else { return nil }
        return PeerPrice(date: date, base: base, quote: quote, source: source)
    }

    /// `2026-01-31`, `2026/01/31` or `2026.01.31`, month and day with or without zeros.
    static func date(_ text: String) -> CivilDate? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), parts[0].count == 4 else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    static func unquote(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    /// `$1,234.56`, `-$5`, `$-5`, `5 EUR`, `EUR -5`, `5.00€`, `"AB1" 5`: the number (a
    /// comma is a thousands mark) and the commodity symbol.
    static func amount(_ text: String) -> PeerAmount? {
        var s = text.trimmedSpaces
        guard !s.isEmpty else { return nil }
        var commodity = ""
        if let open = s.firstIndex(of: "\""), let close = s[s.index(after: open)...].firstIndex(of: "\"") {
            commodity = String(s[s.index(after: open) ..< close])
            s.removeSubrange(open ... close)
        }
        var negative = false
        var digits: [UInt8] = []
        var symbol: [UInt8] = []
        for b in s.utf8 {
            switch b {
            case 45: negative.toggle()  // -
            case 43, 32, 44, 9: continue  // + space , tab
            case 48 ... 57, 46: digits.append(b)  // digits and the decimal point
            default: symbol.append(b)
            }
        }
        if commodity.isEmpty { commodity = String(decoding: symbol, as: UTF8.self) } else if !symbol.isEmpty { return nil }
        guard !digits.isEmpty, let value = Money(utf8: digits[...]) else { return nil }
        return PeerAmount(number: negative ? value.negated : value, commodity: commodity)
    }
}

/// What a comment holds in hledger's and ledger's conventions: ledger's `:tag1:tag2:`,
/// hledger's `tag:` (a tag) and `name: value` (a tag with a value, which is metadata in
/// both), and the rest as a note.
struct Comment {
    var tags: [String] = []
    var metadata: [(String, String)] = []
    var note: String?

    init(_ text: String) {
        let trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return }
        if trimmed.hasPrefix(":") && trimmed.hasSuffix(":") && !trimmed.contains(" ") && trimmed.count > 2 {
            tags = trimmed.split(separator: ":").map(String.init)
            return
        }
        var noteWords: [String] = []
        for piece in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let part = piece.trimmedSpaces
            if let colon = part.firstIndex(of: ":") {
                let before = part[..<colon]
                let words = before.split(separator: " ")
                if let key = words.last, !key.isEmpty, colon == part.index(before: part.endIndex) || part[part.index(after: colon)] == " " {
                    noteWords += words.dropLast().map(String.init)
                    let value = part[part.index(after: colon)...].trimmedSpaces
                    if value.isEmpty { tags.append(String(key)) } else { metadata.append((String(key), value)) }
                    continue
                }
            }
            if !part.isEmpty { noteWords.append(part) }
        }
        if !noteWords.isEmpty { note = noteWords.joined(separator: ", ") }
    }

    /// The text before a `;` comment.
    static func beforeComment(_ s: String) -> String {
        (s.firstIndex(of: ";").map { String(s[..<$0]) } ?? s).trimmedSpaces
    }
}
