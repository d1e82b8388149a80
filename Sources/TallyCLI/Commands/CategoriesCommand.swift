import TallyCore
import TallyReports
import TallySyntax

/// `tally categories FILE`: the categories as a tree (`Food` above `Food:Groceries`),
/// with their type and the postings in each, children included.
enum CategoriesCommand: LibraryReport {
    static let kind = ReportKind.categories
    static let name = "categories"
    static let summary = "List the categories as a tree, with the postings in each"
    static var flags: [FlagDeclaration] { Listing.declarations }
    static let help = Listing.help(
        name, "the categories as a tree, parents above their\nchildren (a parent no line declares is shown too), with income or expense and\nthe number of postings in each, its children's included.",
        layouts: "CSV columns:\ncategory,type,parent,declared,entries.")

    /// The category tree, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .categories(let tree) = result else { return ExitCode.success }
        switch context.options.format {
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
