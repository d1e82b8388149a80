import TallyCore
import TallyReports
import TallySyntax

extension ReportCommand {
    /// The month at a glance as text tables: the totals against the month before, each
    /// category's change, the top spending and the envelopes.
    static func text(_ glance: MonthReport, context: ReportContext) -> String {
        let model = context.model, report = glance.report, label = glance.label, envelopes = glance.envelopes
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        let previousLabel = glance.previousLabel
        var out = "Monthly report for \(label)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
        var totals = TextTable([.init(title: "", alignment: .left), .init(title: label, alignment: .decimal), .init(title: previousLabel, alignment: .decimal)])
        totals.add(["Income", context.inDefault(report.totals.income), context.inDefault(report.previousTotals.income)])
        totals.add(["Expense", context.inDefault(report.totals.expense), context.inDefault(report.previousTotals.expense)])
        totals.add(["Net", context.inDefault(report.totals.net), context.inDefault(report.previousTotals.net)])
        out += totals.render(color: context.color, width: context.width)
        if !report.categories.isEmpty {
            var table = TextTable([
                .init(title: "Category", alignment: .left, maxWidth: 22), .init(title: label, alignment: .decimal),
                .init(title: previousLabel, alignment: .decimal), .init(title: "Change", alignment: .decimal),
                .init(title: "%", alignment: .decimal)
            ])
            var wasIncome = true
            for (i, row) in report.categories.enumerated() {
                let isIncome = model.categories[row.category].isIncome
                if i > 0 && wasIncome && !isIncome { table.addRule() }
                wasIncome = isIncome
                table.add([
                    categoryName(row.category), context.inDefault(row.current), context.inDefault(row.previous),
                    context.inDefault(row.change), row.percent.map { ($0.isNegative ? "" : "+") + $0.formatted(scale: 1) + "%" } ?? "new"
                ])
            }
            out += "\n" + table.render(color: context.color, width: context.width)
        }
        if !report.topExpenses.isEmpty {
            var top = TextTable([
                .init(title: "Top spending", alignment: .left, maxWidth: 24), .init(title: context.title("Spent"), alignment: .decimal),
                .init(title: "Of expense", alignment: .decimal)
            ])
            for row in report.topExpenses {
                top.add([categoryName(row.category), context.inDefault(row.current), context.percent(glance.shareOfExpense(row))])
            }
            out += "\n" + top.render(color: context.color, width: context.width)
        }
        if !envelopes.isEmpty {
            var table = TextTable([
                .init(title: "Envelope", alignment: .left, maxWidth: 16), .init(title: "Budget", alignment: .decimal),
                .init(title: "Spent", alignment: .decimal), .init(title: "Available", alignment: .decimal),
                .init(title: "Used", alignment: .decimal), EnvelopesCommand.markColumn
            ])
            for line in envelopes {
                table.add([
                    line.envelope.name, context.inDefault(line.status.budget), context.inDefault(line.status.spent),
                    context.inDefault(line.status.available), context.percent(line.percent), EnvelopesCommand.mark(line)
                ])
            }
            out += "\n" + table.render(color: context.color, width: context.width)
        }
        let note = context.missingRatesNote(report.missingRates)
        if !note.isEmpty { out += "\n" + note }
        return out
    }
}
