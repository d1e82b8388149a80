import TallyCore
import TallySyntax

extension ReportCommand {
    /// `--months N`: income against expense per month, oldest first.
    static func series(_ context: ReportContext, flows: CategoryFlows, month: CivilDate, months: Int) -> Int32 {
        let first = month.adding(months: 1 - months) ?? month
        let range = first ... month.endOfMonth
        let rows = flows.series(range, by: .month, model: context.model)
        let missing = flows.missingRates(in: range, model: context.model, rates: context.rates)
        func label(_ t: PeriodTotals) -> String { EnvelopePeriod.monthly.label(t.start) }
        switch context.options.format {
        case "json":
            context.console.out(JSONValue.object([
                ("currency", .string(context.currency)),
                ("months", .array(rows.map { .object([("month", .string(label($0))), ("income", .string(context.inDefault($0.income))),
                                                      ("expense", .string(context.inDefault($0.expense))), ("net", .string(context.inDefault($0.net)))]) })),
                ("missingRates", context.missingRatesJSON(missing)),
            ]).rendered())
        case "csv":
            var csv = CSVTable(["month", "income", "expense", "net"])
            for row in rows { csv.add([label(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net)]) }
            context.output(csv)
        default:
            var table = TextTable([.init(title: "Month", alignment: .left), .init(title: "Income", alignment: .decimal),
                                   .init(title: "Expense", alignment: .decimal), .init(title: "Net", alignment: .decimal),
                                   .init(title: "", alignment: .left)])
            let largest = rows.map { max($0.income, $0.expense) }.max() ?? .zero
            var income = Money.zero, expense = Money.zero
            for row in rows {
                table.add([label(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net), bar(row, largest)])
                income = income.adding(row.income) ?? income
                expense = expense.adding(row.expense) ?? expense
            }
            table.addRule()
            table.add(["Total", context.inDefault(income), context.inDefault(expense), context.inDefault(income.subtracting(expense) ?? .zero), ""])
            guard let firstRow = rows.first, let lastRow = rows.last else {
                context.console.out("No months to show.\n")
                return ExitCode.success
            }
            var out = "Income against expense, \(label(firstRow)) to \(label(lastRow))" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += table.render(color: context.color, width: context.width)
            let note = context.missingRatesNote(missing)
            if !note.isEmpty { out += "\n" + note }
            context.console.out(out)
        }
        return ExitCode.success
    }

    /// A small text bar: `+` for income over `-` for expense, scaled to the largest month.
    static func bar(_ row: PeriodTotals, _ largest: Money) -> String {
        func length(_ value: Money) -> Int {
            guard !largest.isZero else { return 0 }
            return Int(value.multiplied(by: Money(units: 20, scale: 0), roundedTo: 2)?.divided(by: largest, roundedTo: 0)?.units ?? 0)
        }
        // A month of net refunds has a negative expense: it gets no bar, never a negative count.
        let inCount = max(0, length(row.income)), outCount = max(0, length(row.expense))
        return String(repeating: "+", count: inCount) + (inCount > 0 && outCount > 0 ? " " : "") + String(repeating: "-", count: outCount)
    }
}
