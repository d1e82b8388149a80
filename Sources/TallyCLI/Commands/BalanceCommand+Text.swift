import TallyCore
import TallyReports
import TallySyntax

extension BalanceCommand {
    /// The one-day balance sheet as text tables, grouped `by` kind or owner, the hidden
    /// wallets apart, with totals and what credit is left.
    static func text(_ report: BalanceReport, date: CivilDate, by: String, context: ReportContext) -> String {
        let model = context.model, sheet = report.sheet, owners = report.owners
        func ownerLabel(_ list: [String]) -> String { list.isEmpty ? "(no owner)" : list.joined(separator: ", ") }
        var out = "Balances at the end of \(date)\n\n"
        let multiCurrency = model.wallets.contains { $0.currency != context.currency }
        var columns: [TextTable.Column] = [
            .init(title: "Wallet", alignment: .left, maxWidth: 24),
            .init(title: by == "owner" ? "Owners" : "Kind", alignment: .left, maxWidth: 20),
            .init(title: "Balance", alignment: .decimal)
        ]
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
            // Every kind with a wallet, even one whose wallets have no rate (and so no total):
            // a wallet is never hidden for want of a rate; the note below says what is not counted.
            for kind in WalletKind.allCases {
                let items = sheet.counted.filter { model.wallets[$0.wallet].kind == kind }
                guard !items.isEmpty else { continue }
                for item in items { table.add(row(item, kind.rawValue)) }
                if items.count > 1, let total = sheet.byKind.first(where: { $0.kind == kind })?.total {
                    table.add(totalRow("  all \(kind.rawValue)", total))
                }
                table.addRule()
            }
        }
        if sheet.counted.isEmpty { table.addRule() }
        table.add(totalRow("Total", sheet.total))
        out += table.render(color: context.color, width: context.width)
        if !sheet.hidden.isEmpty {
            var hidden = TextTable([
                .init(title: "Hidden (not in totals)", alignment: .left, maxWidth: 30),
                .init(title: "Balance", alignment: .decimal)
            ])
            for item in sheet.hidden {
                let w = model.wallets[item.wallet]
                hidden.add([w.name, context.amount(item.balance, w.currency)])
            }
            out += "\n" + hidden.render(color: context.color, width: context.width)
        }
        let credit = sheet.counted.compactMap { item -> String? in
            let w = model.wallets[item.wallet]
            guard let left = report.creditLeft(item), let limit = w.limit else { return nil }
            return "\(w.name): \(context.amount(left, w.currency)) of \(context.amount(limit, w.currency)) credit left"
        }
        if !credit.isEmpty { out += "\n" + credit.joined(separator: "\n") + "\n" }
        let note = context.missingRatesNote(sheet.missingRates)
        if !note.isEmpty { out += "\n" + note }
        return out
    }
}
