import TallyCore
import TallySyntax

/// `tally balance FILE`: each wallet's balance, grouped by kind, with totals in the
/// default currency; hidden wallets apart; `--by owner` for shared households.
enum BalanceCommand: Subcommand {
    static let name = "balance"
    static let summary = "Wallet balances with totals, by kind or by owner"
    static let shared: [ReportOptions.Flag] = [.at, .period, .begin, .end, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case by, columns, depth

        var declaration: FlagDeclaration {
            switch self {
            case .by: FlagDeclaration("--by", value: "kind|owner", help: "Group totals by wallet kind (default) or by the people\nwho own the wallets")
            case .columns: ReportOptions.stepsFlag("A column per period: each wallet's balance at its\nend, in the default currency, with an Average column\n(default period: the budget's first entry to today)")
            case .depth: FlagDeclaration("--depth", value: "N", help: "With columns, 1 shows one row per wallet kind")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + [.helpFlag]
    static let help = """
    tally balance: each wallet's balance on a day, grouped by kind, with totals in
    the default currency. Hidden wallets are listed apart and left out of totals.

    USAGE
      tally balance [options] <file>
      tally balance [options] -          (read standard input)

    OPTIONS
    \(FlagDeclaration.help(flags))\

    With a period (-p, -b, -e) the balances are those at its last day. Exit codes:
    0 shown, 2 usage mistake or unreadable file. The JSON and CSV layouts are
    described in docs/reports.md.

    """

    /// The options, with `--by` and `--depth` checked against columns over time.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations)
        _ = try options.count(Own.depth, default: 1, maximum: 100)
        if try PeriodColumns.step(options) != nil {
            if options.value(Own.by) != nil { throw UsageError("`--by` groups the one-day table; columns over time show wallets (or kinds with --depth 1)") }
            if options.at != nil { throw UsageError("`--at` gives one day; columns over time take a period") }
        } else if options.value(Own.depth) != nil {
            throw UsageError("`--depth` needs columns over time (--monthly, --weekly, --quarterly or --yearly)")
        }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: parse) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let by: String
        do { by = try context.options.choice(Own.by, among: ["kind", "owner"], default: "kind") } catch { return context.fail(error) }
        do {
            if let step = try PeriodColumns.step(context.options) {
                return columns(context, step: step, range: try context.range(default: .range(nil, .relative(.day, 0)))!)
            }
        } catch { return context.fail(error) }
        let model = context.model
        let date: CivilDate
        do {
            if let at = context.options.at { date = at } else { date = try context.periodEnd() ?? context.today }
        } catch { return context.fail(error) }
        let sheet = model.balanceSheet(at: date, rates: context.rates)
        switch context.options.format {
        case "json": console.out(json(sheet, date: date, context: context))
        case "csv": context.output(csv(sheet, context: context))
        default: console.out(text(sheet, date: date, by: by, context: context))
        }
        return ExitCode.success
    }

    /// `--monthly` and the like: each wallet's balance at the end of each period, in the
    /// default currency (converted at that day's rate), with the total of the wallets and
    /// each row's average. Hidden wallets are left out; `--depth 1` sums wallets by kind.
    static func columns(_ context: ReportContext, step: PeriodColumns.Step, range: ClosedRange<CivilDate>) -> Int32 {
        let model = context.model
        let table = PeriodColumns(step: step, range: range, weekStart: model.weekStart)
        let sheets = table.periods.map { model.balanceSheet(at: $0.end, rates: context.rates) }
        let decimals = model.decimals(of: context.currency)
        var rows: [PeriodColumns.Row] = []
        if context.options.value(Own.depth) == "1" {
            for kind in WalletKind.allCases {
                let c: [Money?] = sheets.map { sheet in sheet.byKind.first { $0.kind == kind }?.total }
                guard c.contains(where: { $0 != nil }) else { continue }
                let filled = c.map { $0 ?? .zero }
                rows.append(.init(name: kind.rawValue, type: kind.rawValue, cells: filled, total: nil,
                                  average: PeriodColumns.totals(filled, decimals: decimals).average))
            }
        } else {
            let shown = model.wallets.indices.filter { w in !model.wallets[w].hidden && sheets.contains { $0.counted.contains { $0.wallet == w } } }
            for w in shown {
                let c: [Money?] = sheets.map { sheet in
                    guard let item = sheet.counted.first(where: { $0.wallet == w }) else { return .zero }
                    return item.converted
                }
                rows.append(.init(name: model.wallets[w].name, type: model.wallets[w].kind.rawValue, cells: c, total: nil,
                                  average: PeriodColumns.totals(c, decimals: decimals).average))
            }
        }
        let totals: [Money?] = sheets.map { $0.total }
        rows.append(.init(name: "Total", type: "total", cells: totals, total: nil,
                          average: PeriodColumns.totals(totals, decimals: decimals).average, isSummary: true))
        var missing: [MissingRate] = []
        for sheet in sheets { for item in sheet.missingRates where !missing.contains(where: { $0.currency == item.currency }) { missing.append(item) } }
        let first = table.periods.first?.label ?? "", last = table.periods.last?.label ?? ""
        table.write(rows, context: context, title: "Balances at the end of each \(step.unit), \(first == last ? first : first + " to " + last)", first: "Wallet",
                    showTotal: false, range: range, missing: missing)
        return ExitCode.success
    }
}
