import TallyCore
import TallySyntax

/// `tally categories FILE`: the categories as a tree (`Food` above `Food:Groceries`),
/// with their type and the postings in each, children included.
enum CategoriesCommand: Subcommand {
    static let name = "categories"
    static let summary = "List the categories as a tree, with the postings in each"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(name, "the categories as a tree, parents above their\nchildren (a parent no line declares is shown too), with income or expense and\nthe number of postings in each, its children's included.",
                                   layouts: "CSV columns:\ncategory,type,parent,declared,entries.")

    struct Node {
        var name: String
        var type: String
        var declared: Bool
        var entries = 0
        var parent: String? {
            name.lastIndex(of: ":").map { String(name[..<$0]) }
        }
        var depth: Int { name.filter { $0 == ":" }.count }
        var leaf: String { name.split(separator: ":").last.map(String.init) ?? name }
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        var nodes: [String: Node] = [:]
        for category in model.categories {
            let type = category.isIncome ? "income" : "expense"
            nodes[category.name] = Node(name: category.name, type: type, declared: !category.isImplicit)
            var parts = category.name.split(separator: ":").map(String.init)
            while parts.count > 1 {
                parts.removeLast()
                let parent = parts.joined(separator: ":")
                if nodes[parent] == nil { nodes[parent] = Node(name: parent, type: type, declared: false) }
                else if nodes[parent]!.type != type && !nodes[parent]!.declared { nodes[parent]!.type = "" }
            }
        }
        do {
            for entry in try Listing.entries(context) {
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
        } catch { return context.fail(error) }
        // Tree order: each parent before its children, siblings by name.
        let ordered = nodes.values.sorted { a, b in
            a.name.split(separator: ":").lexicographicallyPrecedes(b.name.split(separator: ":"))
        }
        switch context.options.format {
        case "json":
            context.console.out(JSONValue.object([("categories", .array(ordered.map { node in
                .object([("name", .string(node.name)), ("type", .optional(node.type.isEmpty ? nil : node.type)),
                         ("parent", .optional(node.parent)), ("declared", .bool(node.declared)), ("entries", .number(node.entries))])
            }))]).rendered())
        case "csv":
            var csv = CSVTable(["category", "type", "parent", "declared", "entries"])
            for node in ordered {
                csv.add([node.name, node.type, node.parent ?? "", node.declared ? "yes" : "no", "\(node.entries)"])
            }
            context.output(csv)
        default:
            var table = TextTable([.init(title: "Category", alignment: .left, maxWidth: 60), .init(title: "Type", alignment: .left),
                                   .init(title: "Entries", alignment: .right)])
            for node in ordered {
                table.add([String(repeating: "  ", count: node.depth) + node.leaf, node.type, "\(node.entries)"])
            }
            context.console.out(ordered.isEmpty ? "No categories.\n" : table.render(color: context.color, width: context.width))
        }
        return ExitCode.success
    }
}
