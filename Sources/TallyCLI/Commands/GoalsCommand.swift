import TallyCore
import TallyReports
import TallySyntax

/// `tally goals FILE`: saving goals with progress and the one forward-looking figure;
/// reached goals apart.
enum GoalsCommand: ReportSubcommand {
    static let name = "goals"
    static let summary = "Saving goals: saved, target, percent, outlook"
    static let shared: [ReportOptions.Flag] = [.at, .period, .begin, .end, .today, .format, .csvSeparator, .color]
    /// The command's own flags (their values go to `ReportOptions.extra`).
    static let own: [FlagDeclaration] = []
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + own + [.helpFlag]
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

    /// The options: the shared report flags and the command's own.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        try try ReportOptions.parse(arguments, command: name, flags: shared)
    }

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let console = context.console
        let date: CivilDate
        do {
            if let at = context.options.at { date = at } else { date = try context.periodEnd() ?? context.today }
        } catch { return context.fail(error) }
        let report = GoalsReport(context.budget, at: date)
        let rows = report.lines

        switch context.options.format {
        case "json":
            console.out(report.json.rendered())
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
            console.out(out)
        }
        return ExitCode.success
    }
}
