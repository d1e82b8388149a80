import TallySyntax

/// The per-run tables of the flat path.
struct FlatTables {
    var wallets = NameTable([:])
    var categories = NameTable([:])
    var goals = NameTable([:])
    var rules = NameTable([:])
    var envelopes = NameTable([:])
    var texts = TextTable()
    var tags = TextTable()
    /// Kept apart from `texts`: a person's name is read as a name, not as quoted text.
    var people = TextTable()
    /// Decimals of each wallet's currency.
    var walletDecimals: [Int] = []
    /// The details of entries whose only detail is their tags, one per list of tags, and
    /// the last one handed out (see ``Lowering/sharedTagDetails(_:)``).
    var tagDetails: [[String]: EntryDetails] = [:]
    var lastTagDetails: EntryDetails?
}

/// The hot path of lowering: transactions read straight from the tree's flat arrays.
///
/// Nine in ten dated entries are plain transactions, and lowering them through the
/// typed views made several views, arrays and strings per entry. This path reads each
/// transaction in one pass over its children, resolves names by their bytes, and makes
/// strings only once per distinct payee, note or tag. It must give exactly what
/// ``Lowering/lowerDated(_:date:file:order:)`` gives. Whatever it does not handle (a
/// wallet written with escapes or not declared, a child of a kind it does not read) it
/// leaves to that path before it has changed anything; problems that can only be found
/// on the way (amounts, categories, clauses, split lines) it reports through the same
/// functions.
extension Lowering {
    /// What the flat path did with an entry: left it to the general path (having changed
    /// nothing), dropped it (as the general path would), or appended it to `entries`
    /// (in place: an entry is large, and handing it back would copy it).
    enum FlatResult {
        case unhandled, dropped, appended
    }

    func makeFlatTables() -> FlatTables {
        FlatTables(
            wallets: NameTable(walletIndex), categories: NameTable(categoryIndex), goals: NameTable(goalIndex),
            rules: NameTable(ruleIndex), envelopes: NameTable(envelopeIndex),
            walletDecimals: wallets.map { decimals(of: $0.currency) })
    }

    /// The index a name node resolves to in `table`, found by its bytes; nil when it is
    /// not found or cannot be compared byte for byte (the general path then decides).
    static func find(_ nameNode: Int, _ flat: FlatSyntax, in table: NameTable) -> Int? {
        guard let token = flat.firstContentToken(nameNode) else { return nil }
        let r = flat.range(ofToken: token)
        return flat.bytes.withUnsafeBufferPointer { bytes -> Int? in
            switch flat.tokenKind(token) {
            case .name:
                return table.find(UnsafeBufferPointer(rebasing: bytes[r.start ..< r.end]))
            case .quotedName:
                // The bytes between the quotes are the name when nothing is escaped.
                guard r.length >= 2, bytes[r.end - 1] == bytes[r.start] else { return nil }
                let inner = UnsafeBufferPointer(rebasing: bytes[r.start + 1 ..< r.end - 1])
                guard !inner.contains(UInt8(ascii: "\\")) else { return nil }
                return table.find(inner)
            default:
                return nil
            }
        }
    }

    /// The details of an entry whose only detail is `tags`, one object per list of tags:
    /// a large budget tags many thousands of entries alike, and each would otherwise keep
    /// its own details and its own array of the same strings. Also the one array of
    /// those tags for entries that have other details. EntryDetails never change, so
    /// sharing them changes no value.
    mutating func sharedTagDetails(_ tags: [String]) -> EntryDetails? {
        guard !tags.isEmpty else { return nil }
        // Runs of entries tagged alike are common: the last list is compared first.
        if let last = tables.lastTagDetails, last.tags == tags { return last }
        let details: EntryDetails
        if let known = tables.tagDetails[tags] {
            details = known
        } else {
            details = EntryDetails(note: nil, tags: tags, bankID: nil, by: nil)
            tables.tagDetails[tags] = details
        }
        tables.lastTagDetails = details
        return details
    }

    /// The unquoted text of node `node`'s first token (a payee or a note).
    mutating func quotedText(_ node: Int, _ flat: FlatSyntax) -> String? {
        guard let token = flat.firstContentToken(node) else { return nil }
        let r = flat.range(ofToken: token)
        return tables.texts.value(r, in: flat.bytes) { Unquote.value(of: flat.tree.source.text(in: r)) }
    }

    /// The amount of node `amount` when it is a plain number (no currency code) within
    /// the allowed decimals; nil otherwise, for ``money(_:currency:file:)`` to decide.
    static func plainMoney(_ amount: Int, _ flat: FlatSyntax, decimals: Int) -> Money? {
        guard flat.child(.currencyCode, of: amount) == nil, let token = flat.directToken(.number, of: amount) else { return nil }
        let r = flat.range(ofToken: token)
        guard let value = Money(utf8: flat.bytes[r.start ..< r.end]), value.significantScale <= decimals else { return nil }
        return value
    }

    /// True when the bytes of `range` are exactly `word` (ASCII); compared byte by byte
    /// rather than through collection views, as this runs per clause and metadata line.
    static func bytes(_ range: ByteRange, of flat: FlatSyntax, are word: StaticString) -> Bool {
        guard range.length == word.utf8CodeUnitCount else { return false }
        let start = word.utf8Start
        for i in 0 ..< range.length where flat.bytes[range.start + i] != start[i] { return false }
        return true
    }

    /// `goal NAME`, `rule NAME` and `by NAME`, as ``clauses(_:file:)`` reads them.
    mutating func flatClauses(
        _ n: Int, _ flat: FlatSyntax,
        file: String
    ) -> (goal: Int?, rule: Int?, by: String?) {
        var result: (goal: Int?, rule: Int?, by: String?) = (nil, nil, nil)
        var attribute = n + 1
        let end = flat.subtreeEnd(n)
        while attribute < end {
            defer { attribute = flat.subtreeEnd(attribute) }
            guard flat.kind(attribute) == .attribute, let keyword = flat.firstContentToken(attribute) else { continue }
            // The attribute's name is its first child node that is a name.
            var name = attribute + 1
            while name < flat.subtreeEnd(attribute) && !flat.kind(name).isName { name = flat.subtreeEnd(name) }
            guard name < flat.subtreeEnd(attribute) else { continue }
            let r = flat.range(ofToken: keyword)
            if Lowering.bytes(r, of: flat, are: "goal") {
                result.goal = Lowering.find(name, flat, in: tables.goals) ?? resolveGoal(NameSyntax(node: flat.node(name)), file: file)
            } else if Lowering.bytes(r, of: flat, are: "rule") {
                result.rule = Lowering.find(name, flat, in: tables.rules) ?? resolveRule(NameSyntax(node: flat.node(name)), file: file)
            } else if Lowering.bytes(r, of: flat, are: "by") {
                if let token = flat.firstContentToken(name) {
                    result.by = tables.people.value(flat.range(ofToken: token), in: flat.bytes) { NameSyntax(node: flat.node(name)).value }
                } else {
                    result.by = ""
                }
            }
        }
        return result
    }

    /// The value of the entry's `id:` metadata line, as ``DatedEntrySyntax/metadata(_:)``
    /// reads it.
    static func bankID(_ n: Int, firstMetadata: Int, _ flat: FlatSyntax) -> String? {
        var line = firstMetadata
        let end = flat.subtreeEnd(n)
        while line < end {
            defer { line = flat.subtreeEnd(line) }
            guard flat.kind(line) == .metadata, let key = flat.firstContentToken(line) else { continue }
            guard Lowering.bytes(flat.range(ofToken: key), of: flat, are: "id:") else { continue }
            // Metadata lines hold tokens only; anything else goes through the views.
            guard flat.subtreeEnd(line) == line + 1 else { return AnyDated(node: flat.node(n)).metadata("id") }
            for token in flat.tokens(line) where token > key && !flat.tokenKind(token).isTrivia {
                let r = flat.range(ofToken: token)
                let kind = flat.tokenKind(token)
                guard kind == .text || kind == .quotedName else { return flat.tree.source.text(in: r) }
                // Ids are unique, so they are not interned; a quoted id without escapes
                // is made straight from the bytes between its quotes.
                let bytes = flat.bytes
                let quote = bytes[r.start]
                if r.length >= 2, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), bytes[r.end - 1] == quote,
                    !bytes[r.start + 1 ..< r.end - 1].contains(UInt8(ascii: "\\"))
                {
                    return String(decoding: bytes[r.start + 1 ..< r.end - 1], as: UTF8.self)
                }
                return Unquote.value(of: flat.tree.source.text(in: r))
            }
            return ""
        }
        return nil
    }

    /// The entry's tags (direct `#tag` tokens), without `#`.
    mutating func tags(_ n: Int, _ flat: FlatSyntax) -> [String] {
        var tags: [String] = []
        var token = flat.tokens(n).lowerBound
        var child = n + 1
        let end = flat.subtreeEnd(n)
        while true {
            let stop = child < end ? flat.tokens(child).lowerBound : flat.tokens(n).upperBound
            while token < stop {
                if flat.tokenKind(token) == .tag {
                    let r = flat.range(ofToken: token)
                    tags.append(tables.tags.value(r, in: flat.bytes) { String(flat.tree.source.text(in: r).dropFirst()) })
                }
                token += 1
            }
            guard child < end else { return tags }
            token = flat.tokens(child).upperBound
            child = flat.subtreeEnd(child)
        }
    }

    /// The amount and postings of the split lines of transaction node `n`, whose first
    /// line gave `total` (at `totalRange`). Both paths lower splits here; `categories`
    /// resolves names by their bytes when the flat path has its tables. Each part's sign
    /// is checked against its category (W0413) once the parts add up; a marker among the
    /// entry's `tags` (its first line's) covers every part.
    mutating func lowerSplits(
        _ n: Int, _ flat: FlatSyntax, categories: NameTable?, wallet: Int, tags: [String], currency: String, total: Money?,
        totalRange: ByteRange, file: String
    ) -> (Money, [Posting])? {
        let places = decimals(of: currency)
        var postings: [Posting] = []
        var open: (category: Int, location: SourceLocation, node: Int)?
        var against: [(posting: Int, split: Int, amount: Int?)] = []
        var sum = Money.zero
        var failed = false
        var split = n + 1
        let end = flat.subtreeEnd(n)
        while split < end {
            defer { split = flat.subtreeEnd(split) }
            guard flat.kind(split) == .split else { continue }
            let location = SourceLocation(file: file, range: flat.contentRange(split))
            guard let name = flat.child(.categoryRef, of: split),
                let category = categories.flatMap({ Lowering.find(name, flat, in: $0) }) ?? resolveCategory(NameSyntax(node: flat.node(name)), file: file)
            else {
                failed = true
                continue
            }
            guard let amount = flat.child(.amount, of: split) else {
                if open != nil {
                    report(.splitMismatch, "only one split line may leave out its amount", file, location.range)
                    failed = true
                }
                open = (category, location, split)
                continue
            }
            guard
                let value = Lowering.plainMoney(amount, flat, decimals: places)
                    ?? money(AmountSyntax(node: flat.node(amount)), currency: currency, file: file)
            else {
                failed = true
                continue
            }
            guard let next = sum.adding(value) else {
                report(.numericOverflow, "the split parts are too large to add up exactly", file, location.range)
                return nil
            }
            sum = next
            postings.append(Posting(category: category, amount: value, location: location))
            // A part against its category's sign is rare: only then is its node kept.
            if SignRule.isAgainst(value, income: self.categories[category].isIncome) { against.append((postings.count - 1, split, amount)) }
        }
        if failed { return nil }
        if let open {
            guard let total else {
                report(.splitMismatch, "a split line without an amount needs the total on the first line", file, open.location.range)
                return nil
            }
            guard let rest = total.subtracting(sum) else { return nil }
            postings.append(Posting(category: open.category, amount: rest, location: open.location))
            if SignRule.isAgainst(rest, income: self.categories[open.category].isIncome) { against.append((postings.count - 1, open.node, nil)) }
            checkSplitSigns(against, postings, n, flat, wallet: wallet, tags: tags, file: file)
            return (total, postings)
        }
        if let total, total != sum {
            let difference = total.subtracting(sum).map { $0.formatted(scale: places) } ?? "?"
            report(
                .splitMismatch,
                "the split parts add up to \(sum.formatted(scale: places)), not \(total.formatted(scale: places)) (a difference of \(difference))",
                file, totalRange,
                help: "correct a part or the total, or leave one part's amount out to take the rest")
            return nil
        }
        checkSplitSigns(against, postings, n, flat, wallet: wallet, tags: tags, file: file)
        return (total ?? sum, postings)
    }

    /// W0413 on the parts of a split transaction (node `n`) that go against their
    /// category's sign (`against`: the posting, its split line and its amount node,
    /// nil for the part that takes the rest), unless the entry or the line is marked.
    private mutating func checkSplitSigns(
        _ against: [(posting: Int, split: Int, amount: Int?)], _ postings: [Posting], _ n: Int, _ flat: FlatSyntax,
        wallet: Int, tags: [String], file: String
    ) {
        guard !against.isEmpty, !tags.contains(where: SignRule.isMarker) else { return }
        // The first line's own amount is a direct child of the transaction node.
        let totalNode = flat.child(.amount, of: n)
        let total = totalNode.flatMap { node -> (value: Money, number: ByteRange, plus: Bool)? in
            guard let number = Lowering.numberRange(node, flat), let value = Money(utf8: flat.bytes[number.start ..< number.end]) else { return nil }
            return (value, number, flat.bytes[number.start] == UInt8(ascii: "+"))
        }
        for part in against {
            let posting = postings[part.posting]
            checkSign(
                posting.amount, category: posting.category, wallet: wallet, marked: Lowering.hasMarkerTag(part.split, flat),
                at: SignedAmount(number: part.amount.flatMap { Lowering.numberRange($0, flat) }, total: total, line: posting.location.range),
                file: file)
        }
    }

    /// The payee, note, tags and bank id of dated entry `n`, as ``DatedParts`` reads them.
    mutating func datedParts(_ n: Int, _ flat: FlatSyntax) -> DatedParts {
        var parts = DatedParts(payee: nil, note: nil, tags: [], bankID: nil)
        var child = n + 1
        let end = flat.subtreeEnd(n)
        var metadata = -1
        while child < end {
            switch flat.kind(child) {
            case .payee where parts.payee == nil: parts.payee = quotedText(child, flat)
            case .note where parts.note == nil: parts.note = quotedText(child, flat)
            case .metadata where metadata < 0: metadata = child
            default: break
            }
            child = flat.subtreeEnd(child)
        }
        parts.tags = tags(n, flat)
        if metadata >= 0 { parts.bankID = Lowering.bankID(n, firstMetadata: metadata, flat) }
        return parts
    }

    /// The wallet name node `ref` names, found by its bytes or else resolved (and reported
    /// when unknown), as ``resolveWallet(_:file:)`` does.
    mutating func flatWallet(_ ref: Int, _ flat: FlatSyntax, file: String) -> Int? {
        guard let found = Lowering.find(ref, flat, in: tables.wallets) else { return resolveWallet(NameSyntax(node: flat.node(ref)), file: file) }
        walletSeen[found] += 1
        return found
    }

    /// The amount of node `amount` in `currency`, as ``money(_:currency:file:)`` gives it.
    mutating func flatMoney(_ amount: Int, _ flat: FlatSyntax, currency: String, file: String) -> Money? {
        Lowering.plainMoney(amount, flat, decimals: decimals(of: currency))
            ?? money(AmountSyntax(node: flat.node(amount)), currency: currency, file: file)
    }

    /// The envelope name node `ref` names, found by its bytes or else resolved (and
    /// reported when unknown).
    mutating func flatEnvelope(_ ref: Int, _ flat: FlatSyntax, file: String) -> Int? {
        Lowering.find(ref, flat, in: tables.envelopes) ?? resolveEnvelope(NameSyntax(node: flat.node(ref)), file: file)
    }

    /// The children of a transaction node that the flat path reads, each the first of its
    /// kind (-1 when absent), found in one pass by ``flatTransactionParts(_:_:)``.
    struct FlatTransactionParts {
        var payee = -1, note = -1, walletRef = -1, categoryRef = -1, amount = -1, metadata = -1
        var hasAttribute = false
        var hasSplit = false
    }

    /// The parts of transaction node `n`; nil when a child is the general path's: an
    /// amount in another currency, or a kind this path does not read.
    @inline(__always)
    static func flatTransactionParts(_ n: Int, _ flat: FlatSyntax) -> FlatTransactionParts? {
        var parts = FlatTransactionParts()
        var child = n + 1
        let end = flat.subtreeEnd(n)
        while child < end {
            switch flat.kind(child) {
            case .payee: if parts.payee < 0 { parts.payee = child }
            case .note: if parts.note < 0 { parts.note = child }
            case .walletRef: if parts.walletRef < 0 { parts.walletRef = child }
            case .categoryRef: if parts.categoryRef < 0 { parts.categoryRef = child }
            case .amount: if parts.amount < 0 { parts.amount = child }
            case .metadata: if parts.metadata < 0 { parts.metadata = child }
            case .attribute:
                // An amount in another currency (`= AMOUNT`, `@ RATE`) is the general path's.
                if let first = flat.firstContentToken(child), flat.tokenKind(first) == .equals || flat.tokenKind(first) == .at {
                    return nil
                }
                parts.hasAttribute = true
            case .split: parts.hasSplit = true
            default:
                // A kind this path does not read (an error node, or one the grammar gains
                // later) is the general path's, so that nothing is ever dropped unread.
                return nil
            }
            child = flat.subtreeEnd(child)
        }
        return parts
    }

    /// True when a token of node `n` is a tag (most transactions have none, and their
    /// list is then not built).
    @inline(__always)
    static func hasTag(_ n: Int, _ flat: FlatSyntax) -> Bool {
        for token in flat.tokens(n) where flat.tokenKind(token) == .tag { return true }
        return false
    }

    /// Lowers transaction node `n` when it is of the common shape; see the type's comment.
    mutating func lowerTransactionFlat(
        _ n: Int, _ flat: FlatSyntax,
        file: String, date: CivilDate, order: Int
    ) -> FlatResult {
        guard let parts = Lowering.flatTransactionParts(n, flat) else { return .unhandled }
        let (payee, note, walletRef, categoryRef, amount, metadata) = (
            parts.payee, parts.note, parts.walletRef, parts.categoryRef, parts.amount, parts.metadata
        )
        guard walletRef >= 0, let wallet = Lowering.find(walletRef, flat, in: tables.wallets) else { return .unhandled }
        // From here on, the entry is this path's: it reports what the general path would.
        walletSeen[wallet] += 1
        let payeeText = payee >= 0 ? quotedText(payee, flat) : nil
        let noteText = note >= 0 ? quotedText(note, flat) : nil
        let tagged = Lowering.hasTag(n, flat) ? sharedTagDetails(tags(n, flat)) : nil
        let tagList = tagged?.tags ?? []
        let id = metadata >= 0 ? Lowering.bankID(n, firstMetadata: metadata, flat) : nil
        let (goal, rule, by) = parts.hasAttribute ? flatClauses(n, flat, file: file) : (nil, nil, nil)
        // An entry whose only detail is its tags shares their details with the others.
        let details = noteText == nil && id == nil && by == nil ? tagged : nil

        let currency = wallets[wallet].currency
        let content = flat.contentRange(n)
        let header = ByteRange(start: content.start, end: flat.contentRange(amount >= 0 ? amount : walletRef).end)
        var total: Money?
        if amount >= 0 {
            if let value = Lowering.plainMoney(amount, flat, decimals: tables.walletDecimals[wallet]) {
                total = value
            } else {
                guard let value = money(AmountSyntax(node: flat.node(amount)), currency: currency, file: file) else { return .dropped }
                total = value
            }
        }
        if parts.hasSplit {
            if categoryRef >= 0 {
                report(
                    .splitMismatch, "a split transaction takes its categories from its split lines", file, flat.contentRange(categoryRef),
                    help: "remove the category from the first line, or remove the split lines")
                return .dropped
            }
            guard
                let (amount, postings) = lowerSplits(
                    n, flat, categories: tables.categories, wallet: wallet, tags: tagList,
                    currency: currency, total: total,
                    totalRange: amount >= 0 ? flat.contentRange(amount) : header, file: file)
            else {
                return .dropped
            }
            entries.append(
                Entry(
                    date: date, kind: .transaction(wallet: wallet, amount: amount, postings: postings),
                    payee: payeeText, note: noteText, tags: tagList, bankID: id, goal: goal, rule: rule, by: by,
                    location: SourceLocation(file: file, range: content), order: order))
            return .appended
        }
        var category: Int?
        if categoryRef >= 0 {
            category = Lowering.find(categoryRef, flat, in: tables.categories) ?? resolveCategory(NameSyntax(node: flat.node(categoryRef)), file: file)
        } else if let payeeText, let ruled = payeeCategory[payeeText] {
            category = ruled
        } else if id != nil, let total {
            reportNeedsCategory(file: file, range: header)
            entries.append(
                Entry(
                    date: date, kind: .transaction(wallet: wallet, amount: total, postings: []),
                    payee: payeeText, note: noteText, tags: tagList, bankID: id, goal: goal, rule: rule, by: by,
                    location: SourceLocation(file: file, range: content), order: order))
            return .appended
        } else {
            reportMissingCategory(payee: payeeText, file: file, range: header)
            return .dropped
        }
        guard let category, let total else { return .dropped }
        checkSign(
            total, category: category, wallet: wallet, marked: tagList.contains(where: SignRule.isMarker),
            at: SignedAmount(number: Lowering.numberRange(amount, flat), line: header), file: file)
        entries.append(
            Entry(
                date: date, wallet: wallet, category: category, amount: total, header: header,
                payee: payeeText, note: noteText, tags: tagList, bankID: id, goal: goal, rule: rule, by: by,
                location: SourceLocation(file: file, range: content), order: order, sharedDetails: details))
        return .appended
    }
}
