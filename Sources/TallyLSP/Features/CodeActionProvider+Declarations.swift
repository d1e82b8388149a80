import TallyCore
import TallySyntax

/// The "declare it" quick fix for E0401, one declaration per kind of name:
///
/// - a wallet: `wallet NAME`;
/// - a category: `income NAME` when the amount booked on it is positive, else `expense NAME`;
/// - an envelope (named by `fill` or `move`): filled by hand, over the period most of the
///   budget's envelopes use, and for the category of the same name (or whose last level
///   is that name) when there is one: `envelope Groceries monthly for Food:Groceries`;
/// - a goal: `goal NAME`, without a target, which the user adds;
/// - a recurring entry named by `rule NAME` on a transaction or transfer: that entry,
///   repeated every month on its day from its date (`every month on 5 from 2026-11-05 as
///   NAME ...`), which the entry itself then records. A `skip` of an unknown entry says
///   too little to declare one, so it gets no fix.
///
/// Each goes after the last declaration of its kind; failing that, after the last
/// declaration of the kinds that usually come before it (currencies, wallets, categories,
/// envelopes, goals, recurring entries, in that order).
extension CodeActionProvider {
    static func declareMissing(_ d: Diagnostic, _ analysis: BudgetAnalysis) -> [CodeActionInfo] {
        guard let occurrence = analysis.index.occurrence(in: d.file, at: d.range.start), !occurrence.isDeclaration else { return [] }
        let name = occurrence.symbol.name
        let spelled = SourceWriter.name(name)
        let declaration: (line: String, title: String, kind: SyntaxKind, accept: (SyntaxNode) -> Bool)
        switch occurrence.symbol.kind {
        case .wallet:
            declaration = ("wallet \(spelled)", "Declare the wallet `\(name)`", .walletDirective, { _ in true })
        case .category:
            let income = isIncome(at: d, analysis)
            let keyword = income ? "income" : "expense"
            // A category of the same kind, else any category line.
            let sameKind = lastDeclaration(of: .categoryDirective, in: analysis) { CategoryDirectiveSyntax($0)?.isIncome == income } != nil
            declaration = (
                "\(keyword) \(spelled)", "Declare the \(keyword) category `\(name)`", .categoryDirective,
                { !sameKind || CategoryDirectiveSyntax($0)?.isIncome == income }
            )
        case .envelope:
            var line = "envelope \(spelled) \(usualEnvelopePeriod(analysis))"
            if let category = category(named: name, in: analysis.model) { line += " for \(SourceWriter.name(category))" }
            declaration = (line, "Declare the envelope `\(name)`", .envelopeDirective, { _ in true })
        case .goal:
            declaration = ("goal \(spelled)", "Declare the goal `\(name)`", .goalDirective, { _ in true })
        case .rule:
            guard let line = recurringDeclaration(for: occurrence, spelled: spelled, analysis) else { return [] }
            declaration = (line, "Declare the recurring entry `\(name)`, monthly from this entry", .recurringDirective, { _ in true })
        }
        let anchor =
            lastDeclaration(of: declaration.kind, in: analysis, declaration.accept)
            ?? precedingKinds(of: declaration.kind).lazy.compactMap { lastDeclaration(of: $0, in: analysis) { _ in true } }.first
        let edit = insertion(after: anchor, line: declaration.line, analysis: analysis, fallbackFile: d.file)
        return [CodeActionInfo(title: declaration.title, diagnostic: d, edits: [edit.file: [edit.edit]], isPreferred: d.fixes.isEmpty)]
    }

    /// The kinds of declaration that usually come before `kind` in a file, nearest first:
    /// where a first declaration of `kind` goes.
    static func precedingKinds(of kind: SyntaxKind) -> [SyntaxKind] {
        let order: [SyntaxKind] = [.walletDirective, .categoryDirective, .envelopeDirective, .goalDirective, .recurringDirective]
        guard let position = order.firstIndex(of: kind) else { return [] }
        return order[..<position].reversed()
    }

    /// True when the amount booked on the unknown category is positive (money coming in).
    static func isIncome(at d: Diagnostic, _ analysis: BudgetAnalysis) -> Bool {
        guard let entry = analysis.index.entry(in: d.file, at: d.range.start) else { return false }
        let line = entry.children(.split).first { $0.range.contains(d.range.start) } ?? entry
        guard let number = line.child(.amount)?.token(.number), let value = Money(utf8: number.bytes) else { return false }
        return !value.isNegative && !value.isZero
    }

    /// The period keyword most of the budget's envelopes use (the latest on a tie), or
    /// `monthly`. Custom ranges do not count: they rarely fit a second envelope.
    static func usualEnvelopePeriod(_ analysis: BudgetAnalysis) -> String {
        var counts: [String: (count: Int, last: Int)] = [:]
        for (i, envelope) in analysis.model.envelopes.enumerated() {
            guard let keyword = envelope.period.keyword else { continue }
            counts[keyword] = ((counts[keyword]?.count ?? 0) + 1, i)
        }
        return counts.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }?.key ?? "monthly"
    }

    /// The expense category an envelope called `name` most likely budgets: the one of that
    /// name, else the only one whose last level is that name.
    static func category(named name: String, in model: BudgetModel) -> String? {
        let expenses = model.categories.filter { !$0.isIncome }
        if expenses.contains(where: { $0.name == name }) { return name }
        let lastLevel = expenses.filter { $0.name.hasSuffix(":" + name) }
        return lastLevel.count == 1 ? lastLevel[0].name : nil
    }

    /// A recurring entry repeating the transaction or transfer that names it with `rule`:
    /// monthly on its day, from its date, with its payee, note, clauses and split lines but
    /// without the `rule` clause.
    static func recurringDeclaration(for occurrence: NameOccurrence, spelled: String, _ analysis: BudgetAnalysis) -> String? {
        let offset = occurrence.location.range.start
        guard let entry = analysis.index.entry(in: occurrence.location.path, at: offset),
            entry.kind == .transaction || entry.kind == .transfer,
            let dateToken = entry.token(.date), let date = CivilDate(utf8: dateToken.bytes),
            let clause = entry.path(to: offset).last(where: { $0.kind == .attribute })
        else { return nil }
        let source = entry.tree.source
        let bytes = source.bytes
        // The clause and the blanks before it go; everything else after the date stays.
        var cut = clause.contentRange.start
        while cut > dateToken.range.end && (bytes[cut - 1] == UInt8(ascii: " ") || bytes[cut - 1] == UInt8(ascii: "\t")) { cut -= 1 }
        var bodyStart = dateToken.range.end
        while bodyStart < cut && (bytes[bodyStart] == UInt8(ascii: " ") || bytes[bodyStart] == UInt8(ascii: "\t")) { bodyStart += 1 }
        var body = source.text(in: ByteRange(start: bodyStart, end: cut)) + source.text(in: ByteRange(start: clause.contentRange.end, end: entry.range.end))
        while body.hasSuffix("\n") || body.hasSuffix("\r") { body.removeLast() }
        let day = date.day == date.endOfMonth.day && date.day > 28 ? "last" : "\(date.day)"
        return "every month on \(day) from \(date) as \(spelled) \(body)"
    }
}
