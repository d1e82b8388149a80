import TallyCore
import TallySyntax

/// `tally balance FILE`: each wallet's balance, grouped by kind, with totals in the
/// default currency; hidden wallets apart; `--by owner` for shared households.
enum BalanceCommand: Subcommand {
    static let name = "balance"
    static let summary = "Wallet balances with totals, by kind or by owner"
    static let shared: [ReportOptions.Flag] = [.at, .period, .begin, .end, .today, .format, .csvSeparator, .color]
    /// The command's own flags (their values go to `ReportOptions.extra`).
    static let own: [FlagDeclaration] = [
        FlagDeclaration("--by", value: "kind|owner", help: "Group totals by wallet kind (default) or by the people\nwho own the wallets"),
        ReportOptions.stepsFlag("A column per period: each wallet's balance at its\nend, in the default currency, with an Average column\n(default period: the budget's first entry to today)"),
        FlagDeclaration("--depth", value: "N", help: "With columns, 1 shows one row per wallet kind"),
    ]
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + own + [.helpFlag]
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

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            let options = try ReportOptions.parse(a, command: name, flags: shared, own: own)
            _ = try options.count("--depth", default: 1, maximum: 100)
            if try PeriodColumns.step(options) != nil {
                if options.extra["--by"] != nil { throw UsageError("`--by` groups the one-day table; columns over time show wallets (or kinds with --depth 1)") }
                if options.at != nil { throw UsageError("`--at` gives one day; columns over time take a period") }
            } else if options.extra["--depth"] != nil {
                throw UsageError("`--depth` needs columns over time (--monthly, --weekly, --quarterly or --yearly)")
            }
            return options
        }) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let by: String
        do { by = try context.options.choice("--by", among: ["kind", "owner"], default: "kind") } catch { return context.fail(error) }
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
        let owners = sheet.byOwner(model)
        func ownerLabel(_ list: [String]) -> String { list.isEmpty ? "(no owner)" : list.joined(separator: ", ") }
        /// What a wallet with a credit limit may still spend: the limit plus the balance.
        func creditLeft(_ item: WalletBalance) -> Money? {
            model.wallets[item.wallet].limit.flatMap { $0.adding(item.balance) }
        }

        switch context.options.format {
        case "json":
            func wallet(_ item: WalletBalance) -> JSONValue {
                let w = model.wallets[item.wallet]
                return .object([("name", .string(w.name)), ("kind", .string(w.kind.rawValue)), ("currency", .string(w.currency)),
                                ("owners", .array(w.owners.map(JSONValue.string))), ("balance", .string(context.plain(item.balance, w.currency))),
                                ("converted", .optional(item.converted.map(context.inDefault))), ("hidden", .bool(w.hidden)),
                                ("limit", .optional(w.limit.map { context.plain($0, w.currency) })),
                                ("creditLeft", .optional(creditLeft(item).map { context.plain($0, w.currency) }))])
            }
            let json = JSONValue.object([
                ("date", .string(date.description)), ("currency", .string(context.currency)),
                ("wallets", .array(sheet.counted.map(wallet))), ("hidden", .array(sheet.hidden.map(wallet))),
                ("total", .string(context.inDefault(sheet.total))),
                ("byKind", .array(sheet.byKind.map { .object([("kind", .string($0.kind.rawValue)), ("total", .string(context.inDefault($0.total)))]) })),
                ("byOwner", .array(owners.map { .object([("owners", .array($0.owners.map(JSONValue.string))), ("total", .string(context.inDefault($0.total)))]) })),
                ("missingRates", context.missingRatesJSON(sheet.missingRates)),
            ])
            console.out(json.rendered())
        case "csv":
            var csv = CSVTable(["wallet", "kind", "owners", "currency", "balance", "converted", "hidden"])
            for item in sheet.counted + sheet.hidden {
                let w = model.wallets[item.wallet]
                csv.add([w.name, w.kind.rawValue, w.owners.joined(separator: ", "), w.currency, context.plain(item.balance, w.currency),
                         item.converted.map(context.inDefault) ?? "", w.hidden ? "yes" : "no"])
            }
            context.output(csv)
        default:
            var out = "Balances at the end of \(date)\n\n"
            let multiCurrency = model.wallets.contains { $0.currency != context.currency }
            var columns: [TextTable.Column] = [.init(title: "Wallet", alignment: .left, maxWidth: 24),
                                               .init(title: by == "owner" ? "Owners" : "Kind", alignment: .left, maxWidth: 20),
                                               .init(title: "Balance", alignment: .decimal)]
            if multiCurrency { columns.append(.init(title: context.title("In"), alignment: .decimal)) }
            var table = TextTable(columns)
            func row(_ item: WalletBalance, _ second: String) -> [String] {
                let w = model.wallets[item.wallet]
                var cells = [w.name, second, context.amount(item.balance, w.currency)]
                if multiCurrency { cells.append(item.converted.map(context.inDefault) ?? "no rate") }
                return cells
            }
            func totalRow(_ label: String, _ total: Money) -> [String] {
                multiCurrency ? [label, "", "", context.inDefault(total)] : [label, "", context.amount(total, context.currency)]
            }
            if by == "owner" {
                for group in owners {
                    for item in group.wallets { table.add(row(item, ownerLabel(group.owners))) }
                    if owners.count > 1 { table.add(totalRow("  \(ownerLabel(group.owners))", group.total)) }
                    table.addRule()
                }
            } else {
                for (kind, total) in sheet.byKind {
                    let items = sheet.counted.filter { model.wallets[$0.wallet].kind == kind }
                    for item in items { table.add(row(item, kind.rawValue)) }
                    if items.count > 1 { table.add(totalRow("  all \(kind.rawValue)", total)) }
                    table.addRule()
                }
            }
            if sheet.counted.isEmpty { table.addRule() }
            table.add(totalRow("Total", sheet.total))
            out += table.render(color: context.color, width: context.width)
            if !sheet.hidden.isEmpty {
                var hidden = TextTable([.init(title: "Hidden (not in totals)", alignment: .left, maxWidth: 30),
                                        .init(title: "Balance", alignment: .decimal)])
                for item in sheet.hidden {
                    let w = model.wallets[item.wallet]
                    hidden.add([w.name, context.amount(item.balance, w.currency)])
                }
                out += "\n" + hidden.render(color: context.color, width: context.width)
            }
            let credit = sheet.counted.compactMap { item -> String? in
                let w = model.wallets[item.wallet]
                guard let left = creditLeft(item), let limit = w.limit else { return nil }
                return "\(w.name): \(context.amount(left, w.currency)) of \(context.amount(limit, w.currency)) credit left"
            }
            if !credit.isEmpty { out += "\n" + credit.joined(separator: "\n") + "\n" }
            let note = context.missingRatesNote(sheet.missingRates)
            if !note.isEmpty { out += "\n" + note }
            console.out(out)
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
        if context.options.extra["--depth"] == "1" {
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
