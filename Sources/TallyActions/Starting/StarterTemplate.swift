/// A starting set of categories and envelopes for `tally init`: what a household, a
/// student or a YNAB user budgets first. Amounts are in the budget's currency; envelopes
/// without one are filled by hand, as YNAB assigns money to categories.
public enum StarterTemplate: String, CaseIterable, Sendable {
    case household, student, ynab, none

    /// One envelope of the template.
    public struct Envelope: Sendable {
        public let name: String
        /// Planned per period; nil for an envelope filled by hand.
        public let amount: String?
        public let period: String
        public let categories: [String]
        public let rollover: Bool
    }

    /// One line for the question and the help.
    public var summary: String {
        switch self {
        case .household: "rent, energy, groceries, eating out, transport, health, fun, presents"
        case .student: "rent, groceries, canteen, books, phone, going out; food by the week"
        case .ynab: "YNAB's groups: obligations, true expenses, quality of life, fun; filled by hand"
        case .none: "no categories or envelopes yet"
        }
    }

    /// Income categories.
    public var income: [String] {
        switch self {
        case .household: ["Salary", "Interest"]
        case .student: ["Job", "Allowance"]
        case .ynab: ["Inflow"]
        case .none: []
        }
    }

    /// Expense categories.
    public var expense: [String] {
        switch self {
        case .household:
            [
                "Housing:Rent", "Housing:Energy", "Food:Groceries", "Food:Eating-out", "Transport", "Health", "Fun", "Clothing",
                "Presents"
            ]
        case .student: ["Rent", "Food:Groceries", "Food:Canteen", "Books", "Phone", "Going-out"]
        case .ynab:
            [
                "Obligations:Rent", "Obligations:Utilities", "Obligations:Groceries", "Obligations:Transport",
                "True-expenses:Car-repairs", "True-expenses:Medical", "True-expenses:Clothing", "True-expenses:Gifts",
                "Quality-of-life:Vacation", "Quality-of-life:Fitness", "Fun:Dining-out", "Fun:Fun-money"
            ]
        case .none: []
        }
    }

    /// The envelopes.
    public var envelopes: [Envelope] {
        switch self {
        case .household:
            [
                Envelope(name: "Groceries", amount: "400", period: "monthly", categories: ["Food:Groceries"], rollover: true),
                Envelope(name: "Going-out", amount: "120", period: "monthly", categories: ["Food:Eating-out", "Fun"], rollover: false),
                Envelope(name: "Transport", amount: "150", period: "monthly", categories: ["Transport"], rollover: true),
                Envelope(name: "Presents", amount: nil, period: "monthly", categories: ["Presents"], rollover: true)
            ]
        case .student:
            [
                Envelope(name: "Food-week", amount: "60", period: "weekly", categories: ["Food"], rollover: false),
                Envelope(name: "Going-out", amount: "80", period: "monthly", categories: ["Going-out"], rollover: false)
            ]
        case .ynab:
            // YNAB gives every category its own envelope, filled from Ready to Assign.
            ["Obligations", "True-expenses", "Quality-of-life", "Fun"].map { group in
                Envelope(name: group, amount: nil, period: "monthly", categories: [group], rollover: true)
            }
        case .none: []
        }
    }
}
