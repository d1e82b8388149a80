import TallyCore
import TallyReports
import TallySyntax

/// `tally balance FILE`: each wallet's balance, grouped by kind, with totals in the
/// default currency; hidden wallets apart; `--by owner` for shared households. With a
/// query, the flows by category of the lines it keeps (`tally bal expenses`, as in
/// hledger); with `--budget`, envelopes against spending per period.
enum BalanceCommand: ReportSubcommand {
    static let name = "balance"
    static let summary = "Wallet balances with totals, by kind or by owner"
    static let shared: [ReportOptions.Flag] = [.at, .period, .begin, .end, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case by, columns, depth, budget

        var declaration: FlagDeclaration {
            switch self {
            case .by: FlagDeclaration("--by", value: "kind|owner", help: "Group totals by wallet kind (default) or by the people\nwho own the wallets")
            case .columns: ReportOptions.stepsFlag("A column per period: each wallet's balance at its\nend, in the default currency, with an Average column\n(default period: the budget's first entry to today)")
            case .depth: FlagDeclaration("--depth", value: "N", help: "With columns, 1 shows one row per wallet kind; with a\nquery, categories deeper than N count as their parent")
            case .budget:
                FlagDeclaration(
                    "--budget",
                    help: """
                        Each envelope's budget against its spending, a column
                        per period (default period: this month)
                        """)
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + [.helpFlag]
    static let help = """
        tally balance: each wallet's balance on a day, grouped by kind, with totals in
        the default currency. Hidden wallets are listed apart and left out of totals.
        With a query (`tally bal expenses`), the income and spending by category of
        the lines it keeps, as tally incomestatement shows them. With --budget, each
        envelope's budget against its spending, as hledger's balance --budget.

        USAGE
          tally balance [options] <file> [query]
          tally balance [options] -          (read standard input)

        OPTIONS
        \(FlagDeclaration.help(flags))\

        \(EntryQuery.help)
        With a period (-p, -b, -e) the balances are those at its last day. Exit codes:
        0 shown, 2 usage mistake or unreadable file. The JSON and CSV layouts are
        described in docs/reports.md.

        """

    /// The options, with `--by` and `--depth` checked against columns over time.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations, query: true)
        _ = try options.count(Own.depth, default: 1, maximum: 100)
        // Whether a query or --budget asks for another table: known for sure once the
        // file is resolved, so `report` checks again (a query after TALLY_FILE's budget).
        if options.value(Own.budget) != nil || !options.positionals.dropFirst(options.fileFlags.isEmpty ? 1 : 0).isEmpty {
            try checkOtherTable(options)
        } else if try PeriodColumns.step(options) != nil {
            if options.value(Own.by) != nil { throw UsageError("`--by` groups the one-day table; columns over time show wallets (or kinds with --depth 1)") }
            if options.at != nil { throw UsageError("`--at` gives one day; columns over time take a period") }
        } else if options.value(Own.depth) != nil {
            throw UsageError("`--depth` needs columns over time (--monthly, --weekly, --quarterly or --yearly)")
        }
        return options
    }

    /// The report, from an opened budget.
    /// `--by` and `--at` belong to the one-day table of wallets.
    static func checkOtherTable(_ options: ReportOptions) throws(UsageError) {
        if options.value(Own.by) != nil { throw UsageError("`--by` groups wallet balances; a query or --budget shows categories or envelopes") }
        if options.at != nil { throw UsageError("`--at` gives one day; a query or --budget takes a period") }
    }

    static func report(_ context: ReportContext) -> Int32 {
        if context.options.value(Own.budget) != nil || !context.options.queryTerms.isEmpty {
            do { try checkOtherTable(context.options) } catch { return context.fail(error) }
        }
        if context.options.value(Own.budget) != nil {
            if !context.options.queryTerms.isEmpty { return context.fail(UsageError("`--budget` shows every envelope; it takes no query")) }
            return envelopeBudget(context)
        }
        if !context.options.queryTerms.isEmpty {
            return IncomeStatementCommand.flowTable(context, depth: context.options.value(Own.depth).flatMap { Int($0) })
        }
        let console = context.console
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
        let report = BalanceReport(context.budget, at: date)
        let sheet = report.sheet

        switch context.options.format {
        case "json":
            console.out(report.json.rendered())
        case "csv":
            var csv = CSVTable(["wallet", "kind", "owners", "currency", "balance", "converted", "hidden"])
            for item in sheet.counted + sheet.hidden {
                let w = model.wallets[item.wallet]
                csv.add([
                    w.name, w.kind.rawValue, w.owners.joined(separator: ", "), w.currency, context.plain(item.balance, w.currency),
                    item.converted.map(context.inDefault) ?? "", w.hidden ? "yes" : "no"
                ])
            }
            context.output(csv)
        default:
            console.out(text(report, date: date, by: by, context: context))
        }
        return ExitCode.success
    }

    /// `--monthly` and the like: each wallet's balance at the end of each period, or with
    /// `--depth 1` each kind's (`PeriodColumns.balances`), as a table.
    static func columns(_ context: ReportContext, step: PeriodColumns.Step, range: ClosedRange<CivilDate>) -> Int32 {
        let (table, rows, missing) = PeriodColumns.balances(context.budget, step: step, range: range, byKind: context.options.value(Own.depth) == "1")
        let first = table.periods.first?.label ?? "", last = table.periods.last?.label ?? ""
        table.write(
            rows, context: context, title: "Balances at the end of each \(step.unit), \(first == last ? first : first + " to " + last)", first: "Wallet",
            showTotal: false, range: range, missing: missing)
        return ExitCode.success
    }
}
