import TallyCore
import TallyFormat
import TallySyntax

/// The names a rename may give. How a name is written in a file is `SourceWriter.name`'s.
enum NewName {
    /// Why `name` cannot be a name of `kind`, or nil when it can.
    static func problem(with name: String, kind: NameKind) -> String? {
        if name.isEmpty { return "a name cannot be empty" }
        if name.contains(where: { $0.isNewline }) { return "a name cannot contain a line break" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "a name cannot contain control characters" }
        if kind == .category {
            if name == "*" { return "`*` means all spending and cannot be a category" }
            if name.split(separator: ":", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                return "each level of a category name needs at least one character (`Food:Groceries`)"
            }
        }
        return nil
    }
}

extension BudgetAnalysis {
    /// An amount with its currency's decimals and code: `1,180.00 EUR` is written `1180.00 EUR`.
    func text(_ money: Money, _ currency: String) -> String { model.text(money, currency) }

    /// An amount with its currency's decimals, without the code.
    func number(_ money: Money, _ currency: String) -> String { model.text(money, currency, code: false) }

    /// The tree of `path`, if the file is part of the budget.
    func tree(_ path: String) -> SyntaxTree? { budget.file(path)?.tree }

    /// `edits`, by file, made together with the layout `tally fmt` gives the blocks they
    /// touch (``Formatter/layingOut(_:in:path:blockLimit:run:)``), so that a rename or a quick
    /// fix leaves a formatted file formatted. A file outside the budget keeps its edits.
    /// The blocks are laid out on all cores: renaming the wallet of every entry touches
    /// every block of the file.
    func layingOut(_ edits: [String: [TextEdit]]) -> [String: [TextEdit]] {
        var result = edits
        for (path, list) in edits {
            guard let bytes = tree(path)?.source.bytes else { continue }
            result[path] = Formatter.layingOut(list, in: bytes, path: path, run: ConcurrentJobs.run)
        }
        return result
    }
}

extension SyntaxNode {
    /// The chain of nodes from this one down to the innermost containing `offset`; where
    /// no child contains it, one that ends right at it (a cursor just after a name).
    func path(to offset: Int) -> [SyntaxNode] {
        var chain = [self]
        while true {
            let children = chain[chain.count - 1].childNodes
            guard
                let next = children.first(where: { $0.range.contains(offset) && !$0.range.isEmpty })
                    ?? children.last(where: { $0.contentRange.end == offset })
            else { return chain }
            chain.append(next)
        }
    }

    /// The end of the node's first line, before its comment and line break: where a hint
    /// about the line goes.
    var endOfFirstLineContent: Int {
        var end = range.start
        for i in tokenIndices {
            let token = tree.token(at: i)
            if token.kind == .newline { break }
            if !token.kind.isTrivia { end = token.range.end }
        }
        return end
    }
}

extension CivilDate {
    /// `2026-09` for the month of the date.
    var monthLabel: String { "\(year)-" + (month < 10 ? "0\(month)" : "\(month)") }
}
