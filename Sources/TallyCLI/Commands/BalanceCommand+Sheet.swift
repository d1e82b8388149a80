import TallyCore
import TallySyntax

/// The one-day balance sheet in each format: every wallet's balance, grouped by kind
/// or by owner, the hidden ones apart, with totals and what credit is left.
extension BalanceCommand {
    /// The sheet as one JSON document.
    static func json(_ sheet: BalanceSheet, date: CivilDate, context: ReportContext) -> String {
        let model = context.model
        let owners = sheet.byOwner(model)
        func wallet(_ item: WalletBalance) -> JSONValue {
            let w = model.wallets[item.wallet]
            return .object([("name", .string(w.name)), ("kind", .string(w.kind.rawValue)), ("currency", .string(w.currency)),
                            ("owners", .array(w.owners.map(JSONValue.string))), ("balance", .string(context.plain(item.balance, w.currency))),
                            ("converted", .optional(item.converted.map(context.inDefault))), ("hidden", .bool(w.hidden)),
                            ("limit", .optional(w.limit.map { context.plain($0, w.currency) })),
                            ("creditLeft", .optional(creditLeft(item, model: model).map { context.plain($0, w.currency) }))])
        }
        let json = JSONValue.object([
            ("date", .string(date.description)), ("currency", .string(context.currency)),
            ("wallets", .array(sheet.counted.map(wallet))), ("hidden", .array(sheet.hidden.map(wallet))),
            ("total", .string(context.inDefault(sheet.total))),
            ("byKind", .array(sheet.byKind.map { .object([("kind", .string($0.kind.rawValue)), ("total", .string(context.inDefault($0.total)))]) })),
            ("byOwner", .array(owners.map { .object([("owners", .array($0.owners.map(JSONValue.string))), ("total", .string(context.inDefault($0.total)))]) })),
            ("missingRates", context.missingRatesJSON(sheet.missingRates)),
        ])
        return json.rendered()
    }

    /// Every wallet's row as CSV, hidden ones last.
    static func csv(_ sheet: BalanceSheet, context: ReportContext) -> CSVTable {
        let model = context.model
        var csv = CSVTable(["wallet", "kind", "owners", "currency", "balance", "converted", "hidden"])
        for item in sheet.counted + sheet.hidden {
            let w = model.wallets[item.wallet]
            csv.add([w.name, w.kind.rawValue, w.owners.joined(separator: ", "), w.currency, context.plain(item.balance, w.currency),
                     item.converted.map(context.inDefault) ?? "", w.hidden ? "yes" : "no"])
        }
        return csv
    }

    /// The sheet as text tables, grouped `by` kind or owner.
    static func text(_ sheet: BalanceSheet, date: CivilDate, by: String, context: ReportContext) -> String {
        let model = context.model
        let owners = sheet.byOwner(model)
        func ownerLabel(_ list: [String]) -> String { list.isEmpty ? "(no owner)" : list.joined(separator: ", ") }
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
            guard let left = creditLeft(item, model: model), let limit = w.limit else { return nil }
            return "\(w.name): \(context.amount(left, w.currency)) of \(context.amount(limit, w.currency)) credit left"
        }
        if !credit.isEmpty { out += "\n" + credit.joined(separator: "\n") + "\n" }
        let note = context.missingRatesNote(sheet.missingRates)
        if !note.isEmpty { out += "\n" + note }
        return out
    }

    /// What a wallet with a credit limit may still spend: the limit plus the balance.
    static func creditLeft(_ item: WalletBalance, model: BudgetModel) -> Money? {
        model.wallets[item.wallet].limit.flatMap { $0.adding(item.balance) }
    }
}
