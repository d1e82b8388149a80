import TallyCore
import TallySyntax

/// What the editor shows on hover: the figures a budgeting app shows on its screens,
/// computed for the line under the cursor.
///
/// - On a wallet: its balance right after that entry on a dated entry, else at today.
/// - On a category or envelope in a dated entry: the status of each envelope it counts
///   in, for the period of that entry's date (at today elsewhere).
/// - On a goal: progress and the forward-looking figure.
/// - On a recurring entry's name: its schedule and next occurrences.
/// - On a diagnostic code in a `tally-ignore` comment or `option severity`: its title.
/// - On a payee: how it is used (HoverProvider+Payee.swift).
///
/// Every figure comes from an index look-up (binary search over a wallet's history or an
/// envelope's periods); nothing scans the budget's entries.
public enum HoverProvider {
    /// The hover at `offset` in `path`, or nil when there is nothing to tell.
    public static func hover(in analysis: BudgetAnalysis, path: String, offset: Int) -> HoverInfo? {
        guard let tree = analysis.tree(path) else { return nil }
        if let code = diagnosticCode(in: tree, at: offset) { return code }
        let index = analysis.index
        guard let occurrence = index.occurrence(in: path, at: offset) else { return payee(in: analysis, path: path, offset: offset) }
        let entry = index.entry(in: path, at: occurrence.location.range.start)
        let date = entry.flatMap { $0.token(.date) }.flatMap { CivilDate(utf8: $0.bytes) }
        let modelEntry = entry.flatMap { index.modelEntry($0, in: path) }
        let markdown: String?
        switch occurrence.symbol.kind {
        case .wallet: markdown = wallet(occurrence.symbol.name, analysis, date: date, entry: modelEntry)
        case .category: markdown = category(occurrence.symbol.name, analysis, date: date, entry: entry, modelEntry: modelEntry)
        case .envelope: markdown = envelope(occurrence.symbol.name, analysis, date: date)
        case .goal: markdown = goal(occurrence.symbol.name, analysis)
        case .rule: markdown = rule(occurrence.symbol.name, analysis)
        }
        return markdown.map { HoverInfo(markdown: withheld($0, analysis), range: occurrence.location.range) }
    }

    /// Figures that could have overflowed are never shown (as the reports refuse to): when
    /// the model says its totals are not exact, a hover keeps only its first paragraph, the
    /// name and what it is, and says why the rest is missing.
    static func withheld(_ markdown: String, _ analysis: BudgetAnalysis) -> String {
        guard !analysis.model.totalsAreExact else { return markdown }
        let head = markdown.components(separatedBy: "\n\n").first ?? markdown
        return head + "\n\n" + withheldNote
    }

    static let withheldNote = "No figures: the budget's amounts add up to more than can be totalled exactly (E0404)."

    // MARK: Names

    static func wallet(_ name: String, _ analysis: BudgetAnalysis, date: CivilDate?, entry: Int?) -> String? {
        let model = analysis.model
        guard let w = analysis.index.modelIndex(of: NamedSymbol(kind: .wallet, name: name)) else { return unknown(.wallet, name) }
        let wallet = model.wallets[w]
        var lines = ["**\(md(name))** · \(wallet.kind.rawValue) wallet" + (wallet.currency.isEmpty ? "" : " in \(wallet.currency)")]
        if let entry, let balance = model.balance(of: w, rightAfter: entry) {
            lines.append("Balance after this entry: **\(analysis.text(balance, wallet.currency))**")
        } else if let date {
            lines.append("Balance at the end of \(date): **\(analysis.text(model.balance(of: w, at: date), wallet.currency))**")
        } else {
            lines.append("Balance today (\(analysis.today)): **\(analysis.text(model.balance(of: w, at: analysis.today), wallet.currency))**")
        }
        var facts: [String] = []
        if !wallet.opening.isZero || wallet.openingDate != nil {
            facts.append("opening \(analysis.text(wallet.opening, wallet.currency))" + (wallet.openingDate.map { " on \($0)" } ?? ""))
        }
        if let limit = wallet.limit { facts.append("limit \(analysis.text(limit, wallet.currency))") }
        if let closed = wallet.closed { facts.append("closed \(closed)") }
        if wallet.hidden { facts.append("hidden from totals") }
        if !wallet.owners.isEmpty { facts.append("owned by \(md(wallet.owners.joined(separator: ", ")))") }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        return lines.joined(separator: "\n\n")
    }

    static func category(_ name: String, _ analysis: BudgetAnalysis, date: CivilDate?, entry: SyntaxNode?, modelEntry: Int?) -> String? {
        let model = analysis.model
        guard let c = analysis.index.modelIndex(of: NamedSymbol(kind: .category, name: name)) else { return unknown(.category, name) }
        let category = model.categories[c]
        var lines = ["**\(md(name))** · \(category.isIncome ? "income" : "expense") category" + (category.isImplicit ? " (a parent of declared categories)" : "")]
        // The wallet the money comes from decides which envelopes count it.
        var wallet: Int?
        if let modelEntry, case .transaction(let w, _, _) = model.entries[modelEntry].kind {
            wallet = w
        } else if let ref = entry.flatMap({ $0.child(.walletRef) }) {
            wallet = analysis.index.modelIndex(of: NamedSymbol(kind: .wallet, name: NameSyntax(node: ref).value))
        }
        let when = date ?? analysis.today
        let covering = model.envelopes(covering: c, from: wallet)
        for e in covering {
            if let status = analysis.index.envelope(e, through: when) {
                lines.append(envelopeStatus(e, status, analysis))
            }
        }
        if covering.isEmpty && !category.isIncome { lines.append("No envelope budgets this category.") }
        return lines.joined(separator: "\n\n")
    }

    static func envelope(_ name: String, _ analysis: BudgetAnalysis, date: CivilDate?) -> String? {
        let model = analysis.model
        guard let e = analysis.index.modelIndex(of: NamedSymbol(kind: .envelope, name: name)) else { return unknown(.envelope, name) }
        let envelope = model.envelopes[e]
        var lines = ["**\(md(name))** · envelope for " + (envelope.coversAll ? "all spending" : md(envelope.categories.joined(separator: ", ")))]
        if let status = analysis.index.envelope(e, through: date ?? analysis.today) {
            lines.append(envelopeStatus(e, status, analysis))
        } else {
            lines.append("No period of this envelope contains \(date ?? analysis.today).")
        }
        return lines.joined(separator: "\n\n")
    }

    /// One envelope's period in two lines: its name and period, then the figures.
    static func envelopeStatus(_ e: Int, _ status: EnvelopeStatus, _ analysis: BudgetAnalysis) -> String {
        let model = analysis.model
        let envelope = model.envelopes[e]
        let currency = model.defaultCurrency
        var figures = ["planned \(analysis.number(status.planned, currency))"]
        if !status.filled.isZero { figures.append("filled \(analysis.number(status.filled, currency))") }
        if !status.moved.isZero { figures.append("moved \(analysis.number(status.moved, currency))") }
        if !status.carriedIn.isZero || envelope.rollover { figures.append("carried \(analysis.number(status.carriedIn, currency))") }
        figures.append("spent \(analysis.number(status.spent, currency))")
        let left =
            status.isOverspent
            ? "**\(analysis.text(status.available.negated, currency)) over**"
            : "**\(analysis.text(status.available, currency)) left**"
        return "Envelope **\(md(envelope.name))**, \(envelope.period.label(status.start)): \(left)\n\n" + figures.joined(separator: " · ")
    }

    static func goal(_ name: String, _ analysis: BudgetAnalysis) -> String? {
        let model = analysis.model
        guard let g = analysis.index.modelIndex(of: NamedSymbol(kind: .goal, name: name)) else { return unknown(.goal, name) }
        let goal = model.goals[g]
        let currency = goal.wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
        let status = model.goalStatus(g, at: analysis.today)
        var lines = ["**\(md(name))** · goal" + (goal.by.map { " by \($0)" } ?? "") + (goal.wallet.map { " in \(md(model.wallets[$0].name))" } ?? "")]
        var progress = "Saved **\(analysis.text(status.saved, currency))**"
        if let target = goal.target { progress += " of \(analysis.text(target, currency))" }
        if let percent = status.percent { progress += " (\(percent.formatted(scale: 1))%)" }
        lines.append(progress + " · \(status.state.rawValue)")
        if let outlook = status.outlook { lines.append(outlook) }
        return lines.joined(separator: "\n\n")
    }

    static func rule(_ name: String, _ analysis: BudgetAnalysis) -> String? {
        let model = analysis.model
        guard let r = analysis.index.modelIndex(of: NamedSymbol(kind: .rule, name: name)) else { return unknown(.rule, name) }
        let rule = model.rules[r]
        let unit = rule.interval == 1 ? rule.unit.rawValue : "\(rule.interval) \(rule.unit.rawValue)s"
        var lines = ["**\(md(name))** · recurring entry, every \(unit) from \(rule.from)"]
        let horizon = analysis.today.adding(years: 2) ?? analysis.today
        let next = rule.occurrences(in: analysis.today ... horizon).prefix(5)
        lines.append(next.isEmpty ? "No occurrences from today on." : "Next: " + next.map(\.description).joined(separator: ", "))
        return lines.joined(separator: "\n\n")
    }

    /// A name or payee as Markdown that shows it as written (`MarkdownText`): `*Fun*`
    /// stays `*Fun*` on screen, and `Anna-cash` gets no backslash.
    static func md(_ text: String) -> String { MarkdownText.literal(text) }

    static func unknown(_ kind: NameKind, _ name: String) -> String {
        "**\(md(name))** · unknown \(kind.word)"
    }

    // MARK: Diagnostic codes

    /// A code such as `W0501` under the cursor in a `tally-ignore` comment or an
    /// `option severity` line.
    static func diagnosticCode(in tree: SyntaxTree, at offset: Int) -> HoverInfo? {
        guard var token = tree.token(containing: offset) else { return nil }
        // A cursor right after a word still hovers the word.
        if token.range.start == offset && offset > 0 && (token.kind == .whitespace || token.kind == .newline), let before = tree.token(containing: offset - 1) {
            token = before
        }
        let bytes = token.bytes
        switch token.kind {
        case .comment:
            guard token.text.contains(Suppressions.marker) else { return nil }
        case .name, .keyword:
            // In an option line the code is a plain name; the line must start with `option`.
            let lineStart = tree.source.bytes[..<token.range.start].lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.map { $0 + 1 } ?? 0
            guard tree.source.bytes[lineStart...].starts(with: "option".utf8) else { return nil }
        default:
            return nil
        }
        // The word around the offset: letters and digits.
        func isWordByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        var start = min(max(offset, bytes.startIndex), bytes.endIndex)
        var end = start
        while start > bytes.startIndex && isWordByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.endIndex && isWordByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[start ..< end], as: UTF8.self)
        guard let code = DiagnosticCode.named(word.uppercased()) else { return nil }
        let severity = String(describing: code.defaultSeverity)
        // The catalogue's summary: the opening paragraph of the code's section in the docs.
        let markdown = "**\(code.rawValue)** · \(code.title)\n\n\(code.summary)\n\nDefault severity: \(severity)" + (code.isSyntaxError ? "; it cannot be silenced." : ".") + " Explained with an example in `docs/diagnostics.md`."
        return HoverInfo(markdown: markdown, range: ByteRange(start: start, end: end))
    }
}
