import TallyCore
import TallySyntax

/// Columns over time (`--monthly`, `--weekly`, `--quarterly`, `--yearly`) for `balance`
/// (the balance at each period's end) and `insights` (the flow in each period): the
/// periods, and one table of rows with a cell per period, shown as text, CSV or JSON.
struct PeriodColumns {
    /// The step between columns.
    enum Step: String, CaseIterable {
        case weekly, monthly, quarterly, yearly

        /// The flag that asks for it.
        var flag: String { "--" + rawValue }

        /// The word in JSON: `week`, `month`, `quarter`, `year`.
        var unit: String { ["weekly": "week", "monthly": "month", "quarterly": "quarter", "yearly": "year"][rawValue]! }
    }

    /// One column: a period cut to the range.
    struct Period {
        var label: String
        var start: CivilDate
        var end: CivilDate
    }

    /// One line of the table; nil cells have no figure (a missing rate).
    struct Row {
        var name: String
        var type: String
        var cells: [Money?]
        var total: Money?
        var average: Money?
        /// A line of totals, drawn below a rule.
        var isSummary = false
    }

    let step: Step
    let periods: [Period]

    /// The periods of `step` that meet `range`, the first and last cut to it.
    init(step: Step, range: ClosedRange<CivilDate>, weekStart: Weekday) {
        self.step = step
        var result: [Period] = []
        var start: CivilDate
        switch step {
        case .weekly: start = range.lowerBound.startOfWeek(weekStart: weekStart)
        case .monthly: start = range.lowerBound.startOfMonth
        case .quarterly: start = range.lowerBound.startOfQuarter
        case .yearly: start = range.lowerBound.startOfYear
        }
        while start <= range.upperBound {
            let next: CivilDate?
            let label: String
            switch step {
            case .weekly:
                next = start.adding(days: 7)
                label = start.description
            case .monthly:
                next = start.adding(months: 1)
                label = EnvelopePeriod.monthly.label(start)
            case .quarterly:
                next = start.adding(months: 3)
                label = "\(start.year)-Q\(start.quarter)"
            case .yearly:
                next = start.adding(years: 1)
                label = "\(start.year)"
            }
            let end = next.flatMap { $0.adding(days: -1) } ?? range.upperBound
            result.append(Period(label: label, start: max(start, range.lowerBound), end: min(end, range.upperBound)))
            guard let next else { break }
            start = next
        }
        periods = result
    }

    /// The step the options ask for, nil for none; two steps are a usage error.
    static func step(_ options: ReportOptions) throws(UsageError) -> Step? {
        let asked = Step.allCases.filter { options.extra[$0.flag] != nil }
        if asked.count > 1 { throw UsageError("`\(asked[0].flag)` and `\(asked[1].flag)` both set the columns; choose one") }
        return asked.first
    }

    /// Sum and average of cells, nil when a cell has no figure; the average is rounded to
    /// `decimals` places (Money's rounding, half away from zero).
    static func totals(_ cells: [Money?], decimals: Int) -> (total: Money?, average: Money?) {
        var sum = Money.zero
        for cell in cells {
            guard let cell, let next = sum.adding(cell) else { return (nil, nil) }
            sum = next
        }
        return (sum, cells.isEmpty ? nil : sum.divided(by: cells.count, roundedTo: decimals))
    }

    /// Writes `rows` in the context's format. `title` heads the text; `first` names the
    /// first column; `showTotal` adds the total column (flows have one, balances not).
    func write(_ rows: [Row], context: ReportContext, title: String, first: String, showTotal: Bool, range: ClosedRange<CivilDate>,
               missing: [MissingRate]) {
        let money = { (m: Money?) in m.map(context.inDefault) }
        switch context.options.format {
        case "json":
            func row(_ r: Row) -> JSONValue {
                var fields: [(String, JSONValue)] = [("name", .string(r.name)), ("type", .string(r.type)),
                                                     ("amounts", .array(r.cells.map { .optional(money($0)) }))]
                if showTotal { fields.append(("total", .optional(money(r.total)))) }
                fields.append(("average", .optional(money(r.average))))
                return .object(fields)
            }
            context.console.out(JSONValue.object([
                ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
                ("currency", .string(context.currency)), ("step", .string(step.unit)),
                ("periods", .array(periods.map { .object([("label", .string($0.label)), ("start", .string($0.start.description)),
                                                          ("end", .string($0.end.description))]) })),
                ("rows", .array(rows.filter { !$0.isSummary }.map(row))),
                ("totals", .array(rows.filter(\.isSummary).map(row))),
                ("missingRates", context.missingRatesJSON(missing)),
            ]).rendered())
        case "csv":
            var csv = CSVTable([first.lowercased(), "type"] + periods.map(\.label) + (showTotal ? ["total"] : []) + ["average"])
            for r in rows {
                csv.add([r.name, r.type] + r.cells.map { money($0) ?? "" } + (showTotal ? [money(r.total) ?? ""] : []) + [money(r.average) ?? ""])
            }
            context.output(csv)
        default:
            var columns: [TextTable.Column] = [.init(title: first, alignment: .left, maxWidth: 30), .init(title: "", alignment: .left)]
            columns += periods.map { .init(title: $0.label, alignment: .decimal) }
            if showTotal { columns.append(.init(title: "Total", alignment: .decimal)) }
            columns.append(.init(title: "Average", alignment: .decimal))
            var table = TextTable(columns)
            var previous: Row?
            for r in rows {
                // A rule between income and expense (flows), and above the totals.
                if let previous, (showTotal && previous.type != r.type) || previous.isSummary != r.isSummary, !(previous.isSummary && r.isSummary) {
                    table.addRule()
                }
                previous = r
                table.add([r.name, r.isSummary ? "" : r.type] + r.cells.map { money($0) ?? "no rate" }
                          + (showTotal ? [money(r.total) ?? ""] : []) + [money(r.average) ?? ""])
            }
            var out = title + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += rows.isEmpty ? "Nothing to show.\n" : table.render(color: context.color, width: context.width)
            let note = context.missingRatesNote(missing)
            if !note.isEmpty { out += "\n" + note }
            context.console.out(out)
        }
    }
}
