import TallyCore
import TallyReports
import TallySyntax

/// The budget `tally init` writes, from the answers: the currency, the wallets with
/// their opening balances, and a template's categories and envelopes, every name and
/// value spelled by `SourceWriter`, with short comments that teach the format. The text
/// is laid out by the formatter before it is written (`InitCommand`).
public struct StarterBudget: Sendable {
    /// One wallet: its name, kind and opening balance as written (nil: none).
    public struct Wallet: Equatable, Sendable {
        public var name: String
        public var kind: WalletKind
        public var opening: String?

        /// Reads `NAME KIND [OPENING]` (a name may hold spaces: the kind and the amount
        /// are read from the end). Throws a message saying what is wrong.
        public init(_ text: String) throws(UsageError) {
            var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            // The opening as typed (`1200.00`, `1.412,50`: ``TypedAmount``); a number
            // that reads two ways is asked about, not taken for part of the name.
            if let last = words.last {
                do {
                    opening = try TypedAmount.read(last)
                    words.removeLast()
                } catch {
                    if case .twoReadings = error { throw UsageError(error.message(example: "")) }
                }
            }
            guard words.count >= 2, let kind = WalletKind(rawValue: words.last!.lowercased()) else {
                let kinds = WalletKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("`\(text)` is not NAME KIND [OPENING] (a kind is one of: \(kinds); for example `Checking bank 1200.00`)")
            }
            self.kind = kind
            name = words.dropLast().joined(separator: " ")
            // `"Joint Account" savings`: the quotes say where the name ends, as in a
            // budget file; they are not part of it (SourceWriter quotes it if it must).
            if name.count > 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
                name = String(name.dropFirst().dropLast())
            }
        }
    }

    public var currency: String
    public var wallets: [Wallet]
    public var template: StarterTemplate
    public var today: CivilDate

    /// The budget of these answers.
    public init(currency: String, wallets: [Wallet], template: StarterTemplate, today: CivilDate) {
        self.currency = currency
        self.wallets = wallets
        self.template = template
        self.today = today
    }

    /// The category the examples spend in: the groceries, else the first expense.
    public var exampleCategory: String? { template.expense.first { $0.hasSuffix("Groceries") } ?? template.expense.first }

    /// The budget's lines, comments included, before the formatter lays them out.
    public var lines: [String] {
        var out = [
            "; A Tally budget, started with `tally init` on \(SourceWriter.date(today)).",
            "; A line starting with `;` is a comment. `tally check` says what is wrong,",
            "; `tally fmt` lines the columns up, and Grammar.md describes every line.",
            "",
            "; The default currency: amounts without a code are in it, reports total in it.",
            SourceWriter.currency(currency)
        ]
        if !wallets.isEmpty {
            out += ["", "; Wallets: where money is. A name, a kind (bank, cash, savings, credit, ...)", "; and what it held on the day you started."]
            for wallet in wallets {
                out.append(SourceWriter.wallet(name: wallet.name, kind: wallet.kind.rawValue, opening: wallet.opening, on: wallet.opening == nil ? nil : today))
            }
        }
        if !template.income.isEmpty || !template.expense.isEmpty {
            out += ["", "; Categories: where money comes from (income) and goes (expense).", "; `:` nests them: Food:Groceries is part of Food."]
            if !template.income.isEmpty { out.append(SourceWriter.categories(income: true, template.income)) }
            if !template.expense.isEmpty { out.append(SourceWriter.categories(income: false, template.expense)) }
        }
        if !template.envelopes.isEmpty {
            out += [
                "", "; Envelopes: what categories may spend per period. `rollover` carries what is",
                "; left into the next period; one without an amount is filled by hand",
                "; (`\(SourceWriter.fill(date: today, envelope: (template.envelopes.first { $0.amount == nil } ?? template.envelopes[0]).name, amount: "50.00"))`)."
            ]
            for e in template.envelopes {
                out.append(SourceWriter.envelope(name: e.name, amount: e.amount, period: e.period, for: e.categories, rollover: e.rollover))
            }
        }
        out += ["", "; Entries, one a line: date, \"payee\", wallet, category, amount (negative when", "; money leaves the wallet). For example:"]
        let example = SourceWriter.transaction(
            date: today, payee: "Bakery", wallet: wallets.first?.name ?? "Cash", category: exampleCategory ?? "Food",
            amount: "-4.50")
        out += ["; " + example, "; `tally add` writes them for you; `tally balance` and `tally envelopes` report."]
        return out
    }
}
