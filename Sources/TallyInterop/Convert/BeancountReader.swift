import Foundation
import TallyCore
import TallySyntax

/// Reads beancount files: transactions (payee and narration, tags, metadata, postings
/// with their metadata), `open`, `close`, `balance`, `price` and `include`. `pad`,
/// plugins, `pushtag`, `note`, `document`, `event`, `query` and `custom` entries are
/// listed as left out.
struct BeancountReader {
    var content = PeerJournalContent()
    /// `close` dates by account.
    var closings: [String: CivilDate] = [:]
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
        var indents: [Int] = []  // of the current transaction's postings
        var skipping = false
        func finish() {
            if let t = current { content.transactions.append(t) }
            current = nil
        }
        for (i, line) in lines.enumerated() {
            let here = SourceLine(file: path, line: i + 1)
            let trimmed = line.trimmedSpaces
            if trimmed.isEmpty || trimmed.hasPrefix(";") { if trimmed.isEmpty { finish(); skipping = false }; continue }
            if line.first == " " || line.first == "\t" {
                if skipping { continue }
                guard current != nil else { continue }  // metadata of open, commodity, ...
                let indent = line.prefix { $0 == " " || $0 == "\t" }.count
                if let (key, value) = BeancountReader.metadata(trimmed) {
                    if let last = current!.postings.indices.last, indent > indents[last] {
                        current!.postings[last].metadata.append((key, value))
                    } else {
                        current!.metadata.append((key, value))
                    }
                    continue
                }
                if let posting = parsePosting(trimmed, at: here) {
                    current!.postings.append(posting)
                    indents.append(indent)
                }
                continue
            }
            finish()
            skipping = false
            let words = BeancountReader.words(trimmed)
            guard let first = words.first else { continue }
            if first == "include", words.count > 1 {
                let target = BeancountReader.unquote(words[1])
                let base = URL(fileURLWithPath: path).deletingLastPathComponent()
                try read(target.hasPrefix("/") ? target : base.appendingPathComponent(target).path)
                continue
            }
            if first == "option" { continue }
            guard let date = LedgerJournalReader.date(first), words.count > 1 else {
                content.leftOut.append(LeftOut(source: here, reason: "`\(first)`, which Tally does not read"))
                skipping = true
                continue
            }
            let keyword = words[1]
            switch keyword {
            case _ where keyword == "*" || keyword == "!" || keyword == "txn" || keyword.hasPrefix("\""):
                var transaction = PeerTransaction(date: date, source: here)
                var strings: [String] = []
                for word in words.dropFirst(keyword.hasPrefix("\"") ? 1 : 2) {
                    if word.hasPrefix("\"") { strings.append(BeancountReader.unquote(word)) } else if word.hasPrefix("#") { transaction.tags.append(String(word.dropFirst())) } else if word.hasPrefix("^") { transaction.metadata.append(("link", String(word.dropFirst()))) } else if word.hasPrefix(";") { break }
                }
                if keyword.hasPrefix("\"") { strings.insert(BeancountReader.unquote(keyword), at: 0) }
                if strings.count >= 2 {
                    transaction.payee = strings[0].isEmpty ? nil : strings[0]
                    transaction.note = strings[1].isEmpty ? nil : strings[1]
                } else if let only = strings.first, !only.isEmpty {
                    transaction.payee = only
                }
                current = transaction
                indents = []
            case "open":
                if words.count > 2 { content.declaredAccounts.append(words[2]) }
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
                    content.leftOut.append(LeftOut(source: here, reason: "a price Tally cannot read"))
                }
            case "balance":
                let amountWords = words.dropFirst(3).prefix { !$0.hasPrefix(";") && $0 != "~" }
                if words.count >= 5, let amount = LedgerJournalReader.amount(amountWords.prefix(2).joined(separator: " ")) {
                    content.balances.append(PeerBalance(date: date, account: words[2], amount: amount, source: here))
                } else {
                    content.leftOut.append(LeftOut(source: here, reason: "a balance Tally cannot read"))
                }
            case "pad":
                content.leftOut.append(LeftOut(source: here, reason: "a `pad` (Tally books only amounts written)"))
            default:
                content.leftOut.append(LeftOut(source: here, reason: "a `\(keyword)` entry, which Tally does not read"))
                skipping = true
            }
        }
        finish()
    }

    /// `[flag] ACCOUNT [AMOUNT [{COST}] [@ PRICE | @@ TOTAL]]`
    private mutating func parsePosting(_ text: String, at source: SourceLine) -> PeerPosting? {
        var body = Comment.beforeComment(text)
        var note: String?
        if let semicolon = text.firstIndex(of: ";") { note = text[text.index(after: semicolon)...].trimmedSpaces }
        if body.hasPrefix("* ") || body.hasPrefix("! ") { body = String(body.dropFirst(2)) }
        let words = body.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let account = words.first else { return nil }
        var posting = PeerPosting(account: account, source: source)
        posting.note = note?.isEmpty == true ? nil : note
        var rest = words.dropFirst().joined(separator: " ")
        if let open = rest.firstIndex(of: "{") {
            posting.hasCost = true
            if let close = rest.lastIndex(of: "}"), open < close { rest.removeSubrange(open ... close) }
        }
        if let at = rest.firstIndex(of: "@") {
            var priceText = rest[rest.index(after: at)...]
            if priceText.hasPrefix("@") { posting.totalPrice = true; priceText = priceText.dropFirst() }
            posting.price = LedgerJournalReader.amount(String(priceText))
            rest = String(rest[..<at])
        }
        rest = rest.trimmedSpaces
        if !rest.isEmpty {
            guard let amount = LedgerJournalReader.amount(rest) else {
                content.leftOut.append(LeftOut(source: source, reason: "an amount Tally cannot read (`\(rest)`)"))
                return posting
            }
            posting.amount = amount
        }
        return posting
    }

    /// `key: value` (a value in quotes loses them).
    static func metadata(_ text: String) -> (String, String)? {
        guard let first = text.first, first.isLowercase, let colon = text.firstIndex(of: ":") else { return nil }
        let key = text[..<colon]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        let value = Comment.beforeComment(String(text[text.index(after: colon)...]))
        return (String(key), unquote(value))
    }

    /// Words, with a quoted string (which may hold spaces) kept as one.
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        var quoted = false
        var escaped = false
        for c in text {
            if quoted {
                word.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
            } else if c == " " || c == "\t" {
                if !word.isEmpty { result.append(word); word = "" }
            } else {
                if c == "\"" { quoted = true }
                word.append(c)
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }

    static func unquote(_ s: String) -> String {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { return s }
        var result = ""
        var escaped = false
        for c in s.dropFirst().dropLast() {
            if escaped { result.append(c); escaped = false } else if c == "\\" { escaped = true } else { result.append(c) }
        }
        return result
    }
}
