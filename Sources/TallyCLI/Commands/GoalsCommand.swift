import TallyCore
import TallySyntax

/// `tally goals FILE`: saving goals with progress and the one forward-looking figure;
/// reached goals apart.
enum GoalsCommand: Subcommand {
    static let name = "goals"
    static let summary = "Saving goals: saved, target, percent, outlook"
    static let flags: [ReportOptions.Flag] = [.at, .today, .format, .csvSeparator, .color]
    static let help = """
    tally goals: each saving goal's money saved, target, percent, date and state
    (on track, behind, overdue, open), with the figure that looks ahead: the
    monthly amount still needed, the total expected by the date, when the target
    will be reached, or the total expected at the end of the year. Reached goals
    are listed apart.

    USAGE
      tally goals [options] <file>

    OPTIONS
    \(ReportOptions.help(flags))  -h, --help             Show this help

    JSON and CSV layouts: docs/reports.md.

    """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            try ReportOptions.parse(a, command: name, flags: flags)
        }) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        let date = context.options.at ?? context.today
        let goals = model.goals.indices.map { (index: $0, goal: model.goals[$0], status: model.goalStatus($0, at: date)) }
        func currency(_ goal: Goal) -> String { goal.wallet.map { model.wallets[$0].currency } ?? context.currency }

        switch context.options.format {
        case "json":
            console.out(JSONValue.object([
                ("date", .string(date.description)),
                ("goals", .array(goals.map { item in
                    let c = currency(item.goal)
                    return .object([
                        ("name", .string(item.goal.name)), ("currency", .string(c)),
                        ("wallet", .optional(item.goal.wallet.map { model.wallets[$0].name })),
                        ("saved", .string(context.plain(item.status.saved, c))),
                        ("target", .optional(item.goal.target.map { context.plain($0, c) })),
                        ("percent", .optional(item.status.percent.map { $0.formatted(scale: 1) })),
                        ("by", .optional(item.goal.by?.description)), ("state", .string(item.status.state.rawValue)),
                        ("outlook", .optional(item.status.outlook)),
                    ])
                })),
            ]).rendered())
        case "csv":
            var csv = CSVTable(["goal", "currency", "saved", "target", "percent", "by", "state", "outlook"])
            for item in goals {
                let c = currency(item.goal)
                csv.add([item.goal.name, c, context.plain(item.status.saved, c), item.goal.target.map { context.plain($0, c) } ?? "",
                         item.status.percent.map { $0.formatted(scale: 1) } ?? "", item.goal.by?.description ?? "",
                         item.status.state.rawValue, item.status.outlook ?? ""])
            }
            context.output(csv)
        default:
            var out = "Goals on \(date)\n"
            let open = goals.filter { $0.status.state != .reached }
            let reached = goals.filter { $0.status.state == .reached }
            func table(_ list: [(index: Int, goal: Goal, status: GoalStatus)], withState: Bool) -> String {
                var columns: [TextTable.Column] = [.init(title: "Goal", alignment: .left, maxWidth: 16), .init(title: "Saved", alignment: .decimal),
                                                   .init(title: "Target", alignment: .decimal), .init(title: "Done", alignment: .decimal),
                                                   .init(title: "By", alignment: .left)]
                if withState { columns.append(.init(title: "State", alignment: .left)) }
                var t = TextTable(columns)
                for item in list {
                    let c = currency(item.goal)
                    var cells = [item.goal.name, context.amount(item.status.saved, c), item.goal.target.map { context.amount($0, c) } ?? "",
                                 context.percent(item.status.percent), item.goal.by?.description ?? ""]
                    if withState { cells.append(item.status.state.rawValue) }
                    t.add(cells)
                }
                return t.render(color: context.color)
            }
            if !open.isEmpty {
                out += "\n" + table(open, withState: true)
                let outlooks = open.compactMap { item in item.status.outlook.map { "  \(item.goal.name): \($0)" } }
                if !outlooks.isEmpty { out += "\n" + outlooks.joined(separator: "\n") + "\n" }
            }
            if !reached.isEmpty { out += "\nReached\n" + table(reached, withState: false) }
            if goals.isEmpty { out += "\nNo goals.\n" }
            console.out(out)
        }
        return ExitCode.success
    }
}
