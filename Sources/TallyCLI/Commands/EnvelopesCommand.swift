import TallyCore
import TallyReports
import TallySyntax

/// `tally envelopes FILE`: every envelope's figures for the period containing a day,
/// overspent ones marked, and ready to assign at the bottom.
enum EnvelopesCommand: LibraryReport {
    static let name = "envelopes"
    static let summary = "Envelopes: planned, spent, available; ready to assign"
    static let kind = ReportKind.envelopes
    static var own: [FlagDeclaration] { Own.declarations }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case envelope, columns

        var declaration: FlagDeclaration {
            switch self {
            case .envelope: FlagDeclaration("--envelope", value: "NAME", help: "Only this envelope, day by day across its period: spent\neach day, spent so far, and what is left")
            case .columns:
                ReportOptions.stepsFlag(
                    "Each envelope's history: carried, planned, filled,\nmoved, spent and available per period, with ready to\nassign at each end (default period: the budget's first\nentry to today)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.declarations(shared) + [.helpFlag]
    static let help = """
        tally envelopes: each envelope's carried-in, planned, filled, moved, spent and
        available money for its period containing a day, with the percent used and what
        is left per day for the rest of the period. Overspent envelopes are marked
        OVER, those past their alert threshold ALERT. Ready to assign (income not yet
        given to an envelope) comes last, for budgets that assign income.

        USAGE
          tally envelopes [options] <file>

        OPTIONS
        \(FlagDeclaration.help(flags))\

        The day is --at, else today when --period contains it, else the period's last
        day. Amounts are in the default currency. JSON and CSV layouts:
        docs/reports.md.

        """

    typealias Line = EnvelopesReport.Line

    /// A period label short enough for a table column.
    static func label(_ line: Line) -> String {
        if case .weekly = line.envelope.period { return "week \(line.status.start)" }
        return line.envelope.period.label(line.status.start)
    }

    static func mark(_ line: Line) -> String { line.status.isOverspent ? "OVER" : line.alert ? "ALERT" : "" }

    /// The column of marks: red for overspent, yellow for alerts, when colour is on.
    static let markColumn = TextTable.Column(title: "", alignment: .left, marks: ["OVER": "31", "ALERT": "33"])

    /// The envelopes on a day, one envelope day by day, or their history, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        switch result {
        case .envelopeHistory(let report): history(report, context)
        case .envelopeDays(let report, let name, let date): daily(report, name: name, at: date, context)
        case .envelopes(let report, let date): envelopes(report, at: date, context)
        default: break
        }
        return ExitCode.success
    }

    /// Every envelope's period containing `date`.
    static func envelopes(_ report: EnvelopesReport, at date: CivilDate, _ context: ReportContext) {
        let console = context.console
        let lines = report.lines, ready = report.readyToAssign

        switch context.options.format {
        case "csv":
            var csv = CSVTable(["envelope", "period", "start", "end", "carried_in", "planned", "filled", "moved", "spent", "available", "percent_used", "left_per_day", "status"])
            for line in lines {
                let s = line.status
                csv.add([
                    line.envelope.name, line.envelope.period.label(s.start), s.start.description, s.end.description,
                    context.inDefault(s.carriedIn), context.inDefault(s.planned), context.inDefault(s.filled), context.inDefault(s.moved),
                    context.inDefault(s.spent), context.inDefault(s.available), line.percent.map { $0.formatted(scale: 1) } ?? "",
                    line.leftPerDay.map(context.inDefault) ?? "", s.isOverspent ? "overspent" : line.alert ? "alert" : "ok"
                ])
            }
            context.output(csv)
        default:
            var out = "Envelopes on \(date)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n"
            out += report.lookingAhead.map { $0 + "\n\n" } ?? "\n"
            var table = TextTable([
                .init(title: "Envelope", alignment: .left, maxWidth: 14), .init(title: "Period", alignment: .left, maxWidth: 22),
                .init(title: "Budget", alignment: .decimal), .init(title: "Spent", alignment: .decimal),
                .init(title: "Available", alignment: .decimal), .init(title: "Used", alignment: .decimal),
                .init(title: "Per day", alignment: .decimal), markColumn
            ])
            for line in lines {
                table.add([
                    line.envelope.name, label(line), context.inDefault(line.status.budget),
                    context.inDefault(line.status.spent), context.inDefault(line.status.available), context.percent(line.percent),
                    line.leftPerDay.map(context.inDefault) ?? "", mark(line)
                ])
            }
            out += table.render(color: context.color, width: context.width)
            // Where the budget came from, for envelopes that carry, fill or move money.
            let detailed = lines.filter { !$0.status.carriedIn.isZero || !$0.status.filled.isZero || !$0.status.moved.isZero }
            if !detailed.isEmpty {
                var details = TextTable([
                    .init(title: "Budget made of", alignment: .left, maxWidth: 14), .init(title: "Carried in", alignment: .decimal),
                    .init(title: "Planned", alignment: .decimal), .init(title: "Filled", alignment: .decimal),
                    .init(title: "Moved", alignment: .decimal)
                ])
                for line in detailed {
                    let s = line.status
                    details.add([line.envelope.name, context.inDefault(s.carriedIn), context.inDefault(s.planned), context.inDefault(s.filled), context.inDefault(s.moved)])
                }
                out += "\n" + details.render(color: context.color, width: context.width)
            }
            let over = lines.filter { $0.status.isOverspent }
            if !over.isEmpty {
                out += "\n" + over.map { "\($0.envelope.name) is overspent by \(context.amount($0.status.available.negated, context.currency))" }.joined(separator: "\n") + "\n"
            }
            if let equation = report.equation { out += "\n" + unbudgetedText(equation, context) }
            if let ready { out += (report.equation == nil ? "\n" : "") + "Ready to assign: \(context.amount(ready, context.currency))\n" }
            if let equation = report.equation { out += equationText(equation, context) }
            console.out(out)
        }
    }

    /// The month's spending outside envelopes, largest first (five categories, then the
    /// rest together), when there is any.
    static func unbudgetedText(_ equation: EnvelopeEquation, _ context: ReportContext) -> String {
        guard !equation.unbudgeted.isEmpty else { return "" }
        var out = "Unbudgeted since \(equation.unbudgetedFrom): \(context.amount(equation.unbudgetedTotal, context.currency))\n"
        var rows = equation.unbudgeted.prefix(5).map { ($0.category.map { context.model.categories[$0].name } ?? "(no category)", $0.spent) }
        if equation.unbudgeted.count > 5 {
            let rest = equation.unbudgeted.dropFirst(5).reduce(Money.zero) { $0.adding($1.spent) ?? $0 }
            rows.append(("\(equation.unbudgeted.count - 5) more", rest))
        }
        let names = rows.map { TextTable.fitted($0.0, limit: 40) }, amounts = rows.map { context.inDefault($0.1) }
        let nameWidth = names.map(\.width).max() ?? 0, amountWidth = amounts.map(\.count).max() ?? 0
        for (name, amount) in zip(names, amounts) {
            out += "  " + name.text + String(repeating: " ", count: nameWidth - name.width + 2)
            out += String(repeating: " ", count: amountWidth - amount.count) + amount + "\n"
        }
        return out + "\n"
    }

    /// The envelope equation with its three figures (Grammar.md §4).
    static func equationText(_ equation: EnvelopeEquation, _ context: ReportContext) -> String {
        var out = ""
        if let wallets = equation.wallets {
            // Goals on a line of their own, so that the equation fits 80 columns.
            let goals = equation.goals.isZero ? " " : "\n  + \(context.inDefault(equation.goals)) in goals "
            let uncovered = equation.uncoveredCards, debt = uncovered.isZero ? "" : "\n  + \(context.inDefault(uncovered)) overspent on cards (not from ready to assign)"
            out += "In the budget's wallets: \(context.inDefault(equation.readyToAssign)) ready + \(context.inDefault(equation.available)) in envelopes\(goals)= \(context.amount(wallets, context.currency))\(debt)\n"
            // The words the Envelopes page shows too (Grammar.md §4, "Credit overspending").
            if let cards = EnvelopesReport.cardWords(equation, context.budget) {
                let held = cards.held.map { "\(cards.mark)\n   \($0)" } ?? ""
                out += "  (\(context.inDefault(cards.cash)) in cash and accounts, less \(context.inDefault(cards.owed)) owed on cards\(held))\n"
            }
            if let sum = equation.readyToAssign.adding(equation.available)?.adding(equation.goals), let owed = wallets.adding(uncovered), sum != owed,
                let gap = owed.subtracting(sum)
            {
                out += "  (\(context.inDefault(gap)) apart: see Grammar.md §4, \"The envelope equation\", for what it leaves out)\n"
            }
        }
        return out
    }

    /// `--envelope NAME`: spending per day across the period, against what it holds.
    static func daily(_ found: EnvelopeDaysReport?, name: String, at date: CivilDate, _ context: ReportContext) {
        guard let report = found else {
            context.console.out("\(name) has no period containing \(date).\n")
            return
        }
        let envelope = report.envelope, status = report.status, days = report.days, budget = status.budget, label = report.label
        let left = report.left
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["date", "spent", "spent_so_far", "left"])
            for day in days { csv.add([day.date.description, context.inDefault(day.spent), context.inDefault(day.spentSoFar), context.inDefault(left(day))]) }
            context.output(csv)
        default:
            var out = "\(envelope.name) for \(label), \(status.start) to \(status.end): holds \(context.amount(budget, context.currency))\n\n"
            var table = TextTable([
                .init(title: "Day", alignment: .left), .init(title: "Spent", alignment: .decimal),
                .init(title: "So far", alignment: .decimal), .init(title: "Left", alignment: .decimal),
                .init(title: "", alignment: .left)
            ])
            for (i, day) in days.enumerated() {
                table.add([
                    day.date.description, day.spent.isZero ? "" : context.inDefault(day.spent), context.inDefault(day.spentSoFar),
                    context.inDefault(left(day)), report.isAheadOfEvenPace(i) ? "ahead of an even pace" : ""
                ])
            }
            out += table.render(color: context.color, width: context.width)
            context.console.out(out)
        }
    }
}
