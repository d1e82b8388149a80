import TallyCore
import TallyImport
import TallySyntax

/// Quick fixes for the diagnostics in a range: every fix the parser and the interpreter
/// attach to their diagnostics, and the ones that need the budget to compute:
///
/// - E0401 unknown wallet, category, envelope, goal or recurring entry: declare it, after
///   the last declaration of its kind (see CodeActionProvider+Declarations.swift);
/// - E0406 split parts that do not add up: set the total to the parts' sum, or add a split
///   line for the difference;
/// - E0410 failed assertion: assert the computed balance instead;
/// - W0506 / I0507 overdue or due recurring entry: record the occurrence (a copy of the
///   repeated entry with `rule NAME`, dated on the occurrence) or skip it;
/// - W0501 overspent envelope: move the overspent amount in from an envelope that has that
///   much left in the same period (or, when none has, all that the roomiest one has);
/// - I0601 a bank movement without a category: book it in one of the likeliest categories
///   (CodeActionProvider+Categories.swift).
///
/// Each action's edits come with the layout of the blocks they touch
/// (``BudgetAnalysis/layingOut(_:)``), so a formatted file stays formatted.
///
/// Code actions are asked for rarely, so some of these scan a file's entries (finding
/// where a declaration or a dated entry goes); only I0601's scans the whole budget's
/// entries, once per request, to learn which category each payee is usually booked in.
public enum CodeActionProvider {
    /// The actions for the diagnostics of `path` that touch `range`.
    public static func actions(in analysis: BudgetAnalysis, path: String, range: ByteRange) -> [CodeActionInfo] {
        var result: [CodeActionInfo] = []
        var advice = CategoryAdvice()
        for diagnostic in analysis.diagnostics
        where diagnostic.file == path
            && diagnostic.range.start <= range.end && range.start <= diagnostic.range.end
        {
            for fix in diagnostic.fixes {
                result.append(
                    CodeActionInfo(
                        title: fix.title, diagnostic: diagnostic, edits: [diagnostic.file: fix.edits],
                        isPreferred: diagnostic.fixes.count == 1))
            }
            switch diagnostic.code {
            case .unknownName: result += declareMissing(diagnostic, analysis)
            case .splitMismatch: result += balanceSplit(diagnostic, analysis)
            case .failedAssertion: result += fixAssertion(diagnostic, analysis)
            case .recurringOverdue, .recurringDueToday: result += recordOccurrences(diagnostic, analysis)
            case .envelopeOverspent: result += moveMoney(diagnostic, analysis)
            case .needsCategory: result += chooseCategory(diagnostic, analysis, advice: &advice)
            default: break
            }
        }
        // Every fix lays out the blocks it touches as `tally fmt` would: a formatted file
        // stays formatted (issue 33).
        for i in result.indices { result[i].edits = analysis.layingOut(result[i].edits) }
        return result
    }

    // MARK: Declaring a missing name (CodeActionProvider+Declarations.swift)

    /// The last entry of `kind` that satisfies `accept`, in the budget's file order.
    static func lastDeclaration(of kind: SyntaxKind, in analysis: BudgetAnalysis, _ accept: (SyntaxNode) -> Bool) -> (file: String, node: SyntaxNode)? {
        for file in analysis.budget.files.reversed() {
            if let node = file.tree.entries(of: kind).last(where: accept) { return (file.path, node) }
        }
        return nil
    }

    /// An edit that inserts `line` as a line of its own after `anchor`; without an anchor,
    /// after the `currency` lines of `fallbackFile`, or at its top.
    static func insertion(after anchor: (file: String, node: SyntaxNode)?, line: String, analysis: BudgetAnalysis, fallbackFile: String) -> (file: String, edit: TextEdit) {
        if let anchor { return (anchor.file, lineInsertion(at: anchor.node.range.end, in: anchor.node.tree, line: line)) }
        guard let tree = analysis.tree(fallbackFile) else { return (fallbackFile, TextEdit(range: .empty(at: 0), replacement: line + "\n")) }
        if let currency = tree.entries(of: .currencyDirective).last { return (fallbackFile, lineInsertion(at: currency.range.end, in: tree, line: line)) }
        return (fallbackFile, TextEdit(range: .empty(at: 0), replacement: line + "\n"))
    }

    /// Inserts `line` at `offset`, the start of a line or the end of the file (which may
    /// lack its final line break).
    static func lineInsertion(at offset: Int, in tree: SyntaxTree, line: String) -> TextEdit {
        let bytes = tree.source.bytes
        let needsBreak = offset > 0 && offset == bytes.count && bytes[offset - 1] != UInt8(ascii: "\n") && bytes[offset - 1] != UInt8(ascii: "\r")
        let lineBreak = lineBreak(of: tree)
        return TextEdit(range: .empty(at: offset), replacement: (needsBreak ? lineBreak : "") + line + lineBreak)
    }

    /// The file's own line break (that of its first line), so that inserted lines match.
    static func lineBreak(of tree: SyntaxTree) -> String {
        for i in 0 ..< tree.tokenCount where tree.token(at: i).kind == .newline { return tree.token(at: i).text }
        return "\n"
    }

    // MARK: Splits

    static func balanceSplit(_ d: Diagnostic, _ analysis: BudgetAnalysis) -> [CodeActionInfo] {
        guard let node = analysis.index.entry(in: d.file, at: d.range.start), let t = TransactionSyntax(node),
            let totalSyntax = t.amount, totalSyntax.range == d.range, let total = Money(utf8: totalSyntax.numberBytes),
            let numberToken = totalSyntax.node.token(.number)
        else { return [] }
        let splits = t.splits
        var sum = Money.zero
        var scale = total.scale
        for split in splits {
            guard let amount = split.amount, let value = Money(utf8: amount.numberBytes), let next = sum.adding(value) else { return [] }
            sum = next
            scale = max(scale, value.scale)
        }
        guard let difference = total.subtracting(sum), !difference.isZero, let last = splits.last, let first = splits.first,
            let category = first.category
        else { return [] }
        var actions: [CodeActionInfo] = []
        let sumText = sum.formatted(scale: scale)
        actions.append(
            CodeActionInfo(
                title: "Change the total to \(sumText)", diagnostic: d,
                edits: [d.file: [TextEdit(range: numberToken.range, replacement: sumText)]], isPreferred: false))
        let indent = node.tree.source.text(in: ByteRange(start: lineStart(of: first.node.range.start, in: node.tree), end: first.node.range.start))
        let differenceText = difference.formatted(scale: scale)
        let line = "\(indent.isEmpty ? "    " : indent)\(SourceWriter.name(category.value))  \(differenceText)"
        let end = lineEnd(after: last.node.contentRange.end, in: node.tree)
        actions.append(
            CodeActionInfo(
                title: "Add a split line of \(differenceText) in \(category.value)", diagnostic: d,
                edits: [d.file: [lineInsertion(at: end, in: node.tree, line: line)]], isPreferred: false))
        return actions
    }

    static func lineStart(of offset: Int, in tree: SyntaxTree) -> Int {
        let bytes = tree.source.bytes
        var i = offset
        while i > 0 && bytes[i - 1] != UInt8(ascii: "\n") && bytes[i - 1] != UInt8(ascii: "\r") { i -= 1 }
        return i
    }

    /// The offset just after the line break that ends the line holding `offset`.
    static func lineEnd(after offset: Int, in tree: SyntaxTree) -> Int {
        let bytes = tree.source.bytes
        var i = offset
        while i < bytes.count && bytes[i] != UInt8(ascii: "\n") && bytes[i] != UInt8(ascii: "\r") { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: "\r") { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: "\n") { i += 1 }
        return i
    }

    // MARK: Assertions

    static func fixAssertion(_ d: Diagnostic, _ analysis: BudgetAnalysis) -> [CodeActionInfo] {
        guard let node = analysis.index.entry(in: d.file, at: d.range.start), node.kind == .assertion,
            let entry = SimpleDatedEntrySyntax(node), let date = entry.date, let name = entry.names.first,
            let w = analysis.index.modelIndex(of: NamedSymbol(kind: .wallet, name: name.value)),
            let number = entry.amount?.node.token(.number)
        else { return [] }
        let wallet = analysis.model.wallets[w]
        let actual = analysis.number(analysis.model.balance(of: w, at: date), wallet.currency)
        return [
            CodeActionInfo(
                title: "Assert the computed balance, \(actual)", diagnostic: d,
                edits: [d.file: [TextEdit(range: number.range, replacement: actual)]], isPreferred: false)
        ]
    }

    // MARK: Recurring entries

    static func recordOccurrences(_ d: Diagnostic, _ analysis: BudgetAnalysis) -> [CodeActionInfo] {
        guard let occurrence = analysis.index.occurrence(in: d.file, at: d.range.start), occurrence.symbol.kind == .rule,
            let directive = analysis.index.entry(in: d.file, at: d.range.start),
            let body = directive.child(.transaction) ?? directive.child(.transfer)
        else { return [] }
        let tree = directive.tree
        let dates = occurrencesToOffer(for: d, analysis)
        let name = SourceWriter.name(occurrence.symbol.name)
        // The repeated entry, with `rule NAME` at the end of its first line.
        let headerEnd = body.endOfFirstLineContent
        var text = tree.source.text(in: ByteRange(start: body.range.start, end: headerEnd)) + " rule \(name)"
        text += tree.source.text(in: ByteRange(start: headerEnd, end: body.range.end))
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        var actions: [CodeActionInfo] = []
        for date in dates {
            let offset = insertionPoint(for: date, in: tree)
            actions.append(
                CodeActionInfo(
                    title: "Record the occurrence of \(date)", diagnostic: d,
                    edits: [d.file: [lineInsertion(at: offset, in: tree, line: "\(date) \(text)")]], isPreferred: false))
            actions.append(
                CodeActionInfo(
                    title: "Skip the occurrence of \(date)", diagnostic: d,
                    edits: [d.file: [lineInsertion(at: offset, in: tree, line: "\(date) skip \(name)")]], isPreferred: false))
        }
        return actions
    }

    /// The occurrences the diagnostic is about, from the model rather than from its
    /// message: for W0506 the unrecorded ones before today (the first five, as many as the
    /// message names), for I0507 today's.
    static func occurrencesToOffer(for d: Diagnostic, _ analysis: BudgetAnalysis) -> [CivilDate] {
        let model = analysis.model
        guard let r = model.rules.firstIndex(where: { $0.location.file == d.file && $0.location.range == d.range }) else { return [] }
        let missing = analysis.index.openOccurrences[r]
        if d.code == .recurringDueToday { return missing.filter { $0 == analysis.today } }
        return Array(missing.filter { $0 < analysis.today }.prefix(5))
    }

    /// Where an entry dated `date` goes: before the first dated entry after it, else at the
    /// end of the file.
    static func insertionPoint(for date: CivilDate, in tree: SyntaxTree) -> Int {
        for entry in tree.entries {
            if let d = entry.token(.date).flatMap({ CivilDate(utf8: $0.bytes) }), d > date { return entry.range.start }
        }
        return tree.source.bytes.count
    }

    // MARK: Overspent envelopes

    static func moveMoney(_ d: Diagnostic, _ analysis: BudgetAnalysis) -> [CodeActionInfo] {
        let model = analysis.model
        guard let note = d.notes.first,
            let target = model.envelopes.firstIndex(where: { $0.location.file == note.file && $0.location.range == note.range }),
            let node = analysis.index.entry(in: d.file, at: d.range.start),
            let date = node.token(.date).flatMap({ CivilDate(utf8: $0.bytes) }),
            let status = model.envelopePeriod(target, containing: date), status.isOverspent
        else { return [] }
        let over = status.available.negated
        let currency = model.defaultCurrency
        let withRoom = model.envelopes.indices.compactMap { e -> (envelope: Int, left: Money)? in
            guard e != target, let s = model.envelopePeriod(e, containing: date), !s.available.isNegative, !s.available.isZero else { return nil }
            return (e, s.available)
        }.sorted { $0.left > $1.left }
        // Envelopes that can cover all of it; failing that, all the one with most room has.
        var moves = withRoom.filter { !($0.left < over) }.prefix(3).map { ($0.envelope, over) }
        if moves.isEmpty, let most = withRoom.first { moves = [(most.envelope, most.left)] }
        let to = model.envelopes[target].name
        return moves.enumerated().map { k, move in
            let from = model.envelopes[move.0].name
            let amount = analysis.number(move.1, currency)
            let line = SourceWriter.move(date: date, from: from, to: to, amount: amount)
            let title = move.1 < over ? "Move \(amount) from \(from) to \(to), all it has left" : "Move \(amount) from \(from) to \(to)"
            return CodeActionInfo(
                title: title, diagnostic: d,
                edits: [d.file: [lineInsertion(at: node.range.end, in: node.tree, line: line)]], isPreferred: k == 0 && !(move.1 < over))
        }
    }
}
