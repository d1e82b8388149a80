import TallyCore
import TallyImport
import TallySyntax

/// What `tally import` writes and tells: the entries for the rows to add, in date order,
/// and a summary that accounts for every row of every statement.
struct ImportReport {
    /// A row left out, and why: where it is (file, line and what it shows), the reason.
    struct Refusal {
        let place: String
        let reason: String
    }

    private(set) var entryLines: [String] = []
    private(set) var refused: [Refusal] = []
    /// Rows written without a category (I0601), with the names of their likeliest ones.
    private(set) var uncategorized: [(decision: ImportPlan.Decision, likely: [String])] = []
    private(set) var added = 0
    private var byMatch = 0, byRule = 0, byHistory = 0, byFallback = 0, byTransfer = 0
    private(set) var present: [ImportPlan.Decision] = []
    private(set) var matched: [(ImportPlan.Decision, Int)] = []
    /// Rows whose bank id another movement has (kept under another id, and said so).
    private var sharedIDs: [ImportPlan.Decision] = []
    /// Rows written rounded to the currency's decimals, for the closing balance to check.
    private var rounded: [ImportPlan.Decision] = []
    /// Rows that are the open side of a transfer the budget has (their id is added to it).
    private(set) var sides: [(ImportPlan.Decision, Int)] = []
    private var likelyTransfers = LikelyTransfers()
    private let model: BudgetModel
    /// The category for movements nothing categorizes, when the request names one.
    private let fallbackName: String?

    /// A row to write: with its category's name as the file writes it, its categorizer's
    /// choice, or the transfer rule that makes it a transfer with another wallet.
    private typealias Addition = (decision: ImportPlan.Decision, category: String?, choice: Categorizer.Choice?, transfer: (wallet: Int, rule: MatchRule)?)

    init(plan: ImportPlan, statements: [Statement], model: BudgetModel, fallback: Int?) {
        self.model = model
        fallbackName = fallback.map { model.categories[$0].name }
        // Rows a statement could not read (a direction it does not say), before the plan's.
        refused = statements.flatMap { s in s.refused.map { Refusal(place: "\(s.path):\($0.position.line)", reason: $0.reason) } }
        var mostUsed: [Int]?
        var toAdd: [Addition] = []
        // Each category's name is written once, not once per row.
        var writtenNames: [Int: String] = [:]
        func written(_ category: Int) -> String {
            if let name = writtenNames[category] { return name }
            let name = SourceWriter.name(model.categories[category].name)
            writtenNames[category] = name
            return name
        }
        // A rounding is checked by the closing balance's assert, which refusals leave out.
        let leftOut = !refused.isEmpty || plan.decisions.contains { if case .refused = $0.outcome { true } else { false } }
        for decision in plan.decisions {
            if decision.note != nil { sharedIDs.append(decision) }
            if let original = decision.rounded {
                if case .present = decision.outcome {
                } else if leftOut {
                    refused.append(
                        Refusal(
                            place: Self.describe(decision),
                            reason: "the amount \(original) has more decimals than \(model.wallets[plan.wallet].currency) has; rounded, only the closing balance could confirm it, "
                                + "and that is not asserted while other movements are refused"))
                    continue
                } else {
                    rounded.append(decision)
                }
            }
            switch decision.outcome {
            case .present: present.append(decision)
            case .matched(let entry): matched.append((decision, entry))
            case .transferSide(let entry, _): sides.append((decision, entry))
            case .refused(let reason): refused.append(Refusal(place: Self.describe(decision), reason: reason))
            case .addTransfer(let other, let rule):
                byTransfer += 1
                toAdd.append((decision, nil, nil, (other, plan.rules[rule])))
            case .add(let choice):
                if let choice {
                    switch choice.source {
                    case .matchRule: byMatch += 1
                    case .payeeRule: byRule += 1
                    case .history: byHistory += 1
                    }
                    toAdd.append((decision, choice.ruleApplies || !choice.split.isEmpty ? nil : written(choice.category), choice, nil))
                } else if let fallback {
                    byFallback += 1
                    toAdd.append((decision, written(fallback), nil, nil))
                } else {
                    // Written without a category: it counts in the wallet, and `tally
                    // check` and the editor ask for one (I0601, Grammar.md §3.10).
                    let used = mostUsed ?? Categorizer.mostUsed(in: model, uses: NameUses(model: model))
                    mostUsed = used
                    let likely = plan.categorizer.likeliest(decision.row, in: model, mostUsed: used).map { model.categories[$0].name }
                    uncategorized.append((decision, likely))
                    toAdd.append((decision, nil, nil, nil))
                }
            }
        }
        // A transfer whose other side the other wallet holds already as a movement of its
        // own would count the money twice: refused, to be joined by hand.
        likelyTransfers = LikelyTransfers(model: model, wallet: plan.wallet, rows: toAdd.map(\.decision))
        let paired = Dictionary(likelyTransfers.pairs.map { ($0.decision.id, $0.entry) }) { first, _ in first }
        toAdd.removeAll { addition in
            guard addition.transfer != nil, let entry = paired[addition.decision.id] else { return false }
            let e = model.entries[entry]
            refused.append(
                Refusal(
                    place: Self.describe(addition.decision),
                    reason: "its `match` rule makes it a transfer with \(model.wallets[addition.transfer!.wallet].name), which has this money's other side as a movement of its own ("
                        + "\(e.date) \(e.transaction?.amount.description ?? "")" + (e.payee.map { " \"\($0)\"" } ?? "") + ", \(e.location.file)); write the two as one transfer by hand"))
            byTransfer -= 1
            return true
        }
        if !likelyTransfers.pairs.isEmpty {
            let movements = Set(toAdd.filter { $0.transfer == nil }.map(\.decision.id))
            likelyTransfers.keep { decision, _ in movements.contains(decision.id) }
        }
        added = toAdd.count
        let writer = ImportedEntry()
        let wallet = SourceWriter.name(model.wallets[plan.wallet].name)
        // Date order; rows of one day in the order the statements give them (the rows'
        // places are sorted, not the rows).
        for i in toAdd.indices.sorted(by: { (toAdd[$0].decision.row.date, $0) < (toAdd[$1].decision.row.date, $1) }) {
            entryLines += lines(toAdd[i], wallet: plan.wallet, written: wallet, writer: writer)
        }
    }

    /// The lines of one entry to add to `wallet`, whose name the file writes as `written`.
    private func lines(_ addition: Addition, wallet: Int, written: String, writer: ImportedEntry) -> [String] {
        let (decision, category, choice, transfer) = addition
        let row = decision.row
        // The plan wrote it with the wallet's decimals (or refused it).
        let amount = row.amount
        // A match rule's payee replaces the bank's text, which is then kept as the note
        // (unless the rule writes a note of its own).
        var payee = row.payee ?? row.description
        var note = row.payee != nil && row.description != nil && row.description != row.payee ? row.description : nil
        if let renamed = choice?.payee ?? transfer?.rule.payee {
            if note == nil, let original = payee, original != renamed { note = original }
            payee = renamed
        }
        if let ruleNote = choice?.note ?? transfer?.rule.note { note = ruleNote }
        if let transfer {
            // Money out of this wallet goes to the other; money in comes from it.
            let out = amount.isNegative
            let names = [model.wallets[wallet].name, model.wallets[transfer.wallet].name]
            return writer.transferLines(
                date: row.date, payee: payee, note: note, from: out ? names[0] : names[1], to: out ? names[1] : names[0],
                amount: (out ? amount.negated : amount).description, tags: transfer.rule.tags,
                idKey: out ? TransferSides.fromKey : TransferSides.toKey, id: decision.id)
        }
        // The bank's sign is what happened: a movement against the sign of the category
        // chosen for it (money back in an expense category) is a refund, marked as the
        // sign rule asks (Grammar.md §3.10, "Signs"). The fallback for uncategorized movements
        // is a placeholder, and its warning (W0413) a reason to choose a category.
        var tags = choice?.tags ?? []
        if let choice, !tags.contains(where: SignRule.isMarker),
            let against = (choice.split.isEmpty ? [choice.category] : choice.split.map(\.category))
                .first(where: { SignRule.isAgainst(amount, in: model.categories[$0]) })
        {
            tags.append(SignRule.marker(for: model.categories[against]))
        }
        return writer.lines(
            date: row.date, payee: payee, note: note, writtenWallet: written, writtenCategory: category,
            amount: (amount.isNegative || amount.isZero ? "" : "+") + amount.description, tags: tags,
            split: (choice?.split ?? []).map { ImportedEntry.Part($0, name: model.categories[$0.category].name) }, id: decision.id)
    }

    /// The summary: counts, then one line for every row not added but the refused ones
    /// (``refusalLines``, which a failed command prints on standard error).
    func summary(statements: [Statement], wallet: String, assertion: (date: CivilDate, amount: Money)?) -> String {
        var out = ""
        let rows = statements.reduce(0) { $0 + $1.rows.count }
        let names = statements.map { "\($0.path) (\($0.format.rawValue))" }.joined(separator: ", ")
        out += "Import into \(wallet) from \(names): \(rows) movement\(rows == 1 ? "" : "s")\n"
        // What the file's own evidence decided (the dates' format) is said, never silent.
        for statement in statements { for note in statement.notes { out += "  read     \(statement.path): \(note)\n" } }
        var how: [String] = []
        if byTransfer > 0 { how.append("\(byTransfer) as transfers by match rules") }
        if byMatch > 0 { how.append("\(byMatch) by match rules") }
        if byHistory > 0 { how.append("\(byHistory) categorized from the budget's history") }
        if byRule > 0 { how.append("\(byRule) by payee rules") }
        if byFallback > 0 { how.append("\(byFallback) uncategorized, booked in \(fallbackName ?? "")") }
        if !uncategorized.isEmpty { how.append("\(uncategorized.count) without a category yet") }
        out += "  added            \(added)" + (how.isEmpty ? "" : " (\(how.joined(separator: ", ")))") + "\n"
        out += "  already present  \(present.count)\n"
        out += "  matched          \(matched.count + sides.count)\n"
        out += "  refused          \(refused.count)\n"
        let skipped = statements.flatMap { s in s.skipped.map { (s.path, $0.position, $0.reason) } }
        if !skipped.isEmpty { out += "  not booked       \(skipped.count)\n" }
        if let assertion {
            out += "  balance          \(assertion.date) assert \(wallet) \(assertion.amount), as the statement closes\n"
        } else if !refused.isEmpty, statements.contains(where: { $0.closingBalance != nil }) {
            out += "  balance          the closing balance is not asserted while movements are left out\n"
        }
        for decision in present {
            out += "  present  \(Self.describe(decision)): \(Self.reason(decision))\n"
        }
        for (decision, entry) in matched {
            let e = model.entries[entry]
            out += "  matched  \(Self.describe(decision)): recorded by the entry of \(e.date)" + (e.payee.map { " \"\($0)\"" } ?? "") + " in \(e.location.file), which has no id\n"
        }
        for (decision, entry) in sides {
            let e = model.entries[entry]
            out += "  matched  \(Self.describe(decision)): a side of the transfer of \(e.date) in \(e.location.file), which gets its id\n"
        }
        for (decision, entry) in likelyTransfers.pairs {
            let e = model.entries[entry], other = e.transaction.map { model.wallets[$0.wallet].name } ?? ""
            out +=
                "  transfer?  \(Self.describe(decision)): likely one side of a transfer with \(other), which has \(e.transaction?.amount.description ?? "") on \(e.date)"
                + (e.payee.map { " \"\($0)\"" } ?? "") + "; a rule `match \"TEXT\" transfer \(SourceWriter.name(other))` books such movements as one transfer\n"
        }
        for (decision, likely) in uncategorized {
            out +=
                "  no category  \(Self.describe(decision)): written without one (I0601)"
                + (likely.isEmpty ? "" : "; likely \(likely.joined(separator: ", "))") + "\n"
        }
        for (path, position, reason) in skipped {
            out += "  skipped  \(path):\(position.line): \(reason)\n"
        }
        for decision in rounded {
            out += "  rounded  \(Self.describe(decision)): written as the statement's \(decision.rounded?.description ?? "") rounded; the closing balance checks it\n"
        }
        for decision in sharedIDs {
            out += "  shared id  \(Self.describe(decision)): \(decision.note ?? "")\n"
        }
        return out
    }

    /// The refused rows, a line each: where (file, line and what the row shows) and why.
    var refusalLines: [String] { refused.map { "\($0.place): \($0.reason)" } }

    static func describe(_ decision: ImportPlan.Decision) -> String {
        let row = decision.row
        return "\(decision.statement):\(row.position.line) \(row.date) \(row.amount)" + (row.label.map { " \"\($0)\"" } ?? "")
    }

    private static func reason(_ decision: ImportPlan.Decision) -> String {
        if case .present(let reason) = decision.outcome { return reason }
        return ""
    }
}
