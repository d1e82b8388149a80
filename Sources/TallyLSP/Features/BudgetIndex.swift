import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The five kinds of names that are declared once and referred to elsewhere.
public enum NameKind: String, Hashable, Sendable, CaseIterable {
    case wallet, category, envelope, goal, rule

    /// The word used in messages and hovers.
    public var word: String { self == .rule ? "recurring entry" : rawValue }
}

/// A declared (or referred-to) name and its kind: what rename and references work on.
public struct NamedSymbol: Hashable, Sendable {
    /// What the name names.
    public var kind: NameKind
    /// The name as meant (quotes removed).
    public var name: String

    /// Creates a symbol.
    public init(kind: NameKind, name: String) {
        self.kind = kind
        self.name = name
    }
}

/// One place a name is written.
public struct NameOccurrence: Hashable, Sendable {
    /// What it names.
    public var symbol: NamedSymbol
    /// Where, in which file.
    public var location: FileRange
    /// True where the name is declared.
    public var isDeclaration: Bool
}

/// Look-up tables over one analysis, shared by every request on it.
///
/// Built in steps so that the questions asked on every keystroke stay cheap. On first
/// use: the top-level entries of each file (for binary search by offset), which model
/// entry each dated entry became (an array by reading order), and the declarations by
/// name — a few linear passes without strings. On the first completion: how often the
/// entries use each name (``NameUses``, a pass that reads entries in place); on the first
/// payee completion or hover: how each payee is used — one pass over the model's entries
/// (``NameTallies``), which after an edit counts again only the payees of the entries that
/// changed, from the table of the analysis before (``PayeeHabitTable``); on the first
/// completion of a person: who is named, another such pass; on the first completion of a recurring entry's name
/// or quick fix of an overdue one: its open occurrences, another such pass. On the first question that needs every written name
/// (references, rename, workspace symbols): every occurrence of each name — one pass over
/// all nodes. Hover and inlay hints need the first step only.
public final class BudgetIndex: @unchecked Sendable {
    /// Every written name, built on first use. A budget of 100,000 transactions writes
    /// about 400,000 names: each is kept as a file number and a range (16 bytes), its
    /// symbol once as the key, rather than as a ``NameOccurrence`` (64 bytes and the name
    /// again), so that the table costs the server a quarter of the memory.
    struct Usage {
        /// The budget's files, by the number each written name keeps.
        var paths: [String] = []
        var written: [NamedSymbol: [WrittenName]] = [:]
    }

    /// One place a name is written, in ``Usage``.
    struct WrittenName {
        var file: UInt32
        var start: UInt32
        var end: UInt32
        var isDeclaration: Bool
    }

    private let budget: Budget
    private let model: BudgetModel
    private let today: CivilDate
    /// The top-level entries of each file and where each starts.
    let entriesByFile: [String: (nodes: [SyntaxNode], starts: [Int])]
    /// Model entry index by reading order (``Entry/order``), which follows the files and
    /// the positions within each file.
    let byOrder: [Int]
    /// Each file's place in the budget's reading order.
    let fileRank: [String: Int]
    /// Model tables by name.
    let wallets: [String: Int], categories: [String: Int], envelopes: [String: Int], goals: [String: Int], rules: [String: Int]

    // One lock per table: a completion that needs the name uses must not wait while the
    // background builds the much larger table of every written name.
    private let usageTable = LazyTable<Usage>()
    private let nameUsesTable = LazyTable<NameUses>()
    private let talliesTable = LazyTable<NameTallies>()
    private let peopleTable = LazyTable<Set<String>>()
    private let openOccurrencesTable = LazyTable<[[CivilDate]]>()
    private let ratesTable = LazyTable<ExchangeRates>()
    /// The payee table of the analysis before an edit, which the tallies start from; let
    /// go once they are built.
    private let earlierPayees: Handover<PayeeHabitTable>

    /// `earlierPayees`: the payee table of the budget before an edit (see ``tallies``).
    init(budget: Budget, model: BudgetModel, today: CivilDate, earlierPayees: PayeeHabitTable? = nil) {
        self.budget = budget
        self.model = model
        self.today = today
        self.earlierPayees = Handover(earlierPayees)
        var entriesByFile: [String: (nodes: [SyntaxNode], starts: [Int])] = [:]
        var fileRank: [String: Int] = [:]
        for (rank, file) in budget.files.enumerated() {
            let entries = file.tree.entries
            entriesByFile[file.path] = (entries, entries.map(\.range.start))
            if fileRank[file.path] == nil { fileRank[file.path] = rank }
        }
        var byOrder = [Int](repeating: -1, count: model.entries.count)
        for (i, entry) in model.entries.enumerated() where byOrder.indices.contains(entry.order) { byOrder[entry.order] = i }
        func table(_ names: [String]) -> [String: Int] {
            var result: [String: Int] = [:]
            for (i, name) in names.enumerated() where result[name] == nil { result[name] = i }
            return result
        }
        wallets = table(model.wallets.map(\.name))
        categories = table(model.categories.map(\.name))
        envelopes = table(model.envelopes.map(\.name))
        goals = table(model.goals.map(\.name))
        rules = table(model.rules.map { $0.name ?? "" })
        self.entriesByFile = entriesByFile
        self.byOrder = byOrder.allSatisfy { $0 >= 0 } ? byOrder : []
        self.fileRank = fileRank
    }

    /// The second step, built on first use.
    var usage: Usage {
        usageTable.value {
            var usage = Usage()
            for file in budget.files {
                let number = UInt32(usage.paths.count)
                usage.paths.append(file.path)
                for entry in entriesByFile[file.path]?.nodes ?? [] {
                    for node in entry.descendants where node.kind.isName && node.kind != .personName {
                        if let occurrence = BudgetIndex.occurrence(node, in: entry, file: file.path) {
                            let range = occurrence.location.range
                            usage.written[occurrence.symbol, default: []].append(
                                WrittenName(
                                    file: number, start: UInt32(clamping: range.start), end: UInt32(clamping: range.end),
                                    isDeclaration: occurrence.isDeclaration))
                        }
                    }
                }
            }
            return usage
        }
    }

    /// How often the model's entries use each declaration, built on first use.
    var nameUses: NameUses { nameUsesTable.value { NameUses(model: model) } }

    /// The payee and people tallies of the model's entries, built on first use: from the
    /// payee table of the budget before the edit when there is one, counting again only
    /// the payees of the entries that changed.
    var tallies: NameTallies {
        talliesTable.value { NameTallies(model: model, after: earlierPayees.take()) }
    }

    /// The payee table the analysis after the next edit starts from: this one's when it is
    /// built, else the one this index was given and has not used (nil when there is none).
    var payeesToCarry: PayeeHabitTable? {
        talliesTable.ifBuilt?.payeeTable ?? earlierPayees.peek()
    }

    /// For each recurring rule (by model index), its occurrences up to today that no entry
    /// records or skips, oldest first (``BudgetModel/unrecordedOccurrences(through:)``,
    /// the matching of W0506). Built on first use: one pass over the model's entries.
    public var openOccurrences: [[CivilDate]] { openOccurrencesTable.value { model.unrecordedOccurrences(through: today) } }

    /// The budget's exchange rates (one pass over the entries), built on first use: what
    /// an envelope's figures through a day convert other currencies' spending with.
    public var rates: ExchangeRates { ratesTable.value { ExchangeRates(model) } }

    /// An envelope's figures for its period containing `date`, through the end of that
    /// day (spending after it not counted), as `tally envelopes` shows them.
    public func envelope(_ e: Int, through date: CivilDate) -> EnvelopeStatus? {
        model.envelopeStatus(e, through: date, rates: rates)
    }

    /// Whether any of the tables keystroke requests read (name uses, payee tallies, open
    /// occurrences) is built: none is until a request needs it or the server is idle.
    var knowsAnyKeystrokeTable: Bool { nameUsesTable.isBuilt || talliesTable.isBuilt || openOccurrencesTable.isBuilt }

    /// Whether every table keystroke requests read is built.
    var isPreparedForKeystrokes: Bool { nameUsesTable.isBuilt && talliesTable.isBuilt && openOccurrencesTable.isBuilt }

    /// Whether the table of every written name (built when the server is idle) is built.
    var knowsEveryWrittenName: Bool { usageTable.isBuilt }

    /// Builds every table now. The server calls this off the request path once edits
    /// pause, so that the first rename or references request does not wait for the table
    /// of every written name.
    public func prepareAll() {
        _ = nameUses
        _ = tallies
        _ = people
        _ = openOccurrences
        _ = usage
    }

    /// Every place `symbol` is written, in file order.
    public func occurrences(of symbol: NamedSymbol) -> [NameOccurrence] { occurrences(of: symbol, declarationsOnly: false) }

    /// The places `symbol` is declared, in file order: the written names that declare it,
    /// made into ``NameOccurrence``s without making the others.
    public func declarations(of symbol: NamedSymbol) -> [NameOccurrence] { occurrences(of: symbol, declarationsOnly: true) }

    private func occurrences(of symbol: NamedSymbol, declarationsOnly: Bool) -> [NameOccurrence] {
        let usage = self.usage
        return (usage.written[symbol] ?? []).compactMap { written in
            guard written.isDeclaration || !declarationsOnly else { return nil }
            return NameOccurrence(
                symbol: symbol,
                location: FileRange(path: usage.paths[Int(written.file)], range: ByteRange(start: Int(written.start), end: Int(written.end))),
                isDeclaration: written.isDeclaration)
        }
    }

    /// Every symbol written somewhere in the budget, in no particular order.
    public var writtenSymbols: [NamedSymbol] { Array(usage.written.keys) }

    /// Whether `symbol` is written somewhere in the budget.
    public func isWritten(_ symbol: NamedSymbol) -> Bool { usage.written[symbol] != nil }
    /// Payees with how often each is used.
    public var payees: [String: Int] { tallies.payees.mapValues(\.count) }
    /// How each payee is used: how often, its usual wallet and category, its totals.
    public var payeeHabits: [String: PayeeHabit] { tallies.payees }
    /// How `payee` is used: from the table of every payee when a request has built it,
    /// else by one pass for this payee alone, so that a hover on a payee right after an
    /// edit does not wait for the whole table (payee completion builds it).
    public func payeeHabit(_ payee: String) -> PayeeHabit? {
        talliesTable.isBuilt ? tallies.payees[payee] : model.payeeHabit(writtenAs: payee)
    }
    /// People named by `owner` and `by`, built on first use.
    public var people: Set<String> { peopleTable.value { NameTallies.people(of: model) } }

    /// How many interpreted entries use the declared `symbol` (declarations and names
    /// that could not be resolved do not count): what completion ranks by.
    public func uses(of symbol: NamedSymbol) -> Int {
        guard let index = modelIndex(of: symbol) else { return 0 }
        let uses = nameUses
        let table: [Int]
        switch symbol.kind {
        case .wallet: table = uses.wallets
        case .category: table = uses.categories
        case .envelope: table = uses.envelopes
        case .goal: table = uses.goals
        case .rule: table = uses.rules
        }
        return table.indices.contains(index) ? table[index] : 0
    }

    /// The occurrence a name node stands for, or nil for names that are not symbols.
    static func occurrence(_ node: SyntaxNode, in entry: SyntaxNode, file: String) -> NameOccurrence? {
        guard let kind = nameKind(of: node, in: entry) else { return nil }
        let name = NameSyntax(node: node)
        let value = name.value
        if value.isEmpty || (kind == .category && value == "*") { return nil }
        return NameOccurrence(
            symbol: NamedSymbol(kind: kind, name: value), location: FileRange(path: file, range: name.range),
            isDeclaration: node.kind == .declaredName)
    }

    /// What a name node names, from its own kind and, for declared names, the entry
    /// declaring it. Nil for names that are not symbols (people, option values).
    static func nameKind(of node: SyntaxNode, in entry: SyntaxNode) -> NameKind? {
        switch node.kind {
        case .walletRef: return .wallet
        case .categoryRef: return .category
        case .envelopeRef: return .envelope
        case .goalRef: return .goal
        case .ruleRef: return .rule
        case .declaredName:
            switch entry.kind {
            case .walletDirective: return .wallet
            case .categoryDirective: return .category
            case .envelopeDirective: return .envelope
            case .goalDirective: return .goal
            case .recurringDirective: return .rule
            default: return nil
            }
        default: return nil
        }
    }

    /// The name written at `offset` in `path` (the end of a name counts, so that a cursor
    /// right after a name finds it). Reads the entry under the cursor only.
    public func occurrence(in path: String, at offset: Int) -> NameOccurrence? {
        guard let entry = entry(in: path, at: offset) else { return nil }
        let chain = entry.path(to: offset)
        guard let node = chain.last(where: { $0.kind.isName }) else { return nil }
        return BudgetIndex.occurrence(node, in: entry, file: path)
    }

    /// The top-level entry of `path` containing `offset`.
    public func entry(in path: String, at offset: Int) -> SyntaxNode? {
        guard let table = entriesByFile[path], !table.starts.isEmpty else { return nil }
        var low = 0
        var high = table.starts.count
        while low < high {
            let mid = (low + high) / 2
            if table.starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let node = table.nodes[low - 1]
        return offset < node.range.end || (offset == node.range.end && node.range.end == node.tree.source.bytes.count) ? node : nil
    }

    /// The top-level entries of `path` that overlap `range`, in order.
    public func entries(in path: String, overlapping range: ByteRange) -> ArraySlice<SyntaxNode> {
        guard let table = entriesByFile[path], !table.starts.isEmpty else { return [] }
        var low = 0
        var high = table.starts.count
        while low < high {
            let mid = (low + high) / 2
            if table.nodes[mid].range.end <= range.start { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < table.nodes.count && table.starts[end] < max(range.end, range.start + 1) { end += 1 }
        return table.nodes[low ..< end]
    }

    /// The index in the model of the dated entry `node` of `path`, when it was
    /// interpreted. A binary search over the entries in reading order.
    public func modelEntry(_ node: SyntaxNode, in path: String) -> Int? {
        guard let rank = fileRank[path], !byOrder.isEmpty else { return nil }
        let target = (rank, node.contentRange.start)
        func key(_ order: Int) -> (Int, Int) {
            let entry = model.entries[byOrder[order]]
            return (fileRank[entry.location.file] ?? -1, entry.location.range.start)
        }
        var low = 0
        var high = byOrder.count
        while low < high {
            let mid = (low + high) / 2
            if key(mid) < target { low = mid + 1 } else { high = mid }
        }
        return low < byOrder.count && key(low) == target ? byOrder[low] : nil
    }

    /// The model index of a symbol.
    public func modelIndex(of symbol: NamedSymbol) -> Int? {
        switch symbol.kind {
        case .wallet: return wallets[symbol.name]
        case .category: return categories[symbol.name]
        case .envelope: return envelopes[symbol.name]
        case .goal: return goals[symbol.name]
        case .rule: return rules[symbol.name]
        }
    }
}

/// Holds the index of one analysis, built on first use under a lock, and until then the
/// payee table of the analysis before it (``BudgetIndex/tallies``).
final class BudgetIndexCache: @unchecked Sendable {
    private let lock = Lock()
    private var index: BudgetIndex?
    private var earlierPayees: PayeeHabitTable?

    init(earlierPayees: PayeeHabitTable? = nil) { self.earlierPayees = earlierPayees }

    func index(for analysis: BudgetAnalysis) -> BudgetIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        let built = BudgetIndex(budget: analysis.budget, model: analysis.model, today: analysis.today, earlierPayees: earlierPayees.take())
        index = built
        return built
    }

    /// ``BudgetIndex/payeesToCarry`` of the index, or the table it was given when it is
    /// not built.
    var payeesToCarry: PayeeHabitTable? {
        lock.lock()
        defer { lock.unlock() }
        return index?.payeesToCarry ?? earlierPayees
    }
}

/// A value handed from one analysis to the next: taken by the first that needs it.
final class Handover<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value?

    init(_ value: Value?) { self.value = value }

    /// The value, left here no more.
    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return value.take()
    }

    /// The value, left here.
    func peek() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension BudgetAnalysis {
    /// The look-up tables every feature shares, built on first use.
    public var index: BudgetIndex { indexCache.index(for: self) }
}
