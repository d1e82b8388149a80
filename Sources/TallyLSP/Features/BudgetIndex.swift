import Foundation
import TallyCore
import TallySyntax

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

/// Look-up tables over one analysis, built once on first use and shared by every request
/// on that analysis: every written name by file and by symbol, the top-level entries of
/// each file for binary search, which model entry each dated entry became, and the payees
/// and people in use. Building it is linear in the size of the budget; each question after
/// that is a binary search or a dictionary look-up.
public final class BudgetIndex: @unchecked Sendable {
    /// Every occurrence of each symbol, in file order.
    public let occurrences: [NamedSymbol: [NameOccurrence]]
    /// The occurrences in each file, sorted by position.
    let occurrencesByFile: [String: [NameOccurrence]]
    /// The top-level entries of each file and where each starts.
    let entriesByFile: [String: (nodes: [SyntaxNode], starts: [Int])]
    /// For each file: the start of a dated entry's content → its index in the model.
    let modelEntries: [String: [Int: Int]]
    /// Payees with how often each is used.
    public let payees: [String: Int]
    /// People named by `owner` and `by`.
    public let people: Set<String>
    /// Model tables by name.
    let wallets: [String: Int], categories: [String: Int], envelopes: [String: Int], goals: [String: Int], rules: [String: Int]

    init(_ analysis: BudgetAnalysis) {
        var occurrences: [NamedSymbol: [NameOccurrence]] = [:]
        var byFile: [String: [NameOccurrence]] = [:]
        var entriesByFile: [String: (nodes: [SyntaxNode], starts: [Int])] = [:]
        var people = Set<String>()
        for file in analysis.budget.files {
            let entries = file.tree.entries
            entriesByFile[file.path] = (entries, entries.map(\.range.start))
            var inFile: [NameOccurrence] = []
            for entry in entries {
                for node in entry.descendants where node.kind.isName {
                    if node.kind == .personName {
                        people.insert(NameSyntax(node: node).value)
                        continue
                    }
                    guard let kind = BudgetIndex.nameKind(of: node, in: entry) else { continue }
                    let name = NameSyntax(node: node)
                    let value = name.value
                    if kind == .category && value == "*" { continue }
                    if value.isEmpty { continue }
                    let occurrence = NameOccurrence(symbol: NamedSymbol(kind: kind, name: value),
                                                    location: FileRange(path: file.path, range: name.range),
                                                    isDeclaration: node.kind == .declaredName)
                    inFile.append(occurrence)
                    occurrences[occurrence.symbol, default: []].append(occurrence)
                }
            }
            byFile[file.path] = inFile
        }
        var modelEntries: [String: [Int: Int]] = [:]
        var payees: [String: Int] = [:]
        for (i, entry) in analysis.model.entries.enumerated() {
            modelEntries[entry.location.file, default: [:]][entry.location.range.start] = i
            if let payee = entry.payee { payees[payee, default: 0] += 1 }
            if let by = entry.by { people.insert(by) }
        }
        for wallet in analysis.model.wallets { people.formUnion(wallet.owners) }
        let model = analysis.model
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
        self.occurrences = occurrences
        occurrencesByFile = byFile
        self.entriesByFile = entriesByFile
        self.modelEntries = modelEntries
        self.payees = payees
        self.people = people
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
    /// right after a name finds it).
    public func occurrence(in path: String, at offset: Int) -> NameOccurrence? {
        guard let list = occurrencesByFile[path], !list.isEmpty else { return nil }
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].location.range.start <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let candidate = list[low - 1]
        return offset <= candidate.location.range.end ? candidate : nil
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

    /// The index in the model of the dated entry `node` of `path`, when it was interpreted.
    public func modelEntry(_ node: SyntaxNode, in path: String) -> Int? {
        modelEntries[path]?[node.contentRange.start]
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

/// Holds the index of one analysis, built on first use under a lock.
final class BudgetIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var index: BudgetIndex?

    func index(for analysis: BudgetAnalysis) -> BudgetIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        let built = BudgetIndex(analysis)
        index = built
        return built
    }
}

extension BudgetAnalysis {
    /// The look-up tables every feature shares, built on first use.
    public var index: BudgetIndex { indexCache.index(for: self) }
}
