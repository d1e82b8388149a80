import TallyCore
import TallySyntax

/// Everything the HTML page shows, computed from the public `BudgetModel` API: money
/// stays `Money` here; the charts turn it into pixels later.
///
/// Conventions, as in Grammar.md §4: transfers are neither income nor expense; hidden
/// wallets are left out; amounts count in the default currency at the rate of their
/// date, and what has no rate is kept apart as not converted.
struct PageFigures {
    /// Income and expense of one month.
    struct MonthFlow {
        let start: CivilDate
        var income = ConvertedSum()
        var expense = ConvertedSum()
    }

    /// Spending in one top-level category during the month.
    struct CategorySpending {
        let name: String
        let amount: Money
    }

    /// One spending transaction, for the table of the month's largest.
    struct LargeExpense {
        let date: CivilDate
        let payee: String
        let category: String
        let amount: Money
        let currency: String
    }

    /// An envelope in the period that contains the report's reference date.
    struct EnvelopeBar {
        let name: String
        let period: String
        let status: EnvelopeStatus
        /// The `alert` share in percent, if the envelope sets one.
        let alert: Money?
    }

    /// A goal at the report's reference date.
    struct GoalBar {
        let name: String
        let currency: String
        let target: Money?
        let status: GoalStatus
    }

    /// Total balance of the visible wallets at the end of a month.
    struct BalancePoint {
        let date: CivilDate
        let balance: ConvertedSum
    }

    let currency: String
    let monthStart: CivilDate
    let monthEnd: CivilDate
    /// The day envelopes and goals are shown at: today within the month, else its end.
    let referenceDate: CivilDate
    /// Oldest first; the last is the report's month.
    var months: [MonthFlow] = []
    /// Largest first.
    var spending: [CategorySpending] = []
    var unconvertedSpending: [String: Money] = [:]
    var largest: [LargeExpense] = []
    var envelopes: [EnvelopeBar] = []
    var goals: [GoalBar] = []
    var balances: [BalancePoint] = []

    var month: MonthFlow { months[months.count - 1] }

    init(model: BudgetModel, month: CivilDate, months count: Int) {
        let rates = ExchangeRates(model)
        currency = model.defaultCurrency
        monthStart = month.startOfMonth
        monthEnd = month.endOfMonth
        referenceDate = (monthStart...monthEnd).contains(model.today) ? model.today : monthEnd
        let count = max(1, count)
        let firstMonth = monthStart.adding(months: -(count - 1)) ?? monthStart
        months = (0 ..< count).map { MonthFlow(start: firstMonth.adding(months: $0) ?? firstMonth) }

        var byCategory: [String: ConvertedSum] = [:]
        for entry in model.entries where entry.date >= firstMonth && entry.date <= monthEnd {
            guard case .transaction(let wallet, _, let postings) = entry.kind, !model.wallets[wallet].hidden else { continue }
            let walletCurrency = model.wallets[wallet].currency
            let index = (entry.date.year - firstMonth.year) * 12 + entry.date.month - firstMonth.month
            guard months.indices.contains(index) else { continue }
            var spent = Money.zero
            for posting in postings {
                let category = model.categories[posting.category]
                if category.isIncome {
                    months[index].income.add(posting.amount, currency: walletCurrency, at: entry.date, with: rates)
                } else {
                    months[index].expense.add(posting.amount.negated, currency: walletCurrency, at: entry.date, with: rates)
                    if index == count - 1 {
                        let top = String(category.name.split(separator: ":", maxSplits: 1).first ?? Substring(category.name))
                        byCategory[top, default: ConvertedSum()].add(posting.amount.negated, currency: walletCurrency,
                                                                     at: entry.date, with: rates)
                        spent = spent.adding(posting.amount.negated) ?? spent
                    }
                }
            }
            if index == count - 1, spent > .zero {
                let names = Set(postings.map { model.categories[$0.category].name }).sorted()
                largest.append(LargeExpense(date: entry.date, payee: entry.payee ?? "", category: names.joined(separator: ", "),
                                            amount: spent, currency: walletCurrency))
            }
        }
        for (name, sum) in byCategory {
            if sum.total > .zero { spending.append(CategorySpending(name: name, amount: sum.total)) }
            for (code, amount) in sum.unconverted {
                unconvertedSpending[code] = unconvertedSpending[code, default: .zero].adding(amount) ?? unconvertedSpending[code]
            }
        }
        spending.sort { ($0.amount, $1.name) > ($1.amount, $0.name) }
        // Largest in the default currency where that can be known; ties by date.
        let reference = referenceDate
        func weight(_ e: LargeExpense) -> Money { rates.toDefault(e.amount, from: e.currency, at: reference) ?? e.amount }
        largest.sort { (weight($0), $1.date) > (weight($1), $0.date) }
        largest = Array(largest.prefix(5))

        for (e, envelope) in model.envelopes.enumerated() {
            guard let status = model.envelopeStatus(e, through: referenceDate, rates: rates) else { continue }
            envelopes.append(EnvelopeBar(name: envelope.name, period: envelope.period.label(status.start), status: status,
                                         alert: envelope.alert))
        }
        for (g, goal) in model.goals.enumerated() {
            let goalCurrency = goal.wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
            goals.append(GoalBar(name: goal.name, currency: goalCurrency, target: goal.target,
                                 status: model.goalStatus(g, at: referenceDate)))
        }
        for flow in months {
            let end = flow.start.endOfMonth
            var total = ConvertedSum()
            for (w, wallet) in model.wallets.enumerated() where !wallet.hidden {
                if let opening = wallet.openingDate, opening > end { continue }
                total.add(model.balance(of: w, at: end), currency: wallet.currency, at: end, with: rates)
            }
            balances.append(BalancePoint(date: end, balance: total))
        }
    }
}
