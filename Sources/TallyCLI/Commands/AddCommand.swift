import Foundation
import TallyCore
import TallyReports
import TallySyntax

/// `tally add FILE DATE [PAYEE] WALLET [CATEGORY] AMOUNT`: one transaction from the
/// command line, for scripts and phone shortcuts. What is left out is completed from the
/// budget when that is unambiguous (a payee's usual wallet and category), and the entry
/// is written the way `tally record` writes: appended to the budget file in the columns
/// its transactions use, with its line endings, checked in memory first, atomically.
enum AddCommand: Subcommand {
    static let name = "add"
    static let summary = "Add one transaction from the command line"
    static let help = """
        tally add: append one transaction to the budget, completed from the budget where
        that is unambiguous: a payee's usual wallet and category.

        USAGE
          tally add [options] <file> DATE [PAYEE] WALLET [CATEGORY] AMOUNT
          tally add [options] <file> DATE PAYEE [CATEGORY] AMOUNT     (the payee's wallet)
          tally add [options] <file> DATE PAYEE AMOUNT                (its wallet and category)

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        DATE is YYYY-MM-DD, today or yesterday. WALLET and CATEGORY are names the budget
        declares (any case). An AMOUNT without a sign is spending in an expense category
        (written negative) and money in for an income category; +12.50 and -12.50 are
        kept as written, and one against its category's sign is tagged #refund (or
        #reversal for income), as `tally check` asks (W0413). The entry goes to the end
        of the file, aligned like its transactions, with its line endings; the file is
        replaced atomically and keeps its permissions. Nothing is written when the
        budget has errors before, or would have any after.

        EXIT CODES
          0  added
          1  the budget has errors (before or after): nothing written
          2  usage mistake, an unknown or ambiguous name, or an unreadable file

        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        func fail(_ message: String, _ code: Int32 = ExitCode.usage) -> Int32 {
            console.err("tally add: \(message)\n")
            return code
        }
        var options: Options
        do { options = try parse(arguments) } catch { return fail(error.message) }
        // The file: -f, else a first word that names one, else TALLY_FILE.
        if options.file == nil, let first = options.words.first,
            first.hasSuffix(".tally") || FileManager.default.fileExists(atPath: first)
        {
            options.file = first
            options.words.removeFirst()
        }
        if options.file == nil, let variable = console.environment["TALLY_FILE"], !variable.isEmpty { options.file = variable }
        guard let path = options.file else { return fail("name the budget file (or -f FILE, or set TALLY_FILE)") }
        if path == "-" { return fail("`tally add` writes to the budget file; it cannot read standard input") }
        guard let today = options.today ?? Interpreter.today(environment: console.environment) else {
            return fail("TALLY_TODAY is not a date; write it as YYYY-MM-DD")
        }
        guard options.words.count >= 3 else {
            return fail("write `tally add FILE DATE [PAYEE] WALLET [CATEGORY] AMOUNT` (see `tally help add`)")
        }
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: path, today: today) } catch { return error.report(name, entries: "the entry", console: console) }
        let model = editor.model

        let entry: Draft
        do { entry = try Draft(words: options.words, model: model, today: today) } catch { return fail(error.message) }
        guard let file = editor.budget.file(path) else { return fail("cannot read `\(path)`") }
        let layout = FileLayout(recentIn: file.tree)
        let line = entry.line(note: options.note, tags: entry.tags(options.tags), model: model, layout: layout)
        var edit = editor.edit()
        edit.append([line], to: path, lineEnding: layout.lineEnding)

        // The budget as it would be: free of errors, one transaction more.
        let edited: EditedBudget
        do { edited = try editor.check(edit) } catch { return error.report(name, entries: "the entry", console: console) }
        guard edited.model.entries.count == model.entries.count + 1 else {
            return fail("the entry would not read back as one transaction; nothing written", ExitCode.problems)
        }
        // What was filled in, so that a guess never goes unnoticed.
        let filledIn = entry.completed + [entry.markerNote(options.tags)].compactMap { $0 }
        if !filledIn.isEmpty { console.err("tally add: \(filledIn.joined(separator: "; "))\n") }
        if options.dryRun {
            console.out("Would append to \(path):\n\(line)\n")
            return ExitCode.success
        }
        do { try editor.write(edited) } catch { return error.report(name, entries: "the entry", console: console) }
        console.out("Added to \(path): \(line)\n")
        return ExitCode.success
    }

    /// The transaction the words describe, completed from the budget.
    struct Draft {
        var date: CivilDate
        var payee: String?
        var wallet: Int
        var category: Int
        var amount: String
        /// What was taken from the payee's earlier entries, in words.
        var completed: [String] = []

        init(words: [String], model: BudgetModel, today: CivilDate) throws(UsageError) {
            switch words[0].lowercased() {
            case "today": date = today
            case "yesterday": date = today.adding(days: -1) ?? today
            default:
                guard let day = CivilDate(iso: words[0]) else { throw UsageError("`\(words[0])` is not a date; write YYYY-MM-DD, today or yesterday") }
                date = day
            }
            var amountText = words[words.count - 1]
            let digits = amountText.hasPrefix("+") ? String(amountText.dropFirst()) : amountText
            guard Money(digits) != nil else { throw UsageError("`\(amountText)` is not an amount; write 12.50, -12.50 or +12.50") }
            var middle = Array(words[1 ..< words.count - 1])
            guard middle.count <= 3 else { throw UsageError("too many words: write DATE [PAYEE] WALLET [CATEGORY] AMOUNT (quote a payee with spaces)") }

            func find(_ name: String, in names: [String]) -> Int? {
                names.firstIndex(of: name)
                    ?? {
                        let matches = names.indices.filter { names[$0].lowercased() == name.lowercased() }
                        return matches.count == 1 ? matches[0] : nil
                    }()
            }
            let walletNames = model.wallets.map(\.name), categoryNames = model.categories.map(\.name)
            var wallet: Int?, category: Int?
            if let index = middle.firstIndex(where: { find($0, in: walletNames) != nil }) {
                wallet = find(middle[index], in: walletNames)
                let after = middle.count > index + 1 ? middle[index + 1] : nil
                middle = Array(middle[..<index])
                if let after {
                    guard let c = find(after, in: categoryNames) else {
                        throw UsageError("no category named `\(after)`" + (TallyTool.closest(after, categoryNames).map { "; did you mean `\($0)`?" } ?? ""))
                    }
                    category = c
                }
            } else if let last = middle.last, middle.count >= 2 {
                // PAYEE CATEGORY: the wallet is the payee's usual one.
                guard let c = find(last, in: categoryNames) else {
                    throw UsageError("`\(last)` names no wallet or category" + (TallyTool.closest(last, walletNames + categoryNames).map { "; did you mean `\($0)`?" } ?? ""))
                }
                category = c
                middle.removeLast()
            }
            guard middle.count <= 1 else { throw UsageError("`\(middle[1])` names no wallet; write DATE [PAYEE] WALLET [CATEGORY] AMOUNT") }
            payee = middle.first

            // The payee's usual wallet and category (``PayeeHabit``).
            if wallet == nil || category == nil {
                guard let payee else { throw UsageError("name the wallet (one of: \(walletNames.joined(separator: ", ")))") }
                let habit = model.payeeHabit(payee)
                if wallet == nil {
                    guard let usual = habit?.wallet, !usual.isTied else {
                        throw UsageError("name the wallet: `\(payee)` has \(habit?.hasTransactions ?? false ? "no usual wallet" : "no earlier entries") (one of: \(walletNames.joined(separator: ", ")))")
                    }
                    wallet = usual.value
                    completed.append("wallet \(walletNames[usual.value]), as in earlier entries of \(payee)")
                }
                if category == nil {
                    guard let usual = habit?.category(in: wallet), !usual.isTied else {
                        throw UsageError("name the category: `\(payee)` has \(habit?.hasSingleCategoryTransactions ?? false ? "no usual category" : "no earlier entries with one category")")
                    }
                    category = usual.value
                    completed.append("category \(categoryNames[usual.value]), as in earlier entries of \(payee)")
                }
            }
            self.wallet = wallet!
            self.category = category!
            // The one sign rule (``SignRule``): an amount without a sign takes its
            // category's, spending or money in. It is written with the currency's
            // decimals (`5` in euros is `5.00`).
            let kind = model.categories[self.category]
            var sign = amountText.hasPrefix("-") ? "-" : amountText.hasPrefix("+") ? "+" : ""
            if sign.isEmpty { sign = SignRule.sign(in: kind) }
            if sign == "-" || sign == "+" { amountText = String(amountText.drop { $0 == "-" || $0 == "+" }) }
            let value = Money(amountText)!
            amount = sign + value.formatted(scale: max(value.scale, model.decimals(of: model.wallets[self.wallet].currency)))
            // The other sign, written on purpose, is a refund or a reversal: it is marked
            // as the file's rule asks, so that the entry does not warn (W0413).
            if let signed = Money(amount), SignRule.isAgainst(signed, in: kind) { marker = SignRule.marker(for: kind) }
        }

        /// What the entry's tags add: a message when the ``marker`` is added to `tags`.
        func markerNote(_ tags: [String]) -> String? {
            guard let marker, !tags.contains(where: SignRule.isMarker) else { return nil }
            return "tagged #\(marker): \(amount) in \(marker == "refund" ? "an expense" : "an income") category is \(marker == "refund" ? "money back" : "income given back")"
        }

        /// `refund` or `reversal` when the amount was written against its category's sign.
        var marker: String?

        /// The entry's tags: `tags`, and the ``marker`` when none of them is one already.
        func tags(_ tags: [String]) -> [String] {
            guard let marker, !tags.contains(where: SignRule.isMarker) else { return tags }
            return tags + [marker]
        }

        /// The entry's one line, laid out in the file's columns.
        func line(note: String?, tags: [String], model: BudgetModel, layout: FileLayout) -> String {
            enum Role { case text, wallet, category, amount, clause }
            var fields: [(String, Role)] = []
            // A note is the second text of a line; without a payee, an empty one stands
            // first, so the note is not read back as the payee.
            if payee != nil || note != nil { fields.append((SourceWriter.text(payee ?? ""), .text)) }
            if let note { fields.append((SourceWriter.text(note), .text)) }
            fields += [
                (SourceWriter.name(model.wallets[wallet].name), .wallet), (SourceWriter.name(model.categories[category].name), .category),
                (amount, .amount)
            ]
            fields += tags.map { (SourceWriter.tag($0), .clause) }
            var line = date.description
            var column = FileLayout.width(line)
            var previous: Role?
            for (i, (text, role)) in fields.enumerated() {
                let width = FileLayout.width(text)
                var spaces = i == 0 ? 1 : 2
                // Fields go to the file's columns, two spaces apart at least.
                switch role {
                case .wallet: if let c = layout.walletColumn { spaces = max(2, c - column) }
                case .category: if let c = layout.categoryColumn { spaces = max(2, c - column) }
                case .amount:
                    if let end = layout.amountEndColumn { spaces = max(2, end - width - column) } else if let start = layout.amountStartColumn { spaces = max(2, start - column) }
                case .clause: spaces = previous == .clause ? 1 : (layout.clauseGap ?? 2)
                case .text: spaces = 1
                }
                line += String(repeating: " ", count: spaces) + text
                column += spaces + width
                previous = role
            }
            return line
        }
    }
}
