import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The transaction an ``AddEntry/Request`` describes, completed from the budget: the
/// date's word read, the parties told apart and found by name (any case), a payee's
/// usual wallet and category filled in, and the amount signed by the one sign rule. A
/// purchase split across categories (``AddEntry/Request/splits``) has no category of
/// its own and one ``Part`` per split line (``EntryDraft+Splits.swift``).
struct EntryDraft {
    var date: CivilDate
    var payee: String?
    var wallet: Int
    /// The category; nil for a split purchase.
    var category: Int?
    /// Signed and with the currency's decimals; empty for a split purchase whose total is
    /// left to its parts.
    var amount: String
    /// A split purchase's lines, in the order typed; empty otherwise.
    var parts: [Part] = []
    /// What was taken from the payee's earlier entries, in words.
    var completed: [String] = []
    /// `refund` or `reversal` when the amount was written against its category's sign.
    var marker: String?

    init(_ request: AddEntry.Request, model: BudgetModel) throws(UsageError) {
        let today = request.today
        switch request.date.lowercased() {
        case "today": date = today
        case "yesterday": date = today.adding(days: -1) ?? today
        default:
            guard let day = CivilDate(iso: request.date) else { throw UsageError("`\(request.date)` is not a date; write YYYY-MM-DD, today or yesterday") }
            date = day
        }
        let split = !request.splits.isEmpty
        var amountText = ""
        if !split || !request.amount.trimmingSpaces().isEmpty {
            do { amountText = try TypedAmount.read(request.amount) } catch { throw UsageError(error.message(example: "write 12.50, -12.50 or +12.50")) }
        }

        let walletNames = model.wallets.map(\.name), categoryNames = model.categories.map(\.name)
        var wallet: Int?, category: Int?
        switch request.parties {
        case .words(let words):
            (payee, wallet, category) = try Self.parties(words, walletNames: walletNames, categoryNames: categoryNames)
        case .named(let payeeText, let walletName, let categoryName):
            payee = payeeText.flatMap { $0.isEmpty ? nil : $0 }
            if let name = walletName, !name.isEmpty {
                guard let w = Self.find(name, in: walletNames) else { throw Self.unknown("wallet", name, walletNames) }
                wallet = w
            }
            if let name = categoryName, !name.isEmpty {
                guard let c = Self.find(name, in: categoryNames) else { throw Self.unknown("category", name, categoryNames) }
                category = c
            }
        }

        if split, category != nil { throw UsageError("a split purchase names its categories on its parts; leave the entry's category out") }
        // The payee's usual wallet and category (``PayeeHabit``).
        if wallet == nil || (category == nil && !split) {
            guard let payee else { throw UsageError("name the wallet (one of: \(walletNames.joined(separator: ", ")))") }
            let habit = model.payeeHabit(payee)
            if wallet == nil {
                guard let usual = habit?.wallet, !usual.isTied else {
                    throw UsageError("name the wallet: `\(payee)` has \(habit?.hasTransactions ?? false ? "no usual wallet" : "no earlier entries") (one of: \(walletNames.joined(separator: ", ")))")
                }
                wallet = usual.value
                completed.append("wallet \(walletNames[usual.value]), as in earlier entries of \(payee)")
            }
            if category == nil, !split {
                guard let usual = habit?.category(in: wallet), !usual.isTied else {
                    throw UsageError("name the category: `\(payee)` has \(habit?.hasSingleCategoryTransactions ?? false ? "no usual category" : "no earlier entries with one category")")
                }
                category = usual.value
                completed.append("category \(categoryNames[usual.value]), as in earlier entries of \(payee)")
            }
        }
        self.wallet = wallet!
        self.category = category
        if split {
            amount = ""
            try readParts(request.splits, total: amountText, model: model, categoryNames: categoryNames)
            return
        }
        // The one sign rule (``SignRule``): an amount without a sign takes its category's,
        // spending or money in. It is written as amounts are for people: with the
        // currency's decimals, more when the value has more (`5` in euros is `5.00`).
        let kind = model.categories[category!]
        var sign = amountText.hasPrefix("-") ? "-" : amountText.hasPrefix("+") ? "+" : ""
        if sign.isEmpty { sign = SignRule.sign(in: kind) }
        if sign == "-" || sign == "+" { amountText = String(amountText.drop { $0 == "-" || $0 == "+" }) }
        let value = Money(amountText)!
        amount = sign + value.text(.atLeast(model.decimals(of: model.wallets[self.wallet].currency)), currency: "")
        // The other sign, written on purpose, is a refund or a reversal: it is marked as
        // the file's rule asks, so that the entry does not warn (W0413).
        if let signed = Money(amount), SignRule.isAgainst(signed, in: kind) { marker = SignRule.marker(for: kind) }
    }

    /// The command line's words told apart: a word naming a wallet is the wallet, the
    /// word after it the category; before it, the payee. Without a wallet, the last of
    /// two or more words is the category.
    private static func parties(
        _ words: [String], walletNames: [String], categoryNames: [String]
    ) throws(UsageError) -> (payee: String?, wallet: Int?, category: Int?) {
        var middle = words
        guard middle.count <= 3 else { throw UsageError("too many words: write DATE [PAYEE] WALLET [CATEGORY] AMOUNT (quote a payee with spaces)") }
        var wallet: Int?, category: Int?
        if let index = middle.firstIndex(where: { find($0, in: walletNames) != nil }) {
            wallet = find(middle[index], in: walletNames)
            let after = middle.count > index + 1 ? middle[index + 1] : nil
            middle = Array(middle[..<index])
            if let after {
                guard let c = find(after, in: categoryNames) else { throw unknown("category", after, categoryNames) }
                category = c
            }
        } else if let last = middle.last, middle.count >= 2 {
            // PAYEE CATEGORY: the wallet is the payee's usual one.
            guard let c = find(last, in: categoryNames) else {
                throw UsageError("`\(last)` names no wallet or category" + (UsageError.closest(last, walletNames + categoryNames).map { "; did you mean `\($0)`?" } ?? ""))
            }
            category = c
            middle.removeLast()
        }
        guard middle.count <= 1 else { throw UsageError("`\(middle[1])` names no wallet; write DATE [PAYEE] WALLET [CATEGORY] AMOUNT") }
        return (middle.first, wallet, category)
    }

    /// The name as written, else the one name equal to it in any case.
    private static func find(_ name: String, in names: [String]) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        let matches = names.indices.filter { names[$0].lowercased() == name.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }

    private static func unknown(_ what: String, _ name: String, _ names: [String]) -> UsageError {
        UsageError("no \(what) named `\(name)`" + (UsageError.closest(name, names).map { "; did you mean `\($0)`?" } ?? ""))
    }

    /// What the entry's tags add: a message when the ``marker`` is added to `tags`.
    func markerNote(_ tags: [String]) -> String? {
        guard let marker, !tags.contains(where: SignRule.isMarker) else { return nil }
        return "tagged #\(marker): \(amount) in \(marker == "refund" ? "an expense" : "an income") category is \(marker == "refund" ? "money back" : "income given back")"
    }

    /// The entry's tags: `tags`, and the ``marker`` when none of them is one already.
    func tags(_ tags: [String]) -> [String] {
        guard let marker, !tags.contains(where: SignRule.isMarker) else { return tags }
        return tags + [marker]
    }

    /// The entry's lines, as ``SourceWriter`` writes them (``EntryLayout`` lays them
    /// out): the transaction, then a split purchase's parts, indented.
    func lines(note: String?, tags: [String], model: BudgetModel) -> [String] {
        let header = SourceWriter.transaction(
            date: date, payee: payee, note: note, wallet: model.wallets[wallet].name, category: category.map { model.categories[$0].name },
            amount: amount.isEmpty ? nil : amount, tags: tags)
        return [header] + parts.map { "    " + SourceWriter.split(category: model.categories[$0.category].name, amount: $0.amount) }
    }

    /// `UsageError.closest` and the refusal for a name the budget does not have.
    static func unknownName(_ what: String, _ name: String, _ names: [String]) -> UsageError { unknown(what, name, names) }

    /// The name as written, else the one name equal to it in any case.
    static func named(_ name: String, in names: [String]) -> Int? { find(name, in: names) }
}
