import TallyCore
import TallySyntax

/// Where each app's export keeps each field, by its header's names, and how its rows tell
/// an amount's sign, a transfer and an account's opening. Each layout is shaped from the
/// app's public description of its export (docs/interop.md says which, per app).
extension TransactionList {
    /// How an export writes a row's amount.
    enum Amounts {
        /// One column, signed: what the account received.
        case signed(String)
        /// One column of amounts without sign, and a column whose word tells the sign
        /// (Mint's `debit`/`credit`, Money Manager's `Exp.`/`Income`).
        case unsigned(String, sign: String)
        /// Two columns of amounts without sign (Toshl's `Expense amount`, `Income amount`).
        case twoColumns(expense: String, income: String)

        var columns: [String] {
            switch self {
            case .signed(let amount), .unsigned(let amount, _): [amount]
            case .twoColumns(let expense, let income): [expense, income]
            }
        }
    }

    /// What a row is, by the app's own marks.
    enum RowKind: Equatable {
        case transaction
        /// One side of a transfer between two of the export's accounts.
        case transfer
        /// An account's starting balance (Monefy's `Initial balance 'Cash'`, Actual's
        /// `Starting Balance`): the wallet's opening.
        case opening
        /// A row whose amount other rows carry (Actual's split parent): not a movement.
        case summary
    }

    /// The fields a row's kind is told by.
    struct Marks {
        var type: String
        var category: String
        var payee: String
        var transferFlag: String
        var amountIsZero: Bool
        var splitAmount: String
    }

    struct Layout {
        let app: AppKind
        var date = "Date", account = "Account", category = "Category"
        var amounts: Amounts = .signed("Amount")
        var currency: String?, type: String?, payee: String?, note: String?, transfer: String?, labels: String?
        /// A second level of category (Money Manager's `Subcategory`), joined as `Food/Lunch`.
        var subcategory: String?
        /// A currency column read when the export has it (Money Manager's `Currency`).
        var optionalCurrency: String?
        /// Goodbudget's `Details`, which holds a split's parts in a form not publicly described.
        var details: String?
        /// Money Manager's `Description`: the memo its entry shows below the note, kept as
        /// the entry's `description:` metadata. Mint's `Original Description`, the bank's
        /// text (``keptText(note:memo:payee:)``).
        var memo: String?
        /// Spendee's `Author`: who recorded the row in a shared wallet (`by NAME`).
        var person: String?
        /// Actual's `Split_Amount`: a split's total, on its parent row.
        var splitAmount: String?
        /// Other names an app writes a column under (Money Manager's export `Period`, its
        /// import template `Date`).
        var aliases: [String: [String]] = [:]
        /// Columns the app's export always has besides the fields required to read a row:
        /// together with those, they tell the app.
        var telling: [String] = []
        /// What separates labels in one field.
        var labelSeparators: Set<Character> = ["|", ","]

        /// The layout of `app`'s export; nil for YNAB's, which is two files of its own.
        init?(_ app: AppKind) {
            self.app = app
            switch app {
            case .ynab, .ynab4: return nil
            case .goodbudget:
                (category, amounts, payee, note, details) = ("Envelope", .signed("Amount"), "Name", "Notes", "Details")
                telling = ["Name", "Notes", "Status"]
            case .spendee:
                (account, category, currency, type, note, labels, person) = ("Wallet", "Category name", "Currency", "Type", "Note", "Labels", "Author")
            case .wallet:
                (date, account, category, amounts) = ("date", "account", "category", .signed("amount"))
                (currency, type, payee, note, transfer, labels) = ("currency", "type", "payee", "note", "transfer", "labels")
            case .monefy:
                (date, account, category, amounts, currency, note) = ("date", "account", "category", .signed("amount"), "currency", "description")
                telling = ["converted amount", "description"]
            case .moneyLover:
                (account, currency, note) = ("Wallet", "Currency", "Note")
                telling = ["Id", "Note"]
            case .toshl:
                (amounts, currency, note, labels) = (.twoColumns(expense: "Expense amount", income: "Income amount"), "Currency", "Description", "Tags")
                telling = ["Description"]
            case .mint:
                (account, amounts, payee, note, labels) = ("Account Name", .unsigned("Amount", sign: "Transaction Type"), "Description", "Notes", "Labels")
                memo = "Original Description"
                telling = ["Description", "Original Description", "Notes"]
                labelSeparators = [" "]
            case .actual:
                (payee, note, splitAmount) = ("Payee", "Notes", "Split_Amount")
                telling = ["Payee", "Notes", "Cleared"]
            case .moneyManager:
                (amounts, type, subcategory, note, memo) = (.unsigned("Amount", sign: "Income/Expense"), "Income/Expense", "Subcategory", "Note", "Description")
                optionalCurrency = "Currency"
                aliases = ["Date": ["Period"], "Account": ["Accounts"]]
                telling = ["Note"]
            }
        }

        /// A row's note and memo as kept: Mint's `Original Description` (the bank's text,
        /// which Mint's `Description` renames) as a bank statement's import keeps it when a
        /// rule renames the payee: as the note when the row has none, else as the memo
        /// (`description:`); not at all when it is the payee, whatever the case.
        func keptText(note: String, memo: String, payee: String) -> (note: String, memo: String) {
            guard app == .mint else { return (note, memo) }
            if memo.lowercased() == payee.lowercased() { return (note, "") }
            return note.isEmpty ? (memo, "") : (note, memo)
        }

        /// The columns the export must have (Actual's `Split_Amount` is read when there:
        /// exports before its split markers lack it).
        private var required: [String] {
            [date, account, category] + amounts.columns + [currency, type, transfer, subcategory].compactMap { $0 } + telling
        }

        /// Whether the export holds the accounts' starting balances (Monefy's and Actual's do).
        var exportsOpenings: Bool { app == .monefy || app == .actual }

        /// The column of `table` that holds `name`'s field, by its name or an alias.
        func column(_ name: String?, in table: AppTable) -> Int? {
            guard let name else { return nil }
            return table.column(anyOf: [name] + (aliases[name] ?? []))
        }

        func matches(_ table: AppTable) -> Bool { required.allSatisfy { column($0, in: table) != nil } }

        /// What a row with `marks` is, for `app`; `accounts` are the export's accounts.
        func kind(_ marks: Marks, accounts: Set<String>) -> RowKind {
            let type = marks.type.lowercased(), category = marks.category.lowercased()
            switch app {
            case .ynab, .ynab4: return .transaction
            case .goodbudget: return category.isEmpty ? .transfer : .transaction
            case .spendee, .wallet:
                // Spendee writes a transfer's sides as `Outgoing Transfer` and `Incoming Transfer`.
                let marked = marks.transferFlag.lowercased() == "true" || ["transfer", "outgoing transfer", "incoming transfer"].contains(type)
                return marked ? .transfer : .transaction
            case .monefy:
                if Self.quoted(marks.category, after: "Initial balance ") != nil { return .opening }
                let other = Self.quoted(marks.category, after: "To ") ?? Self.quoted(marks.category, after: "From ")
                return other.map { accounts.contains($0) } == true ? .transfer : .transaction
            case .moneyLover, .toshl: return ["transfer", "outgoing transfer", "incoming transfer"].contains(category) ? .transfer : .transaction
            case .mint: return ["transfer", "credit card payment"].contains(category) ? .transfer : .transaction
            case .actual:
                if marks.amountIsZero, let split = AppAmount(marks.splitAmount, mark: .point), !split.number.isZero { return .summary }
                if marks.payee == "Starting Balance" && (category.isEmpty || category == "starting balances") { return .opening }
                let other = marks.payee.hasPrefix("Transfer : ") ? String(marks.payee.dropFirst("Transfer : ".count)) : marks.payee
                // A transfer's payee is the other account's, which Actual names `` (its
                // transfer payees have no name) or, in some exports, by the account.
                return category.isEmpty && (other.isEmpty || accounts.contains(other)) ? .transfer : .transaction
            case .moneyManager: return type.hasPrefix("transfer") ? .transfer : .transaction
            }
        }

        /// The account of the export a transfer's row names as its other side: Monefy's
        /// `To 'Savings'`, Actual's payee, Money Manager's category; nil where the app names
        /// none.
        func counterpart(_ marks: Marks, accounts: Set<String>) -> String? {
            let named: String?
            switch app {
            case .monefy: named = Self.quoted(marks.category, after: "To ") ?? Self.quoted(marks.category, after: "From ")
            case .actual: named = marks.payee.hasPrefix("Transfer : ") ? String(marks.payee.dropFirst("Transfer : ".count)) : marks.payee
            case .moneyManager: named = marks.category
            default: named = nil
            }
            return named.flatMap { accounts.contains($0) ? $0 : nil }
        }

        /// The sign a `sign` column's word gives an amount without one: −1 for money out,
        /// +1 for money in, nil for a word no layout knows (the row is listed).
        static func sign(of word: String) -> Int? {
            switch word.lowercased() {
            case "debit", "exp.", "expense", "expenses", "transfer-out": -1
            case "credit", "income", "inc.", "transfer-in": 1
            default: nil
            }
        }

        /// `NAME` in `PREFIX'NAME'` (Monefy's `To 'Savings'`), nil when `text` is not so.
        static func quoted(_ text: String, after prefix: String) -> String? {
            guard text.hasPrefix(prefix + "'"), text.hasSuffix("'"), text.count >= prefix.count + 2 else { return nil }
            return String(text.dropFirst(prefix.count + 1).dropLast())
        }
    }
}
