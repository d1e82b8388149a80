import TallyCore
import TallyReports
import TallySyntax

extension BalanceCommand {
    /// `--budget`: each envelope's budget against its spending, a column per period
    /// (`EnvelopeBudgetColumns`), over the period asked (default: this month).
    static func envelopeBudget(_ context: ReportContext) -> Int32 {
        let range: ClosedRange<CivilDate>
        let step: PeriodColumns.Step?
        do {
            step = try PeriodColumns.step(context.options)
            range = try context.range(default: .relative(.month, 0))!
        } catch { return context.fail(error) }
        let columns = step.map { PeriodColumns(step: $0, range: range, weekStart: context.model.weekStart) } ?? PeriodColumns(range: range)
        let table = EnvelopeBudgetColumns(context.budget, columns: columns, range: range)
        switch context.options.format {
        case "json":
            context.console.out(table.json.rendered())
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
                return ExitCode.success
            }
            var out = TextTable([.init(title: "Envelope", alignment: .left, maxWidth: 30)] + columns.periods.map { .init(title: $0.label, alignment: .right) })
            for row in table.rows {
                out.add([row.name] + row.cells.map { cell in cell.map { "\(context.inDefault($0.spent)) of \(context.inDefault($0.budget))" } ?? "" })
            }
            context.console.out(text + out.render(color: false, width: context.width))
        }
        return ExitCode.success
    }
}
