import TallyCore
import TallySyntax

/// Insights in each format: income, expense and net, each category's share, who spent
/// what, and income against expense step by step.
extension InsightsCommand {
    /// What the insights show for one range.
    struct Figures {
        let range: ClosedRange<CivilDate>
        let granularity: Granularity
        let shares: (expense: [CategoryShare], income: [CategoryShare])
        let totals: PeriodTotals
        let series: [PeriodTotals]
        let missing: [MissingRate]
        let byPerson: [PersonSpending]
    }

    /// The insights as one JSON document.
    static func json(_ figures: Figures, context: ReportContext) -> String {
        let model = context.model
        let range = figures.range, granularity = figures.granularity, shares = figures.shares, totals = figures.totals
        let series = figures.series, missing = figures.missing, byPerson = figures.byPerson
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func list(_ items: [CategoryShare]) -> JSONValue {
            .array(items.map { .object([("name", .string(categoryName($0.category))), ("amount", .string(context.inDefault($0.amount))),
                                        ("percent", .string($0.percent.formatted(scale: 1)))]) })
        }
        return JSONValue.object([
            ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
            ("currency", .string(context.currency)), ("by", .string(granularity.rawValue)),
            ("income", .string(context.inDefault(totals.income))), ("expense", .string(context.inDefault(totals.expense))),
            ("net", .string(context.inDefault(totals.net))),
            ("expenseByCategory", list(shares.expense)), ("incomeByCategory", list(shares.income)),
            ("expenseByPerson", .array(byPerson.map { .object([("person", .optional($0.person)), ("spent", .string(context.inDefault($0.spent)))]) })),
            ("series", .array(series.map { .object([("start", .string($0.start.description)), ("end", .string($0.end.description)),
                                                    ("income", .string(context.inDefault($0.income))), ("expense", .string(context.inDefault($0.expense))),
                                                    ("net", .string(context.inDefault($0.net)))]) })),
            ("missingRates", context.missingRatesJSON(missing)),
        ]).rendered()
    }

    /// Each category's share as CSV.
    static func csv(_ figures: Figures, context: ReportContext) -> CSVTable {
        let model = context.model, shares = figures.shares
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        var csv = CSVTable(["type", "category", "amount", "percent"])
        for item in shares.expense { csv.add(["expense", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
        for item in shares.income { csv.add(["income", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
        return csv
    }

    /// The insights as text tables.
    static func text(_ figures: Figures, context: ReportContext) -> String {
        let model = context.model
        let range = figures.range, granularity = figures.granularity, shares = figures.shares, totals = figures.totals
        let series = figures.series, missing = figures.missing, byPerson = figures.byPerson
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func bucket(_ t: PeriodTotals) -> String {
            switch granularity {
            case .month: return EnvelopePeriod.monthly.label(t.start)
            case .year: return "\(t.start.year)"
            default: return t.start.description
            }
        }

        var out = "Insights for \(range.lowerBound) to \(range.upperBound)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
        out += "Income \(context.inDefault(totals.income)), expense \(context.inDefault(totals.expense)), net \(context.inDefault(totals.net))\n"
        func table(_ title: String, _ items: [CategoryShare]) -> String {
            var t = TextTable([.init(title: title, alignment: .left, maxWidth: 24), .init(title: "Amount", alignment: .decimal),
                               .init(title: "Share", alignment: .decimal), .init(title: "", alignment: .left)])
            for item in items {
                // One `#` per 5 %, so the largest share stands out at a glance.
                let blocks = Int((item.percent.divided(by: 5, roundedTo: 0) ?? .zero).units)
                t.add([categoryName(item.category), context.inDefault(item.amount), context.percent(item.percent), String(repeating: "#", count: blocks)])
            }
            return t.render(color: context.color, width: context.width)
        }
        if !shares.expense.isEmpty { out += "\n" + table("Spending", shares.expense) }
        if !shares.income.isEmpty { out += "\n" + table("Income", shares.income) }
        if !byPerson.isEmpty {
            var who = TextTable([.init(title: "Spent by", alignment: .left, maxWidth: 24), .init(title: "Amount", alignment: .decimal)])
            for item in byPerson { who.add([item.person ?? "(nobody named)", context.inDefault(item.spent)]) }
            out += "\n" + who.render(color: context.color, width: context.width)
        }
        var t = TextTable([.init(title: granularity == .day ? "Day" : granularity == .week ? "Week of" : granularity == .month ? "Month" : "Year", alignment: .left),
                           .init(title: "Income", alignment: .decimal), .init(title: "Expense", alignment: .decimal),
                           .init(title: "Net", alignment: .decimal), .init(title: "", alignment: .left)])
        let largest = series.map { max($0.income, $0.expense) }.max() ?? .zero
        for row in series {
            t.add([bucket(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net), ReportCommand.bar(row, largest)])
        }
        out += "\n" + t.render(color: context.color, width: context.width)
        let note = context.missingRatesNote(missing)
        if !note.isEmpty { out += "\n" + note }
        return out
    }
}
