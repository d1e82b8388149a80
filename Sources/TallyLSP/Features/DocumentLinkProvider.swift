import TallyCore
import TallySyntax

/// Links from `include` paths to the files they name.
public enum DocumentLinkProvider {
    /// Each include's quoted path and the path it resolves to (relative to the including
    /// file, as the loader resolves it).
    public static func links(in analysis: BudgetAnalysis, path: String) -> [(range: ByteRange, target: String)] {
        guard let tree = analysis.tree(path) else { return [] }
        return tree.entries(of: .includeDirective).compactMap { node in
            guard let include = IncludeDirectiveSyntax(node), let target = include.path, let range = include.pathRange else { return nil }
            return (range, Paths.resolve(target, from: path))
        }
    }
}
