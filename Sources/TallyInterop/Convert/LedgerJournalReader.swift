import Foundation
import TallyCore
import TallySyntax

/// Reads hledger and ledger journals: transactions with their postings, comments (tags
/// and metadata in both dialects), `P` prices, includes and periodic transactions (`~`,
/// which the builder converts or lists). Directives that change how the rest reads
/// (`alias`, `apply account`, `Y`), automated transactions, and anything not understood
/// are listed as left out, never skipped silently.
struct LedgerJournalReader {
    var content = PeerJournalContent()
    private var visited = Set<String>()
    /// After hledger's `decimal-mark ,`: for the rest of the file and the files it then
    /// includes, not for the file that included it (as hledger reads it).
    private var decimalComma = false
    let readFile: (String) throws -> String

    init(readFile: @escaping (String) throws -> String) { self.readFile = readFile }

    /// Reads `path` and what it includes; `text` is the file's content when the caller
    /// has already read it.
    mutating func read(_ path: String, text known: String? = nil) throws {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        guard visited.insert(resolved).inserted else { return }
        let including = decimalComma
        defer { decimalComma = including }
        let bytes = Array((try known ?? readFile(path)).utf8)
        var current: PeerTransaction?
        var period: String?  // when `current` is a periodic transaction, its period expression
        var skipping = false  // inside a block that is left out
        var inComment = false
        func finish() {
            if let t = current {
                if let period { content.periodics.append(PeerPeriodic(expression: period, transaction: t)) } else { content.transactions.append(t) }
            }
            current = nil
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
            guard let first = line.first else { finish(); skipping = false; continue }
            if first == ASCII.space || first == ASCII.tab {
                let trimmed = line.trimmedSpaces
                if trimmed.isEmpty { finish(); skipping = false; continue }
                if skipping { continue }
                guard current != nil else {
                    if trimmed.first != ASCII.semicolon && trimmed.first != ASCII.hash {
                        content.leftOut.append(LeftOut(source: here, reason: "an indented line outside a transaction"))
                    }
                    continue
                }
                if trimmed.first == ASCII.semicolon {
                    let comment = Comment(trimmed.dropFirst())
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
            if first == ASCII.semicolon || first == ASCII.hash || first == ASCII.star || first == ASCII.percent || first == ASCII.bar { continue }
            if ASCII.isDigit(first) || (first >= 0x80 && firstCharacter(line)?.isNumber == true) {
                current = parseHeader(line, at: here)
                if current == nil {
                    content.leftOut.append(LeftOut(source: here, reason: "a line that does not start a transaction Tally reads"))
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
        finish()
    }

    /// A line at the start that is not a transaction: `P`, `include`, `account`, the
    /// directives skipped with their block, and what is left out.
    private mutating func readDirective(_ line: String, path: String, at here: SourceLine, skipping: inout Bool, inComment: inout Bool) throws {
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
        case "decimal-mark":
            switch Comment.beforeComment(String(line.dropFirst(word.count))) {
            case ",": decimalComma = true
            case ".": decimalComma = false
            default: content.leftOut.append(LeftOut(source: here, reason: "a `decimal-mark` other than `,` or `.`"))
            }
        case "commodity", "payee", "tag", "comment", "test":
            if word == "comment" || word == "test" { inComment = true }
            skipping = true
        default:
            if line.hasPrefix("=") {
                content.leftOut.append(LeftOut(source: here, reason: "an automated transaction"))
            } else {
                content.leftOut.append(LeftOut(source: here, reason: "the directive `\(word)`, which Tally does not read"))
            }
            skipping = true
        }
    }

    /// `DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION [; comment]`
    private mutating func parseHeader(_ line: JournalBytes, at source: SourceLine) -> PeerTransaction? {
        // The date ends at white space or a comment.
        var dateEnd = line.startIndex
        while dateEnd < line.endIndex {
            let b = line[dateEnd]
            if b == ASCII.semicolon || b == ASCII.space || (b >= 9 && b <= 13) { break }
            if b >= 0x80, scalar(at: dateEnd, in: line)?.properties.isWhitespace == true { break }
            dateEnd += 1
        }
        let dateText = line[line.startIndex ..< dateEnd]
        var primary = dateText
        if let equals = dateText.firstIndex(of: ASCII.equals) {
            primary = dateText[..<equals]
            content.leftOut.append(LeftOut(source: source, reason: "a secondary date (the transaction keeps its primary date)"))
        }
        guard let date = LedgerJournalReader.date(primary) else { return nil }
        var text = line[dateEnd...].trimmedSpaces
        if text.hasPrefix("* ") || text.hasPrefix("! ") || text.equals("*") || text.equals("!") { text = text.dropFirst().trimmedSpaces }
        if text.first == ASCII.openParen, let close = text.firstIndex(of: ASCII.closeParen) { text = text[(close + 1)...].trimmedSpaces }
        var transaction = PeerTransaction(date: date, source: source)
        var description = text
        if let semicolon = text.firstIndex(of: ASCII.semicolon) {
            description = text[..<semicolon].trimmedSpaces
            let comment = Comment(text[(semicolon + 1)...])
            transaction.tags = comment.tags
            transaction.metadata = comment.metadata
            transaction.note = comment.note
        }
        if let bar = description.firstIndex(of: ASCII.bar) {
            let payee = description[..<bar].trimmedSpaces
            let note = description[(bar + 1)...].trimmedSpaces
            transaction.payee = payee.isEmpty ? nil : payee.string
            if !note.isEmpty { transaction.note = transaction.note.map { note.string + " " + $0 } ?? note.string }
        } else if !description.isEmpty {
            transaction.payee = description.string
        }
        return transaction
    }

    /// `~ PERIOD-EXPRESSION[  DESCRIPTION [; comment]]`: the expression ends at two spaces
    /// or a tab, as hledger reads it; the description is read as a transaction's.
    private mutating func parsePeriodicHeader(_ text: JournalBytes, at source: SourceLine) -> (String, PeerTransaction) {
        var rest = text.trimmedSpaces
        var end = rest.endIndex
        var i = rest.startIndex
        while i < rest.endIndex {
            if rest[i] == ASCII.tab || rest[i] == ASCII.semicolon || (rest[i] == ASCII.space && i + 1 < rest.endIndex && rest[i + 1] == ASCII.space) { end = i; break }
            i += 1
        }
        let expression = rest[..<end].trimmedSpaces.string
        rest = rest[end...].trimmedSpaces
        // The description as a transaction header reads it, behind a date that is not used.
        let header = ArraySlice(Array("2000-01-01 ".utf8) + rest)
        let transaction = parseHeader(header, at: source) ?? PeerTransaction(date: CivilDate(year: 2000, month: 1, day: 1)!, source: source)
        return (expression, transaction)
    }

    /// `[*|!] ACCOUNT  [AMOUNT] [@ PRICE | @@ TOTAL] [{COST}] [= ASSERTION] [; comment]`
    private mutating func parsePosting(_ text: JournalBytes, at source: SourceLine) -> PeerPosting? {
        var rest = text
        if rest.hasPrefix("* ") || rest.hasPrefix("! ") { rest = rest.dropFirst(2).drop { $0 == ASCII.space } }
        // The account ends at two spaces, a tab, a comment or the end of the line.
        var end = rest.endIndex
        var index = rest.startIndex
        var previousSpace = false
        while index < rest.endIndex {
            let b = rest[index]
            if b == ASCII.tab || b == ASCII.semicolon { end = index; break }
            if b == ASCII.space {
                if previousSpace { end = index - 1; break }
                previousSpace = true
            } else {
                previousSpace = false
            }
            index += 1
        }
        var account = rest[..<end].trimmedSpaces
        var isVirtual = false
        if let open = account.first, let close = account.last,
           (open == ASCII.openParen && close == ASCII.closeParen) || (open == ASCII.openBracket && close == ASCII.closeBracket), account.count >= 2 {
            isVirtual = true
            account = account.dropFirst().dropLast()
        }
        var posting = PeerPosting(account: account.string, source: source)
        posting.isVirtual = isVirtual
        var amountText = rest[end...]
        if let semicolon = amountText.firstIndex(of: ASCII.semicolon) {
            let comment = Comment(amountText[(semicolon + 1)...])
            posting.tags = comment.tags
            posting.metadata = comment.metadata
            posting.note = comment.note
            amountText = amountText[..<semicolon]
        }
        amountText = amountText.trimmedSpaces
        if let equals = amountText.firstIndex(of: ASCII.equals) {
            let assertion = amountText[(equals + 1)...].drop { $0 == ASCII.equals || $0 == ASCII.star }
            posting.assertion = LedgerJournalReader.amount(assertion, decimalComma: decimalComma)
            if posting.assertion == nil {
                content.leftOut.append(LeftOut(source: source, reason: "a balance assertion Tally cannot read"))
            }
            amountText = amountText[..<equals].trimmedSpaces
        }
        if amountText.contains(ASCII.openBrace) {
            posting.hasCost = true
            if let open = amountText.firstIndex(of: ASCII.openBrace), let close = amountText.lastIndex(of: ASCII.closeBrace), open < close {
                amountText = ArraySlice(amountText[..<open] + amountText[(close + 1)...])
            }
        }
        if let at = amountText.firstIndex(of: ASCII.at) {
            var priceText = amountText[(at + 1)...]
            if priceText.first == ASCII.at { posting.totalPrice = true; priceText = priceText.dropFirst() }
            posting.price = LedgerJournalReader.amount(priceText, decimalComma: decimalComma)
            amountText = amountText[..<at]
        }
        amountText = amountText.trimmedSpaces
        if !amountText.isEmpty {
            guard let amount = LedgerJournalReader.amount(amountText, decimalComma: decimalComma) else {
                content.leftOut.append(LeftOut(source: source, reason: "an amount Tally cannot read (`\(amountText.string)`)"))
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
        guard let quote = LedgerJournalReader.amount(ArraySlice(words.dropFirst().joined(separator: " ").utf8), decimalComma: decimalComma) else { return nil }
        return PeerPrice(date: date, base: base, quote: quote, source: source)
    }

    /// `2026-01-31`, `2026/01/31` or `2026.01.31`, month and day with or without zeros.
    static func date(_ text: String) -> CivilDate? { date(ArraySlice(text.utf8)) }

    /// ``date(_:)-(String)`` on bytes: three numbers (each as `Int` reads it, a `+` allowed)
    /// between `-`, `/` or `.` (repeated separators count as one), the year four digits.
    static func date(_ text: JournalBytes) -> CivilDate? {
        var numbers = (0, 0, 0)
        var count = 0
        var i = text.startIndex
        while i < text.endIndex {
            let b = text[i]
            if b == ASCII.minus || b == ASCII.slash || b == ASCII.dot { i += 1; continue }
            let start = i
            while i < text.endIndex, text[i] != ASCII.minus, text[i] != ASCII.slash, text[i] != ASCII.dot { i += 1 }
            count += 1
            guard count <= 3, let n = integer(text[start ..< i]) else { return nil }
            switch count {
            case 1:
                guard i - start == 4 else { return nil }
                numbers.0 = n
            case 2: numbers.1 = n
            default: numbers.2 = n
            }
        }
        guard count == 3 else { return nil }
        return CivilDate(year: numbers.0, month: numbers.1, day: numbers.2)
    }

    /// A decimal number as `Int(_:)` reads it: an optional sign and ASCII digits.
    private static func integer(_ text: JournalBytes) -> Int? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == ASCII.plus || sign == ASCII.minus { negative = sign == ASCII.minus; digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for b in digits {
            guard ASCII.isDigit(b) else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = negative ? times.subtractingReportingOverflow(Int(b - 48)) : times.addingReportingOverflow(Int(b - 48))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    static func unquote(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    /// `$1,234.56`, `-$5`, `$-5`, `5 EUR`, `EUR -5`, `5.00€`, `"AB1" 5`: the number (a
    /// comma is a thousands mark) and the commodity symbol.
    static func amount(_ text: String) -> PeerAmount? { amount(ArraySlice(text.utf8)) }

    /// ``amount(_:)-(String)`` on bytes; after hledger's `decimal-mark ,` the comma is the
    /// decimal mark and the period a thousands mark.
    static func amount(_ text: JournalBytes, decimalComma: Bool = false) -> PeerAmount? {
        let decimalMark = decimalComma ? ASCII.comma : ASCII.dot
        let groupMark = decimalComma ? ASCII.dot : ASCII.comma
        let s = text.trimmedSpaces
        guard !s.isEmpty else { return nil }
        var commodity = ""
        var quoted = s.endIndex ..< s.endIndex  // the quoted commodity with its quotes
        if let open = s.firstIndex(of: ASCII.quote), let close = s[(open + 1)...].firstIndex(of: ASCII.quote) {
            commodity = s[(open + 1) ..< close].string
            quoted = open ..< close + 1
        }
        // The number is the digits and points, the symbol the other bytes (signs, spaces
        // and thousands marks aside). Each is usually one run of bytes, read in place;
        // otherwise its pieces are gathered.
        var negative = false
        var digitRun = s.startIndex ..< s.startIndex, digitRuns = 0
        var symbolRun = s.startIndex ..< s.startIndex, symbolRuns = 0
        var i = s.startIndex
        while i < s.endIndex {
            if i == quoted.lowerBound { i = quoted.upperBound; continue }
            let b = s[i]
            switch b {
            case ASCII.minus: negative.toggle()
            case ASCII.plus, ASCII.space, groupMark, ASCII.tab: break
            case 48 ... 57, decimalMark:
                if digitRuns > 0 && digitRun.upperBound == i { digitRun = digitRun.lowerBound ..< i + 1 } else { digitRun = i ..< i + 1; digitRuns += 1 }
            default:
                if symbolRuns > 0 && symbolRun.upperBound == i { symbolRun = symbolRun.lowerBound ..< i + 1 } else { symbolRun = i ..< i + 1; symbolRuns += 1 }
            }
            i += 1
        }
        func gathered(_ keep: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            var bytes: [UInt8] = []
            var i = s.startIndex
            while i < s.endIndex {
                if i == quoted.lowerBound { i = quoted.upperBound; continue }
                if keep(s[i]) { bytes.append(s[i] == decimalMark ? ASCII.dot : s[i]) }
                i += 1
            }
            return bytes[...]
        }
        func isDigit(_ b: UInt8) -> Bool { ASCII.isDigit(b) || b == decimalMark }
        func isSymbol(_ b: UInt8) -> Bool { !isDigit(b) && b != ASCII.minus && b != ASCII.plus && b != ASCII.space && b != groupMark && b != ASCII.tab }
        let symbolEmpty = symbolRuns == 0
        if commodity.isEmpty {
            if !symbolEmpty { commodity = symbolRuns == 1 ? s[symbolRun].string : gathered(isSymbol).string }
        } else if !symbolEmpty {
            return nil
        }
        guard digitRuns > 0, let value = Money(utf8: digitRuns == 1 && !decimalComma ? s[digitRun] : gathered(isDigit)) else { return nil }
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

    init(_ text: String) { self.init(ArraySlice(text.utf8)) }

    init(_ text: JournalBytes) {
        let trimmed = text.trimmedSpaces
        guard !trimmed.isEmpty else { return }
        if trimmed.first == ASCII.colon && trimmed.last == ASCII.colon && !trimmed.contains(ASCII.space) && trimmed.count > 2 {
            tags = trimmed.split(separator: ASCII.colon).map(\.string)
            return
        }
        var noteWords: [String] = []
        for piece in trimmed.split(separator: ASCII.comma, omittingEmptySubsequences: false) {
            let part = piece.trimmedSpaces
            if let colon = part.firstIndex(of: ASCII.colon) {
                let words = part[..<colon].split(separator: ASCII.space)
                if let key = words.last, colon == part.endIndex - 1 || part[colon + 1] == ASCII.space {
                    noteWords += words.dropLast().map(\.string)
                    let value = part[(colon + 1)...].trimmedSpaces
                    if value.isEmpty { tags.append(key.string) } else { metadata.append((key.string, value.string)) }
                    continue
                }
            }
            if !part.isEmpty { noteWords.append(part.string) }
        }
        if !noteWords.isEmpty { note = noteWords.joined(separator: ", ") }
    }

    /// The text before a `;` comment.
    static func beforeComment(_ s: String) -> String {
        (s.firstIndex(of: ";").map { String(s[..<$0]) } ?? s).trimmedSpaces
    }
}
