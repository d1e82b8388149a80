import TallyCore
import TallySyntax

/// The metadata lines the model does not keep, read back from the budget's syntax for
/// the query words that look at them (``EntryQuery``): a converted journal's account
/// names (`account: "assets:bank:mbank"` under a `wallet`, `income` or `expense`), its
/// entries' `status:` and value tags (`trip: "japan"`). Read once per report, only as
/// far as its query needs (``EntryQuery/metadataScope``); empty otherwise, and the query
/// then sees the model alone.
public struct KeptMetadata: Sendable {
    /// How much of the budget is read.
    public enum Scope: Comparable, Sendable {
        /// Nothing: the query sees the model alone.
        case none
        /// The declarations' account names: a few nodes, for plain words.
        case declarations
        /// The entries' metadata too (`tag:`, `desc:`, `status:`): a pass over every entry.
        case entries
    }

    /// One top-level node with metadata lines.
    private struct Node: Sendable {
        let range: ByteRange
        /// A `wallet` or one-name `income`/`expense` declaration, whose `account:` lines
        /// name its peer accounts.
        let isDeclaration: Bool
        let lines: [(key: String, value: String)]
    }

    /// Per file, the nodes with metadata, in order, for a binary search by offset.
    private var nodes: [String: [Node]] = [:]

    /// No metadata: the query sees the model alone.
    public init() {}

    /// The metadata of the top-level nodes of `budget` that `scope` reads.
    public init(_ budget: Budget, scope: Scope = .entries) {
        guard scope != .none else { return }
        for file in budget.files {
            var list: [Node] = []
            let read =
                scope == .entries
                ? file.tree.entries : file.tree.entries(of: .walletDirective) + file.tree.entries(of: .categoryDirective)
            for node in read where node.child(.metadata) != nil {
                let declaration = WalletDirectiveSyntax(node) != nil || CategoryDirectiveSyntax(node)?.names.count == 1
                list.append(Node(range: node.range, isDeclaration: declaration, lines: Self.lines(of: node)))
            }
            list.sort { $0.range.start < $1.range.start }
            if !list.isEmpty { nodes[file.path] = list }
        }
    }

    /// True when no node has metadata.
    public var isEmpty: Bool { nodes.isEmpty }

    /// The `key: value` lines of the entry at `location`, values unquoted, in order.
    public func lines(at location: SourceLocation) -> [(key: String, value: String)] {
        node(location)?.lines ?? []
    }

    /// The peer account names (`account:` lines) of the declaration at `location`.
    public func accounts(at location: SourceLocation) -> [String] {
        guard let node = node(location), node.isDeclaration else { return [] }
        return node.lines.filter { $0.key == "account" }.map(\.value)
    }

    private func node(_ location: SourceLocation) -> Node? {
        guard let list = nodes[location.file] else { return nil }
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].range.end <= location.range.start { low = mid + 1 } else { high = mid }
        }
        guard low < list.count, list[low].range.contains(location.range.start) else { return nil }
        return list[low]
    }

    private static func lines(of node: SyntaxNode) -> [(key: String, value: String)] {
        node.children(.metadata).map { line in
            let tokens = line.childTokens.filter { !$0.kind.isTrivia }
            let key = String(tokens.first?.text.dropLast() ?? "")
            let value = tokens.dropFirst().first.map { token in
                token.kind == .text || token.kind == .quotedName ? Unquote.value(of: token.text) : token.text
            }
            return (key, value ?? "")
        }
    }
}
