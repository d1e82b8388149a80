import TallyCore
import TallySyntax

/// Go to definition, find references and rename, for wallets, categories, envelopes,
/// goals and recurring entries, across every file of the budget.
///
/// Categories nest by name, so renaming a category renames its descendants too:
/// renaming `Food` to `Meals` turns `Food:Groceries` into `Meals:Groceries` everywhere,
/// since a parent is nothing but the first level of its children's names. References of
/// a category are the places that name exactly that category.
public enum NavigationProvider {
    /// Where the name at `offset` is declared. For a parent category that is not declared
    /// itself, the declarations of its children. On an `include` path, the start of the
    /// included file.
    public static func definition(in analysis: BudgetAnalysis, path: String, offset: Int) -> [FileRange] {
        let index = analysis.index
        guard let here = index.occurrence(in: path, at: offset) else {
            let link = DocumentLinkProvider.links(in: analysis, path: path).first { $0.range.contains(offset) || $0.range.end == offset }
            return link.map { [FileRange(path: $0.target, range: .empty(at: 0))] } ?? []
        }
        let declarations = index.declarations(of: here.symbol).map(\.location)
        if !declarations.isEmpty || here.symbol.kind != .category { return declarations }
        let prefix = here.symbol.name + ":"
        return index.writtenSymbols.filter { $0.kind == .category && $0.name.hasPrefix(prefix) }
            .flatMap { index.declarations(of: $0).map(\.location) }
            .sorted { ($0.path, $0.range.start) < ($1.path, $1.range.start) }
    }

    /// Every place the name at `offset` is written, declarations included when asked.
    public static func references(in analysis: BudgetAnalysis, path: String, offset: Int, includeDeclaration: Bool) -> [FileRange] {
        let index = analysis.index
        guard let here = index.occurrence(in: path, at: offset) else { return [] }
        return index.occurrences(of: here.symbol).filter { includeDeclaration || !$0.isDeclaration }.map(\.location)
    }

    /// The name at `offset` and its value, when it can be renamed.
    public static func prepareRename(in analysis: BudgetAnalysis, path: String, offset: Int) -> (range: ByteRange, placeholder: String)? {
        guard let here = analysis.index.occurrence(in: path, at: offset) else { return nil }
        return (here.location.range, here.symbol.name)
    }

    /// The edits that rename the name at `offset` to `newName` in every file, quoting it
    /// where it needs quotes (a new name typed in single quotes is taken as meant), with
    /// the blocks the names stand in laid out again as `tally fmt` lays them out.
    public static func rename(in analysis: BudgetAnalysis, path: String, offset: Int, newName typed: String) throws(RenameError) -> [String: [TextEdit]] {
        let index = analysis.index
        let newName = typed.count >= 2 && typed.hasPrefix("'") && typed.hasSuffix("'") ? Unquote.value(of: typed) : typed
        guard let here = index.occurrence(in: path, at: offset) else { throw .notRenamable }
        let symbol = here.symbol
        if let problem = NewName.problem(with: newName, kind: symbol.kind) { throw .invalidName(problem) }
        if newName == symbol.name { return [:] }
        // The symbols that change: the name itself and, for a category, its descendants.
        var renamed: [(from: NamedSymbol, to: String)] = [(symbol, newName)]
        if symbol.kind == .category {
            let prefix = symbol.name + ":"
            for key in index.writtenSymbols where key.kind == .category && key.name.hasPrefix(prefix) {
                renamed.append((key, newName + key.name.dropFirst(symbol.name.count)))
            }
        }
        let changing = Set(renamed.map(\.from))
        for (_, target) in renamed {
            let clash = NamedSymbol(kind: symbol.kind, name: target)
            if !changing.contains(clash), index.isWritten(clash) || index.modelIndex(of: clash) != nil {
                throw .nameTaken(target)
            }
        }
        var edits: [String: [TextEdit]] = [:]
        for (from, to) in renamed {
            let spelled = SourceWriter.name(to)
            for occurrence in index.occurrences(of: from) {
                edits[occurrence.location.path, default: []].append(TextEdit(range: occurrence.location.range, replacement: spelled))
            }
        }
        for key in edits.keys { edits[key]?.sort { $0.range.start < $1.range.start } }
        // Wider or narrower names move the columns of their blocks: laid out as `tally fmt`
        // would, so that a formatted file stays formatted.
        return analysis.layingOut(edits)
    }
}
