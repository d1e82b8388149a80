import TallyCore
import TallyReports
import TallySyntax

/// The command line's side of `PeriodTable`: the table in CSV or text (its JSON is the
/// library's).
extension PeriodTable {
    /// Writes the table in the context's format, CSV or text. One column over the whole
    /// range (no step) has no Average column.
    func write(_ context: ReportContext) {
        let money = { (m: Money?) in m.map(context.inDefault) }
        let periods = columns.periods
        let showAverage = columns.step != nil
        guard context.options.format != "csv" else {
            var csv = CSVTable([first.lowercased(), "type"] + periods.map(\.label) + (showTotal ? ["total"] : []) + (showAverage ? ["average"] : []))
            for r in rows {
                csv.add(
                    [r.name, r.type] + r.cells.map { money($0) ?? "" } + (showTotal ? [money(r.total) ?? ""] : [])
                        + (showAverage ? [money(r.average) ?? ""] : []))
            }
            context.output(csv)
            return
        }
        var textColumns: [TextTable.Column] = [.init(title: first, alignment: .left, maxWidth: 30), .init(title: "", alignment: .left)]
        textColumns += periods.map { .init(title: $0.label, alignment: .decimal) }
        if showTotal { textColumns.append(.init(title: "Total", alignment: .decimal)) }
        if showAverage { textColumns.append(.init(title: "Average", alignment: .decimal)) }
        var table = TextTable(textColumns)
        var previous: PeriodColumns.Row?
        for r in rows {
            // A rule between income and expense (flows), and above the totals.
            if let previous, (showTotal && previous.type != r.type) || previous.isSummary != r.isSummary, !(previous.isSummary && r.isSummary) {
                table.addRule()
            }
            previous = r
            let name = context.options.request.tree && !r.isSummary ? PeriodColumns.treeLabel(r.name) : r.name
            table.add(
                [name, r.isSummary ? "" : r.type] + r.cells.map { money($0) ?? "no rate" }
                    + (showTotal ? [money(r.total) ?? ""] : []) + (showAverage ? [money(r.average) ?? ""] : []))
        }
        var out = title + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
        out += rows.isEmpty ? "Nothing to show.\n" : table.render(color: context.color, width: context.width)
        let note = context.missingRatesNote(missing)
        if !note.isEmpty { out += "\n" + note }
        context.console.out(out)
    }
}
