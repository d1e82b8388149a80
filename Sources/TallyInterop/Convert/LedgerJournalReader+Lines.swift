import TallyCore
import TallySyntax

/// The lines of a journal: transaction headers, periodic headers, postings, prices.
extension LedgerJournalReader {
    /// `DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION [; comment]`
    mutating func parseHeader(_ line: JournalBytes, at source: SourceLine) -> PeerTransaction? {
        // The date ends at white space or a comment.
        var dateEnd = line.startIndex
        while dateEnd < line.endIndex {
            let b = line[dateEnd]
            if b == ASCII.semicolon || b == ASCII.space || ASCII.isControlSpace(b) { break }
            if ASCII.isBeyondASCII(b), scalar(at: dateEnd, in: line)?.properties.isWhitespace == true { break }
            dateEnd += 1
        }
        let dateText = line[line.startIndex ..< dateEnd]
        var primary = dateText
        var secondary: JournalBytes?
        if let equals = dateText.firstIndex(of: ASCII.equals) {
            primary = dateText[..<equals]
            secondary = dateText[(equals + 1)...]
        }
        guard let date = LedgerJournalReader.date(primary) else { return nil }
        var text = line[dateEnd...].trimmedSpaces
        // The status mark and the code are kept as metadata (`status: cleared`, `code:
        // 101`), which `tally export` writes back as they were; so is a secondary date
        // (`date2: 2004-05-01`), which the peers read only when asked (`--date2`,
        // `--aux-date`): the figures are the primary date's.
        var kept: [(String, String)] = []
        if let secondary {
            // A secondary date may leave out the year: the primary's (ledger, hledger).
            if let second = LedgerJournalReader.date(secondary) ?? LedgerJournalReader.date("\(date.year)/" + secondary.string) {
                kept.append(("date2", second.iso))
            } else {
                content.leftOut.append(LeftOut(source: source, reason: "a secondary date that cannot be read (the transaction keeps its primary date)"))
            }
        }
        if text.hasPrefix("* ") || text.hasPrefix("! ") || text.equals("*") || text.equals("!") {
            kept.append(("status", text.first == ASCII.star ? "cleared" : "pending"))
            text = text.dropFirst().trimmedSpaces
        }
        if text.first == ASCII.openParen, let close = text.firstIndex(of: ASCII.closeParen) {
            let code = text[(text.startIndex + 1) ..< close].trimmedSpaces
            if !code.isEmpty { kept.append(("code", code.string)) }
            text = text[(close + 1)...].trimmedSpaces
        }
        var transaction = PeerTransaction(date: date, source: source)
        transaction.metadata = kept
        var description = text
        if let semicolon = text.firstIndex(of: ASCII.semicolon) {
            description = text[..<semicolon].trimmedSpaces
            let comment = Comment(text[(semicolon + 1)...])
            transaction.tags = comment.tags
            transaction.metadata += comment.metadata
            transaction.note = comment.note
            if comment.note != nil { transaction.notePlace = "comment" }
        }
        if let bar = description.firstIndex(of: ASCII.bar) {
            let payee = description[..<bar].trimmedSpaces
            let note = description[(bar + 1)...].trimmedSpaces
            transaction.payee = payee.isEmpty ? nil : payee.string
            if !note.isEmpty {
                if transaction.note != nil { transaction.notePlace = "mixed" }
                transaction.note = transaction.note.map { note.string + " " + $0 } ?? note.string
            }
        } else if !description.isEmpty {
            transaction.payee = description.string
        }
        return transaction
    }

    /// `~ PERIOD-EXPRESSION[  DESCRIPTION [; comment]]`: the expression ends at two spaces
    /// or a tab, as hledger reads it; the description is read as a transaction's.
    mutating func parsePeriodicHeader(_ text: JournalBytes, at source: SourceLine) -> (String, PeerTransaction) {
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

    /// `[*|!] ACCOUNT  [AMOUNT] [@ PRICE | @@ TOTAL] [{COST}] [= ASSERTION] [; comment]`,
    /// and why its transaction cannot be converted when its amount or price is in doubt.
    mutating func parsePosting(_ text: JournalBytes, at source: SourceLine) -> (PeerPosting, String?) {
        var doubt: String?
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
            (open == ASCII.openParen && close == ASCII.closeParen) || (open == ASCII.openBracket && close == ASCII.closeBracket), account.count >= 2
        {
            isVirtual = true
            account = account.dropFirst().dropLast()
        }
        var posting = PeerPosting(account: accountNames.string(account), source: source)
        posting.isVirtual = isVirtual
        var amountText = rest[end...]
        if let semicolon = amountText.firstIndex(of: ASCII.semicolon) {
            let comment = Comment(amountText[(semicolon + 1)...])
            posting.readDates(amountText[(semicolon + 1)...])
            posting.tags = comment.tags
            posting.metadata = comment.metadata
            posting.note = comment.note
            amountText = amountText[..<semicolon]
        }
        amountText = amountText.trimmedSpaces
        if let equals = amountText.firstIndex(of: ASCII.equals) {
            let assertion = posting.readAssertionMarks(amountText[(equals + 1)...])
            do {
                posting.assertion = try LedgerJournalReader.amount(assertion, marks: &marks)
                if posting.assertion == nil {
                    content.leftOut.append(LeftOut(source: source, reason: "a balance assertion Tally cannot read"))
                }
            } catch {
                content.leftOut.append(LeftOut(source: source, reason: "a balance assertion whose amount is in doubt: \(error.reason)"))
            }
            amountText = amountText[..<equals].trimmedSpaces
        }
        if let open = amountText.firstIndex(of: ASCII.openBrace) {
            let close = amountText.lastIndex(of: ASCII.closeBrace).flatMap { $0 > open ? $0 : nil }
            posting.cost = PostingCost(amountText[open ..< ((close ?? amountText.endIndex - 1) + 1)])
            if let close { amountText = ArraySlice(amountText[..<open] + LedgerJournalReader.withoutLotNotes(amountText[(close + 1)...])) }
        }
        if let at = amountText.firstIndex(of: ASCII.at) {
            var priceText = amountText[(at + 1)...]
            if priceText.first == ASCII.at { posting.totalPrice = true; priceText = priceText.dropFirst() }
            do {
                posting.price = try LedgerJournalReader.amount(priceText, marks: &marks)
            } catch {
                doubt = doubt ?? error.reason
            }
            amountText = amountText[..<at]
        }
        amountText = amountText.trimmedSpaces
        if !amountText.isEmpty {
            do {
                guard let amount = try LedgerJournalReader.amount(amountText, marks: &marks) else {
                    return (posting, "an amount Tally cannot read (`\(amountText.string)`) on line \(source.line)")
                }
                posting.amount = amount
                content.styles.note(amountText, amount.commodity, declaredMark: marks.declaredMark(for: amount.commodity))
            } catch {
                doubt = doubt ?? error.reason
            }
        }
        return (posting, doubt.map { "an amount in doubt on line \(source.line): \($0)" })
    }

    /// `P DATE [TIME] COMMODITY PRICE`
    mutating func parsePrice(_ line: String, at source: SourceLine) throws(Doubt) -> PeerPrice? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 4, let date = LedgerJournalReader.date(words[1]) else { return nil }
        words.removeFirst(2)
        if words.first?.contains(":") == true { words.removeFirst() }
        guard words.count >= 2 else { return nil }
        let base = LedgerJournalReader.unquote(words[0])
        guard let quote = try LedgerJournalReader.amount(ArraySlice(words.dropFirst().joined(separator: " ").utf8), marks: &marks) else { return nil }
        return PeerPrice(date: date, base: base, quote: quote, source: source)
    }
}

extension PeerPosting {
    /// The `=` of `==` (nothing else) and the `*` of `=*` (with subaccounts) after an
    /// assertion's first `=`, noted; the amount after them.
    mutating func readAssertionMarks(_ text: JournalBytes) -> JournalBytes {
        var rest = text
        if rest.first == ASCII.equals { assertsTotal = true; rest = rest.dropFirst() }
        if rest.first == ASCII.star { assertsSubaccounts = true; rest = rest.dropFirst() }
        return rest
    }
}

extension LedgerJournalReader {
    /// What follows a lot's cost without ledger's lot date and note (`[2024/01/05]`,
    /// `(lot 1)`), which describe the lot and weigh nothing.
    static func withoutLotNotes(_ text: JournalBytes) -> JournalBytes {
        var rest = text.trimmedSpaces
        while let first = rest.first, first == ASCII.openBracket || first == ASCII.openParen {
            let closing = first == ASCII.openBracket ? ASCII.closeBracket : ASCII.closeParen
            guard let end = rest.firstIndex(of: closing) else { break }
            rest = rest[(end + 1)...].trimmedSpaces
        }
        return [ASCII.space] + rest
    }
}
