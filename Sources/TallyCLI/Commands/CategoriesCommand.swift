import TallyCore
import TallyReports
import TallySyntax

/// `tally categories FILE`: the categories as a tree (`Food` above `Food:Groceries`),
/// with their type and the postings in each, children included.
enum CategoriesCommand: Subcommand {
    static let name = "categories"
    static let summary = "List the categories as a tree, with the postings in each"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "the categories as a tree, parents above their\nchildren (a parent no line declares is shown too), with income or expense and\nthe number of postings in each, its children's included.",
        layouts: "CSV columns:\ncategory,type,parent,declared,entries.")

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch Listing.open(name, arguments, console: console) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let tree: CategoryTree
        do { tree = CategoryTree(context.budget, range: try context.range(default: nil)) } catch { return context.fail(error) }
        switch context.options.format {
        case "json":
            context.console.out(tree.json.rendered())
        case "csv":
            var csv = CSVTable(["category", "type", "parent", "declared", "entries"])
            for node in tree.nodes {
                csv.add([node.name, node.type, node.parent ?? "", node.declared ? "yes" : "no", "\(node.entries)"])
            }
            context.output(csv)
        default:
            var table = TextTable([
                .init(title: "Category", alignment: .left, maxWidth: 60), .init(title: "Type", alignment: .left),
                .init(title: "Entries", alignment: .right)
            ])
            for node in tree.nodes {
                table.add([String(repeating: "  ", count: node.depth) + node.leaf, node.type, "\(node.entries)"])
            }
            context.console.out(tree.nodes.isEmpty ? "No categories.\n" : table.render(color: context.color, width: context.width))
        }
        return ExitCode.success
    }
}
