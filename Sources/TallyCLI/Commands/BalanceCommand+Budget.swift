import TallyCore
import TallyReports
import TallySyntax

extension BalanceCommand {
    /// `--budget`: each envelope's budget against its spending, a column per period
    /// (`EnvelopeBudgetColumns`), over the period asked (default: this month), as CSV or
    /// text.
    static func envelopeBudget(_ table: EnvelopeBudgetColumns, range: ClosedRange<CivilDate>, _ context: ReportContext) {
        let columns = table.columns
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["envelope", "period", "budget", "spent", "available"])
            for row in table.rows {
                for (period, cell) in zip(columns.periods, row.cells) {
                    guard let cell else { continue }
                    csv.add([row.name, period.label, context.inDefault(cell.budget), context.inDefault(cell.spent), context.inDefault(cell.available)])
                }
            }
            context.output(csv)
        default:
            var text = "Envelopes: spent of budget, " + (range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)")
            text += (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            guard !table.rows.isEmpty else {
                context.console.out(text + "No envelopes.\n")
                return
            }
            var out = TextTable([.init(title: "Envelope", alignment: .left, maxWidth: 30)] + columns.periods.map { .init(title: $0.label, alignment: .right) })
            for row in table.rows {
                out.add([row.name] + row.cells.map { cell in cell.map { "\(context.inDefault($0.spent)) of \(context.inDefault($0.budget))" } ?? "" })
            }
            context.console.out(text + out.render(color: false, width: context.width))
        }
    }
}
