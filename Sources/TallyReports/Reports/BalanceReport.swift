import TallyCore
import TallySyntax

/// `tally balance`: each wallet's balance at the end of a day, with totals in the default
/// currency by kind and by owner; hidden wallets apart.
public struct BalanceReport: Sendable {
    /// The day the balances are taken at the end of.
    public let date: CivilDate
    /// The balances, the totals and the currencies without a rate.
    public let sheet: BalanceSheet
    /// The totals by the people who own the wallets.
    public let owners: [(owners: [String], wallets: [WalletBalance], total: Money)]
    private let budget: ReportBudget

    /// The balances at the end of `date`.
    public init(_ budget: ReportBudget, at date: CivilDate) {
        self.budget = budget
        self.date = date
        sheet = budget.model.balanceSheet(at: date, rates: budget.rates)
        owners = sheet.byOwner(budget.model)
    }

    /// What a wallet with a credit limit may still spend: the limit plus the balance.
    public func creditLeft(_ item: WalletBalance) -> Money? {
        budget.model.wallets[item.wallet].limit.flatMap { $0.adding(item.balance) }
    }

    /// The JSON of docs/reports.md ("balance").
    public var json: JSONValue {
        let model = budget.model
        func wallet(_ item: WalletBalance) -> JSONValue {
            let w = model.wallets[item.wallet]
            return .object([
                ("name", .string(w.name)), ("kind", .string(w.kind.rawValue)), ("currency", .string(w.currency)),
                ("owners", .array(w.owners.map(JSONValue.string))), ("balance", .string(budget.plain(item.balance, w.currency))),
                ("converted", .optional(item.converted.map(budget.inDefault))), ("hidden", .bool(w.hidden)),
                ("limit", .optional(w.limit.map { budget.plain($0, w.currency) })),
                ("creditLeft", .optional(creditLeft(item).map { budget.plain($0, w.currency) }))
            ])
        }
        return .object([
            ("date", .string(date.description)), ("currency", .string(budget.currency)),
            ("wallets", .array(sheet.counted.map(wallet))), ("hidden", .array(sheet.hidden.map(wallet))),
            ("total", .string(budget.inDefault(sheet.total))),
            ("byKind", .array(sheet.byKind.map { .object([("kind", .string($0.kind.rawValue)), ("total", .string(budget.inDefault($0.total)))]) })),
            ("byOwner", .array(owners.map { .object([("owners", .array($0.owners.map(JSONValue.string))), ("total", .string(budget.inDefault($0.total)))]) })),
            ("missingRates", budget.missingRatesJSON(sheet.missingRates))
        ])
    }
}

extension PeriodColumns {
    /// `balance --monthly` and the like: each wallet's balance at the end of each period,
    /// in the default currency (converted at that day's rate), with the total of the
    /// wallets and each row's average. Hidden wallets are left out; `byKind` sums wallets
    /// by kind (`--depth 1`).
    public static func balances(_ budget: ReportBudget, step: Step, range: ClosedRange<CivilDate>, byKind: Bool)
        -> (table: PeriodColumns, rows: [Row], missing: [MissingRate])
    {
        let model = budget.model
        let table = PeriodColumns(step: step, range: range, weekStart: model.weekStart)
        let sheets = table.periods.map { model.balanceSheet(at: $0.end, rates: budget.rates) }
        let decimals = model.decimals(of: budget.currency)
        var rows: [Row] = []
        if byKind {
            for kind in WalletKind.allCases {
                let c: [Money?] = sheets.map { sheet in sheet.byKind.first { $0.kind == kind }?.total }
                guard c.contains(where: { $0 != nil }) else { continue }
                let filled = c.map { $0 ?? .zero }
                rows.append(
                    .init(
                        name: kind.rawValue, type: kind.rawValue, cells: filled, total: nil,
                        average: totals(filled, decimals: decimals).average))
            }
        } else {
            let shown = model.wallets.indices.filter { w in !model.wallets[w].hidden && sheets.contains { $0.counted.contains { $0.wallet == w } } }
            for w in shown {
                let c: [Money?] = sheets.map { sheet in
                    guard let item = sheet.counted.first(where: { $0.wallet == w }) else { return .zero }
                    return item.converted
                }
                rows.append(
                    .init(
                        name: model.wallets[w].name, type: model.wallets[w].kind.rawValue, cells: c, total: nil,
                        average: totals(c, decimals: decimals).average))
            }
        }
        let sums: [Money?] = sheets.map { $0.total }
        rows.append(
            .init(
                name: "Total", type: "total", cells: sums, total: nil,
                average: totals(sums, decimals: decimals).average, isSummary: true))
        var missing: [MissingRate] = []
        for sheet in sheets { for item in sheet.missingRates where !missing.contains(where: { $0.currency == item.currency }) { missing.append(item) } }
        return (table, rows, missing)
    }
}
