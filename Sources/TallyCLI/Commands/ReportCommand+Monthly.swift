import TallyCore
import TallySyntax

/// The monthly report in each format: the month's totals against the month before,
/// each category's change, the top spending and the envelopes.
extension ReportCommand {
    /// The report as one JSON document.
    static func json(_ report: MonthlyReport, month: CivilDate, envelopes: [EnvelopesCommand.Line], context: ReportContext) -> String {
        let model = context.model
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func type(_ c: Int) -> String { model.categories[c].isIncome ? "income" : "expense" }
        let label = EnvelopePeriod.monthly.label(month)
        func totals(_ t: PeriodTotals) -> [(String, JSONValue)] {
            [("income", .string(context.inDefault(t.income))), ("expense", .string(context.inDefault(t.expense))), ("net", .string(context.inDefault(t.net)))]
        }
        return JSONValue.object([("month", .string(label)), ("currency", .string(context.currency))] + totals(report.totals) + [
            ("previous", .object([("month", .string(EnvelopePeriod.monthly.label(report.previousTotals.start)))] + totals(report.previousTotals))),
            ("categories", .array(report.categories.map { row in
                .object([("name", .string(categoryName(row.category))), ("type", .string(type(row.category))),
                         ("current", .string(context.inDefault(row.current))), ("previous", .string(context.inDefault(row.previous))),
                         ("change", .string(context.inDefault(row.change))), ("percent", .optional(row.percent.map { $0.formatted(scale: 1) }))])
            })),
            ("top", .array(report.topExpenses.map { .object([("name", .string(categoryName($0.category))), ("spent", .string(context.inDefault($0.current)))]) })),
            ("envelopes", EnvelopesCommand.json(envelopes, context: context)),
            ("missingRates", context.missingRatesJSON(report.missingRates)),
        ]).rendered()
    }

    /// The categories' rows as CSV.
    static func csv(_ report: MonthlyReport, context: ReportContext) -> CSVTable {
        let model = context.model
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func type(_ c: Int) -> String { model.categories[c].isIncome ? "income" : "expense" }
        var csv = CSVTable(["category", "type", "current", "previous", "change", "percent"])
        for row in report.categories {
            csv.add([categoryName(row.category), type(row.category), context.inDefault(row.current), context.inDefault(row.previous),
                     context.inDefault(row.change), row.percent.map { $0.formatted(scale: 1) } ?? ""])
        }
        return csv
    }

    /// The report as text tables.
    static func text(_ report: MonthlyReport, month: CivilDate, envelopes: [EnvelopesCommand.Line], context: ReportContext) -> String {
        let model = context.model
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        let label = EnvelopePeriod.monthly.label(month)
        let previousLabel = EnvelopePeriod.monthly.label(report.previousTotals.start)
        var out = "Monthly report for \(label)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
        var totals = TextTable([.init(title: "", alignment: .left), .init(title: label, alignment: .decimal), .init(title: previousLabel, alignment: .decimal)])
        totals.add(["Income", context.inDefault(report.totals.income), context.inDefault(report.previousTotals.income)])
        totals.add(["Expense", context.inDefault(report.totals.expense), context.inDefault(report.previousTotals.expense)])
        totals.add(["Net", context.inDefault(report.totals.net), context.inDefault(report.previousTotals.net)])
        out += totals.render(color: context.color, width: context.width)
        if !report.categories.isEmpty {
            var table = TextTable([.init(title: "Category", alignment: .left, maxWidth: 22), .init(title: label, alignment: .decimal),
                                   .init(title: previousLabel, alignment: .decimal), .init(title: "Change", alignment: .decimal),
                                   .init(title: "%", alignment: .decimal)])
            var wasIncome = true
            for (i, row) in report.categories.enumerated() {
                let isIncome = model.categories[row.category].isIncome
                if i > 0 && wasIncome && !isIncome { table.addRule() }
                wasIncome = isIncome
                table.add([categoryName(row.category), context.inDefault(row.current), context.inDefault(row.previous),
                           context.inDefault(row.change), row.percent.map { ($0.isNegative ? "" : "+") + $0.formatted(scale: 1) + "%" } ?? "new"])
            }
            out += "\n" + table.render(color: context.color, width: context.width)
        }
        if !report.topExpenses.isEmpty {
            var top = TextTable([.init(title: "Top spending", alignment: .left, maxWidth: 24), .init(title: context.title("Spent"), alignment: .decimal),
                                 .init(title: "Of expense", alignment: .decimal)])
            for row in report.topExpenses {
                let share = row.current.multiplied(by: Money(units: 100, scale: 0), roundedTo: row.current.scale)
                    .flatMap { $0.divided(by: report.totals.expense, roundedTo: 1) }
                top.add([categoryName(row.category), context.inDefault(row.current), context.percent(share)])
            }
            out += "\n" + top.render(color: context.color, width: context.width)
        }
        if !envelopes.isEmpty {
            var table = TextTable([.init(title: "Envelope", alignment: .left, maxWidth: 16), .init(title: "Budget", alignment: .decimal),
                                   .init(title: "Spent", alignment: .decimal), .init(title: "Available", alignment: .decimal),
                                   .init(title: "Used", alignment: .decimal), EnvelopesCommand.markColumn])
            for line in envelopes {
                table.add([line.envelope.name, context.inDefault(line.status.budget), context.inDefault(line.status.spent),
                           context.inDefault(line.status.available), context.percent(line.percent), EnvelopesCommand.mark(line)])
            }
            out += "\n" + table.render(color: context.color, width: context.width)
        }
        let note = context.missingRatesNote(report.missingRates)
        if !note.isEmpty { out += "\n" + note }
        return out
    }
}
