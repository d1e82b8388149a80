import TallyCore
import TallySyntax

/// `tally categories`: the categories as a tree, parents above their children (a parent
/// no line declares is listed too), with the postings in each, its children's included.
public struct CategoryTree: Sendable {
    /// One category of the tree.
    public struct Node: Sendable {
        /// The full name (`Food:Groceries`).
        public var name: String
        /// `income`, `expense`, or empty for an undeclared parent of both.
        public var type: String
        /// Whether a line declares it (not only a child's name).
        public var declared: Bool
        /// Postings in it and its children.
        public var entries = 0
        /// The name of its parent, nil at the top.
        public var parent: String? {
            name.lastIndex(of: ":").map { String(name[..<$0]) }
        }
        /// How many parents it has.
        public var depth: Int { name.filter { $0 == ":" }.count }
        /// The last part of the name.
        public var leaf: String { name.split(separator: ":").last.map(String.init) ?? name }
    }

    /// Each parent before its children, siblings by name.
    public let nodes: [Node]

    /// The tree, counting the postings of the entries within `range` (all without one).
    public init(_ budget: ReportBudget, range: ClosedRange<CivilDate>?) {
        let model = budget.model
        var nodes: [String: Node] = [:]
        for category in model.categories {
            let type = category.isIncome ? "income" : "expense"
            nodes[category.name] = Node(name: category.name, type: type, declared: !category.isImplicit)
            var parts = category.name.split(separator: ":").map(String.init)
            while parts.count > 1 {
                parts.removeLast()
                let parent = parts.joined(separator: ":")
                if nodes[parent] == nil { nodes[parent] = Node(name: parent, type: type, declared: false) } else if nodes[parent]!.type != type && !nodes[parent]!.declared { nodes[parent]!.type = "" }
            }
        }
        for entry in budget.entries(in: range) {
            guard case .transaction(_, _, let postings) = entry.kind else { continue }
            for posting in postings {
                var name: Substring = Substring(model.categories[posting.category].name)
                while true {
                    nodes[String(name)]?.entries += 1
                    guard let colon = name.lastIndex(of: ":") else { break }
                    name = name[..<colon]
                }
            }
        }
        self.nodes = nodes.values.sorted { a, b in
            a.name.split(separator: ":").lexicographicallyPrecedes(b.name.split(separator: ":"))
        }
    }

    /// `{"categories": [{"name", "type", "parent", "declared", "entries"}]}`.
    public var json: JSONValue {
        .object([
            (
                "categories",
                .array(
                    nodes.map { node in
                        .object([
                            ("name", .string(node.name)), ("type", .optional(node.type.isEmpty ? nil : node.type)),
                            ("parent", .optional(node.parent)), ("declared", .bool(node.declared)), ("entries", .number(node.entries))
                        ])
                    })
            )
        ])
    }
}
