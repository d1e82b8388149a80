import TallyCore
import TallyReports
import TallySyntax

/// `tally envelopes --monthly` (and `--weekly`, `--quarterly`, `--yearly`): each
/// envelope's figures per period over a range, in text, CSV or JSON.
extension EnvelopesCommand {
    static func history(_ report: EnvelopeHistoryReport, _ context: ReportContext) {
        let money = context.inDefault
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["envelope", "period", "start", "end", "carried", "planned", "filled", "moved", "spent", "returned", "available"])
            for row in report.rows {
                for (period, column) in zip(report.periods.periods, row.columns) {
                    guard let c = column else { continue }
                    csv.add([
                        row.envelope.name, period.label, period.start.description, period.end.description, money(c.carried),
                        money(c.planned), money(c.filled), money(c.moved), money(c.spent), money(c.returned), money(c.available)
                    ])
                }
            }
            context.output(csv)
        default:
            context.console.out(historyText(report, context))
        }
    }

    /// One row per envelope and period, the envelope's name on its first; then ready to
    /// assign at each period's end.
    static func historyText(_ report: EnvelopeHistoryReport, _ context: ReportContext) -> String {
        let range = report.range
        let money = context.inDefault
        let returns = report.hasReturns
        var columns: [TextTable.Column] = [
            .init(title: "Envelope", alignment: .left, maxWidth: 14), .init(title: "Period", alignment: .left),
            .init(title: "Carried", alignment: .decimal), .init(title: "Planned", alignment: .decimal),
            .init(title: "Filled", alignment: .decimal), .init(title: "Moved", alignment: .decimal),
            .init(title: "Spent", alignment: .decimal)
        ]
        if returns { columns.append(.init(title: "Returned", alignment: .decimal)) }
        columns.append(.init(title: "Available", alignment: .decimal))
        var table = TextTable(columns)
        for row in report.rows {
            var first = true
            for (period, column) in zip(report.periods.periods, row.columns) {
                guard let c = column else { continue }
                var cells = [first ? row.envelope.name : "", period.label, money(c.carried), money(c.planned), money(c.filled), money(c.moved), money(c.spent)]
                if returns { cells.append(money(c.returned)) }
                cells.append(money(c.available))
                table.add(cells)
                first = false
            }
        }
        var out = "Envelopes by \(report.step.unit), \(range.lowerBound) to \(range.upperBound)"
        out += (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
        out += report.rows.isEmpty ? "No envelope has a period in this range.\n" : table.render(color: context.color, width: context.width)
        if let line = report.allAssigned {
            out += "\n" + line + "\n"
        } else if report.readyToAssign.contains(where: { $0 != nil }) {
            var ready = TextTable([.init(title: "Ready to assign at the end of", alignment: .left), .init(title: "", alignment: .decimal)])
            // From the budget's first money: a period before it has no figure, not 0.00.
            for (period, value) in zip(report.periods.periods, report.readyToAssign) {
                if let value { ready.add([period.label, money(value)]) }
            }
            out += "\n" + ready.render(color: context.color, width: context.width)
        }
        return out
    }
}
