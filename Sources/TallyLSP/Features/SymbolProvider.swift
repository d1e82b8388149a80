import TallyCore
import TallySyntax

/// The outline of a file and the declarations of a whole budget, found by name.
public enum SymbolProvider {
    /// How many dated entries an outline lists at most: those of the file's last months
    /// (where a budget grows and is edited), whole months only. Earlier months are listed
    /// without their entries, their detail saying how many they hold. An outline of every
    /// entry of a 100k-entry file was an answer of megabytes that clients were slow to read
    /// and no one could scroll through; months remain to navigate by.
    public static let outlineEntryLimit = 10_000

    /// A file's outline: its declarations in order, and its dated entries grouped by month
    /// (one group per run of entries in the same month), the entries of the last months
    /// listed up to `entryLimit` (see ``outlineEntryLimit``).
    ///
    /// `shouldStop` is asked every 1,024 entries; once it says yes, the symbols found so
    /// far are returned (a cancelled request's answer is never sent).
    public static func documentSymbols(
        tree: SyntaxTree, entryLimit: Int = outlineEntryLimit,
        shouldStop: () -> Bool = { false }
    ) -> [SymbolInfo] {
        // First the runs: which entries are declarations and which months they form, read
        // from the flat arrays (a view per entry of 100k cost more than the listing).
        struct Month {
            var label: String
            var year: Int
            var month: Int
            /// The first entry's node and the number of entries (consecutive top-level nodes).
            var first: Int
            var count: Int
            var range: ByteRange
            var selection: ByteRange
        }
        enum Item {
            case declaration(Int)
            case month(Month)
        }
        let flat = FlatSyntax(tree)
        func date(of node: Int) -> (CivilDate, ByteRange)? {
            guard let token = flat.directToken(.date, of: node) else { return nil }
            let r = flat.range(ofToken: token)
            return CivilDate(utf8: flat.bytes[r.start ..< r.end]).map { ($0, r) }
        }
        var items: [Item] = []
        var open: Month?
        func close() {
            if let m = open { items.append(.month(m)) }
            open = nil
        }
        var node = 1
        var n = 0
        while node < flat.nodeCount {
            defer {
                node = flat.subtreeEnd(node)
                n += 1
            }
            if n & 0x3FF == 0 && shouldStop() { return [] }
            if let (date, dateRange) = date(of: node) {
                let range = flat.contentRange(node)
                if let m = open, m.year == date.year, m.month == date.month {
                    open!.count += 1
                    open!.range = m.range.union(range)
                } else {
                    close()
                    open = Month(
                        label: date.monthLabel, year: date.year, month: date.month, first: node, count: 1,
                        range: range, selection: dateRange)
                }
                continue
            }
            close()
            items.append(.declaration(node))
        }
        close()
        // The last months whose entries fit in the limit are listed.
        var listed = 0
        var firstListed = items.count
        for i in items.indices.reversed() {
            guard case .month(let m) = items[i] else { continue }
            guard listed + m.count <= entryLimit else { break }
            listed += m.count
            firstListed = i
        }
        var result: [SymbolInfo] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .declaration(let node):
                result += declarationSymbols(flat.node(node))
            case .month(let m):
                var symbol = SymbolInfo(name: m.label, detail: nil, kind: .month, range: m.range, selectionRange: m.selection)
                if i >= firstListed {
                    if shouldStop() { return result }
                    symbol.children.reserveCapacity(m.count)
                    var node = m.first
                    for _ in 0 ..< m.count {
                        if let (date, _) = date(of: node) { symbol.children.append(datedSymbol(flat.node(node), date: date)) }
                        node = flat.subtreeEnd(node)
                    }
                } else {
                    symbol.detail = m.count == 1 ? "1 entry" : "\(m.count) entries"
                }
                result.append(symbol)
            }
        }
        return result
    }

    /// A dated entry: its date and payee (or what it does) as the name, the rest of its
    /// first line (without the note and the comment) as detail, words one space apart.
    ///
    /// Read from the first line's tokens rather than its nodes: an outline holds every
    /// entry of the file, and building child arrays and joined strings per entry made it
    /// cost half a second on 100k entries.
    static func datedSymbol(_ entry: SyntaxNode, date: CivilDate) -> SymbolInfo {
        let tree = entry.tree
        let bytes = tree.source.bytes
        var dateRange: ByteRange?
        var payee: String?
        var texts = 0
        var firstWord: ByteRange?
        var detail: [UInt8] = []
        for i in entry.tokenIndices {
            let token = tree.token(at: i)
            let kind = token.kind
            if kind == .newline { break }
            if kind.isTrivia { continue }
            if kind == .date && dateRange == nil {
                dateRange = token.range
                continue
            }
            // The texts after the date are the payee and the note.
            if kind == .text {
                if texts == 0 { payee = Unquote.value(of: token.text) }
                texts += 1
                continue
            }
            let range = token.range
            if payee == nil && firstWord == nil {
                firstWord = range
                continue
            }
            if detail.isEmpty {
                detail.reserveCapacity(entry.range.end - range.start)
            } else {
                detail.append(UInt8(ascii: " "))
            }
            detail.append(contentsOf: bytes[range.start ..< range.end])
        }
        let what = payee ?? firstWord.map { String(decoding: bytes[$0.start ..< $0.end], as: UTF8.self) } ?? ""
        return SymbolInfo(
            name: "\(date) " + what, detail: detail.isEmpty ? nil : String(decoding: detail, as: UTF8.self),
            kind: .entry, range: entry.contentRange, selectionRange: dateRange ?? entry.contentRange)
    }

    /// The symbols a declaration introduces (a category line introduces several).
    static func declarationSymbols(_ entry: SyntaxNode) -> [SymbolInfo] {
        let range = entry.contentRange
        func symbol(_ name: NameSyntax?, _ kind: SymbolKind, _ detail: String?) -> [SymbolInfo] {
            guard let name else { return [] }
            return [SymbolInfo(name: name.value, detail: detail, kind: kind, range: range, selectionRange: name.range)]
        }
        switch entry.kind {
        case .walletDirective:
            let w = WalletDirectiveSyntax(entry)!
            return symbol(w.name, .wallet, (w.kind ?? "bank") + (w.currency.map { " \($0)" } ?? ""))
        case .categoryDirective:
            let c = CategoryDirectiveSyntax(entry)!
            return c.names.flatMap { symbol($0, .category, c.isIncome ? "income" : "expense") }
        case .envelopeDirective:
            let e = EnvelopeDirectiveSyntax(entry)!
            let detail = [e.amount?.number, e.periodKeyword ?? e.periodRange.map { "\($0.start)..\($0.end)" }].compactMap { $0 }.joined(separator: " ")
            return symbol(e.name, .envelope, detail)
        case .goalDirective:
            let g = GoalDirectiveSyntax(entry)!
            let detail = [g.target?.number, g.by.map { "by \($0)" }, g.isReached ? "reached" : nil].compactMap { $0 }.joined(separator: " ")
            return symbol(g.name, .goal, detail.isEmpty ? nil : detail)
        case .recurringDirective:
            let r = RecurringDirectiveSyntax(entry)!
            let schedule = entry.child(.schedule).map { $0.tree.source.text(in: $0.contentRange) } ?? "every"
            if let name = r.name { return symbol(name, .rule, schedule) }
            return [SymbolInfo(name: schedule, detail: nil, kind: .rule, range: range, selectionRange: entry.child(.schedule)?.contentRange ?? range)]
        case .payeeDirective:
            let p = PayeeDirectiveSyntax(entry)!
            guard let payee = p.payee, let node = entry.child(.payee) else { return [] }
            return [SymbolInfo(name: payee, detail: p.category?.value, kind: .payeeRule, range: range, selectionRange: node.contentRange)]
        case .currencyDirective:
            guard let code = entry.child(.currencyCode) else { return [] }
            return [SymbolInfo(name: code.text, detail: nil, kind: .currency, range: range, selectionRange: code.contentRange)]
        case .optionDirective:
            let o = OptionDirectiveSyntax(entry)!
            guard let name = o.name else { return [] }
            return [SymbolInfo(name: name, detail: o.values.joined(separator: " "), kind: .option, range: range, selectionRange: range)]
        case .includeDirective:
            let i = IncludeDirectiveSyntax(entry)!
            guard let path = i.path, let pathRange = i.pathRange else { return [] }
            return [SymbolInfo(name: path, detail: nil, kind: .include, range: range, selectionRange: pathRange)]
        default:
            return []
        }
    }

    /// Declarations anywhere in the budget whose name matches `query`: its characters in
    /// order, ignoring case. Names that start with the query come first. An empty query
    /// matches everything.
    public static func workspaceSymbols(in analysis: BudgetAnalysis, query: String) -> [WorkspaceSymbolInfo] {
        let wanted = Array(query.lowercased())
        var found: [(rank: Int, symbol: WorkspaceSymbolInfo)] = []
        for symbol in analysis.index.writtenSymbols {
            guard let rank = FuzzyMatch.rank(symbol.name, wanted) else { continue }
            for declaration in analysis.index.declarations(of: symbol) {
                found.append(
                    (
                        rank,
                        WorkspaceSymbolInfo(
                            name: symbol.name, kind: SymbolKind(symbol.kind), location: declaration.location,
                            detail: detail(of: symbol, in: analysis))
                    ))
            }
        }
        return found.sorted { ($0.rank, $0.symbol.name, $0.symbol.location.path, $0.symbol.location.range.start) < ($1.rank, $1.symbol.name, $1.symbol.location.path, $1.symbol.location.range.start) }
            .map(\.symbol)
    }

    static func detail(of symbol: NamedSymbol, in analysis: BudgetAnalysis) -> String? {
        guard let i = analysis.index.modelIndex(of: symbol) else { return symbol.kind.word }
        let model = analysis.model
        switch symbol.kind {
        case .wallet: return "\(model.wallets[i].kind.rawValue) wallet"
        case .category: return model.categories[i].isIncome ? "income category" : "expense category"
        case .envelope: return "envelope"
        case .goal: return "goal"
        case .rule: return "recurring entry"
        }
    }
}

extension SymbolKind {
    init(_ kind: NameKind) {
        switch kind {
        case .wallet: self = .wallet
        case .category: self = .category
        case .envelope: self = .envelope
        case .goal: self = .goal
        case .rule: self = .rule
        }
    }
}

/// Matching what is typed against names: the typed characters must appear in order.
enum FuzzyMatch {
    /// 0 for a prefix match, 1 for a match at a word start (after `:`, `-`, space), 2 for
    /// any other match in order; nil when the name does not match. Case is ignored.
    static func rank(_ name: String, _ wanted: [Character]) -> Int? {
        if wanted.isEmpty { return 0 }
        let lower = Array(name.lowercased())
        if lower.starts(with: wanted) { return 0 }
        var i = 0
        for c in lower where i < wanted.count && c == wanted[i] { i += 1 }
        guard i == wanted.count else { return nil }
        for (k, c) in lower.enumerated() where k > 0 && ":-_ ".contains(lower[k - 1]) && c == wanted[0] {
            if lower[k...].starts(with: wanted) { return 1 }
        }
        return 2
    }
}
