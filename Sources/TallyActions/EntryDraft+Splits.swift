import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

extension EntryDraft {
    /// One split line of a purchase (Grammar.md §3.10, "Splits"): a category and its
    /// amount, signed by the one sign rule; nil for the one part that takes the rest.
    struct Part {
        var category: Int
        var amount: String?
    }

    /// Reads a split purchase's parts and signs its total (`total` as ``TypedAmount``
    /// read it; empty when left to the parts). An amount without a sign takes its
    /// category's, as a single purchase's does; a total without a sign takes the sign
    /// its parts' categories share, and is refused when they share none (a grocery run
    /// with money back in an income category): a guess there could flip every figure.
    /// One part may leave its amount out and takes the rest, as the grammar lets it; the
    /// file's own check then proves the parts add up (E0406).
    mutating func readParts(_ splits: [AddEntry.Request.Split], total: String, model: BudgetModel, categoryNames: [String]) throws(UsageError) {
        guard splits.count >= 2 else { throw UsageError("a split purchase has two parts or more; with one, choose its category instead") }
        let decimals = model.decimals(of: model.wallets[wallet].currency)
        var parts: [Part] = []
        for split in splits {
            guard let c = Self.named(split.category, in: categoryNames) else { throw Self.unknownName("category", split.category, categoryNames) }
            let typed = split.amount.trimmingSpaces()
            guard !typed.isEmpty else {
                parts.append(Part(category: c, amount: nil))
                continue
            }
            parts.append(Part(category: c, amount: try Self.signed(typed, sign: SignRule.sign(in: model.categories[c]), decimals: decimals)))
        }
        let blanks = parts.filter { $0.amount == nil }.count
        guard blanks <= 1 else { throw UsageError("leave the amount out on one part at most: it takes the rest of the total") }
        guard blanks == 0 || !total.isEmpty else { throw UsageError("give the total, or every part's amount") }
        self.parts = parts
        guard !total.isEmpty else { return }
        let signs = Set(parts.map { SignRule.sign(in: model.categories[$0.category]) })
        if !total.hasPrefix("-"), !total.hasPrefix("+"), signs.count != 1 {
            throw UsageError("the parts are spending and money in: write the total with its sign, -12.50 or +12.50")
        }
        amount = try Self.signed(total, sign: signs.first ?? "-", decimals: decimals)
    }

    /// `typed` (a part's amount or the total) read and written with its sign: its own,
    /// else `sign`, with at least the currency's decimals.
    private static func signed(_ typed: String, sign: String, decimals: Int) throws(UsageError) -> String {
        var text: String
        do { text = try TypedAmount.read(typed) } catch { throw UsageError(error.message(example: "write 12.50, -12.50 or +12.50")) }
        let own = text.hasPrefix("-") ? "-" : text.hasPrefix("+") ? "+" : ""
        text = String(text.drop { $0 == "-" || $0 == "+" })
        guard let value = Money(text) else { throw UsageError("`\(typed)` is not an amount; write 12.50, -12.50 or +12.50") }
        return (own.isEmpty ? sign : own) + value.text(.atLeast(decimals), currency: "")
    }
}
