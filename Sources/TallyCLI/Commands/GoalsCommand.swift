import TallyCore
import TallyReports
import TallySyntax

/// `tally goals FILE`: saving goals with progress and the one forward-looking figure;
/// reached goals apart.
enum GoalsCommand: LibraryReport {
    static let name = "goals"
    static let summary = "Saving goals: saved, target, percent, outlook"
    static let kind = ReportKind.goals
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + [.helpFlag]
    static let help = """
        tally goals: each saving goal's money saved, target, percent, date and state
        (on track, behind, overdue, open), with the figure that looks ahead: the
        monthly amount still needed, the total expected by the date, when the target
        will be reached, or the total expected at the end of the year. Reached goals
        are listed apart.

        USAGE
          tally goals [options] <file>

        OPTIONS
        \(FlagDeclaration.help(flags))\

        With a period (-p, -b, -e) goals are shown as of its last day. JSON and CSV
        layouts: docs/reports.md.

        """

    /// The goals, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .goals(let report, let date) = result else { return ExitCode.success }
        let console = context.console
        let rows = report.lines

        switch context.options.format {
        case "csv":
            var csv = CSVTable(["goal", "currency", "period", "saved", "target", "percent", "by", "state", "outlook"])
            for row in rows {
                csv.add([
                    row.goal.name, row.currency, row.period ?? "", context.plain(row.saved, row.currency),
                    row.target.map { context.plain($0, row.currency) } ?? "", row.percent.map { $0.formatted(scale: 1) } ?? "",
                    row.by?.description ?? "", row.state, row.outlook ?? ""
                ])
            }
            context.output(csv)
        default:
            var out = "Goals on \(date)\n"
            // Reached goals are kept for the record; a periodic goal starts again each period.
            let open = rows.filter { $0.state != "reached" || $0.period != nil }
            let reached = rows.filter { $0.state == "reached" && $0.period == nil }
            func table(_ list: [GoalsReport.Line], withState: Bool) -> String {
                var columns: [TextTable.Column] = [
                    .init(title: "Goal", alignment: .left, maxWidth: 16), .init(title: "Saved", alignment: .decimal),
                    .init(title: "Target", alignment: .decimal), .init(title: "Done", alignment: .decimal),
                    .init(title: "By", alignment: .left)
                ]
                if withState { columns.append(.init(title: "State", alignment: .left)) }
                var t = TextTable(columns)
                for row in list {
                    var cells = [
                        row.goal.name, context.amount(row.saved, row.currency), row.target.map { context.amount($0, row.currency) } ?? "",
                        context.percent(row.percent), row.by?.description ?? ""
                    ]
                    if withState { cells.append(row.state) }
                    t.add(cells)
                }
                return t.render(color: context.color, width: context.width)
            }
            if !open.isEmpty {
                out += "\n" + table(open, withState: true)
                let outlooks = open.compactMap { row in row.outlook.map { "  \(row.goal.name): \($0)" } }
                if !outlooks.isEmpty { out += "\n" + outlooks.joined(separator: "\n") + "\n" }
            }
            if !reached.isEmpty { out += "\nReached\n" + table(reached, withState: false) }
            if rows.isEmpty { out += "\nNo goals.\n" }
            out += report.assignedNote.map { "\n" + $0 + "\n" } ?? ""
            console.out(out)
        }
        return ExitCode.success
    }
}
