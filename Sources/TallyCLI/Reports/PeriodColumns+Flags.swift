import TallyCore
import TallyReports
import TallySyntax

/// The command line's side of `PeriodColumns`: the flags that ask for columns and the
/// table in text, CSV or JSON.
extension PeriodColumns {
    /// The step the options ask for, nil for none; two steps are a usage error.
    static func step(_ options: ReportOptions) throws(UsageError) -> Step? {
        let asked = Step.allCases.filter { options.extra[$0.flag] != nil || options.extra[$0.shortFlag] != nil }
        if asked.count > 1 { throw UsageError("`\(asked[0].flag)` and `\(asked[1].flag)` both set the columns; choose one") }
        return asked.first
    }

    /// Writes `rows` in the context's format. `title` heads the text; `first` names the
    /// first column; `showTotal` adds the total column (flows have one, balances not).
    /// One column over the whole range (no step) has no Average column.
    func write(
        _ rows: [Row], context: ReportContext, title: String, first: String, showTotal: Bool, range: ClosedRange<CivilDate>,
        missing: [MissingRate]
    ) {
        let money = { (m: Money?) in m.map(context.inDefault) }
        let showAverage = step != nil
        switch context.options.format {
        case "json":
            context.console.out(json(rows, budget: context.budget, showTotal: showTotal, range: range, missing: missing).rendered())
        case "csv":
            var csv = CSVTable([first.lowercased(), "type"] + periods.map(\.label) + (showTotal ? ["total"] : []) + (showAverage ? ["average"] : []))
            for r in rows {
                csv.add(
                    [r.name, r.type] + r.cells.map { money($0) ?? "" } + (showTotal ? [money(r.total) ?? ""] : [])
                        + (showAverage ? [money(r.average) ?? ""] : []))
            }
            context.output(csv)
        default:
            var columns: [TextTable.Column] = [.init(title: first, alignment: .left, maxWidth: 30), .init(title: "", alignment: .left)]
            columns += periods.map { .init(title: $0.label, alignment: .decimal) }
            if showTotal { columns.append(.init(title: "Total", alignment: .decimal)) }
            if showAverage { columns.append(.init(title: "Average", alignment: .decimal)) }
            var table = TextTable(columns)
            var previous: Row?
            for r in rows {
                // A rule between income and expense (flows), and above the totals.
                if let previous, (showTotal && previous.type != r.type) || previous.isSummary != r.isSummary, !(previous.isSummary && r.isSummary) {
                    table.addRule()
                }
                previous = r
                table.add(
                    [r.name, r.isSummary ? "" : r.type] + r.cells.map { money($0) ?? "no rate" }
                        + (showTotal ? [money(r.total) ?? ""] : []) + (showAverage ? [money(r.average) ?? ""] : []))
            }
            var out = title + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += rows.isEmpty ? "Nothing to show.\n" : table.render(color: context.color, width: context.width)
            let note = context.missingRatesNote(missing)
            if !note.isEmpty { out += "\n" + note }
            context.console.out(out)
        }
    }
}
