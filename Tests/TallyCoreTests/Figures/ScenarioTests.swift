import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// Small budgets beside every figure Tally reports for them, computed by hand.
///
/// Each `NAME.tally` in `Tests/TallyCoreTests/Scenarios` starts with `; today: YYYY-MM-DD` and states its arithmetic in
/// comments; `NAME.expected` lists, in a fixed order, every figure of the budget at
/// today: the diagnostics (code and line), each wallet's balance and the total, every
/// period of every envelope, ready to assign, each goal, each month's income and
/// expense, each category's total, and the recurring occurrences due within 31 days.
/// Lines starting with `#` in the expected file are comments (the arithmetic), and are
/// skipped. The expected files are written by hand, never recorded: a difference is
/// either a wrong hand computation or a wrong figure, and must be understood.
@Suite struct ScenarioTests {
    static let folder = "Tests/TallyCoreTests/Scenarios"
    static let budgets = TestSupport.files(in: folder, withExtension: "tally").map { ($0 as NSString).lastPathComponent }

    @Test func thereAreAtLeastFifteen() {
        #expect(Self.budgets.count >= 15)
    }

    @Test(arguments: budgets) func everyFigureMatchesTheHandComputation(_ name: String) throws {
        let path = TestSupport.path("\(Self.folder)/\(name)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let todayLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("; today: ") })
        let today = try #require(CivilDate(iso: String(todayLine.dropFirst("; today: ".count))))
        let budget = try BudgetLoader().load(path)
        let (model, diagnostics) = Interpreter.run(budget, today: today)
        let actual = Self.figures(model, diagnostics: diagnostics, budget: budget)
        let expectedText = try String(contentsOfFile: path.replacingOccurrences(of: ".tally", with: ".expected"), encoding: .utf8)
        let expected = expectedText.split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init).filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        for i in 0 ..< max(expected.count, actual.count) {
            let want = i < expected.count ? expected[i] : "<nothing>"
            let got = i < actual.count ? actual[i] : "<nothing>"
            #expect(want == got, "\(name), figure \(i + 1)")
            if want != got { break }  // one difference at a time: the rest would shift
        }
        if expected != actual { print("\(name), every figure as computed:\n" + actual.joined(separator: "\n")) }
    }

    /// Every figure of the budget at today, one per line.
    static func figures(_ model: BudgetModel, diagnostics: [Diagnostic], budget: Budget) -> [String] {
        var lines: [String] = []
        let today = model.today
        func money(_ value: Money, _ currency: String) -> String { value.formatted(scale: model.decimals(of: currency)) }
        let main = model.defaultCurrency
        // Diagnostics, by line.
        let lineIndex = LineIndex(budget.files[0].tree.source)
        let found = diagnostics.filter { $0.file == budget.files[0].path }
            .map { (lineIndex.line(containing: $0.range.start) + 1, $0.code.rawValue) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        lines += found.map { "check \($0.1) line \($0.0)" }
        // Balances at today, and the total of the wallets counted.
        let rates = ExchangeRates(model)
        for (w, wallet) in model.wallets.enumerated() {
            lines.append("balance \(wallet.name) \(money(model.balance(of: w, at: today), wallet.currency)) \(wallet.currency)")
        }
        let sheet = model.balanceSheet(at: today, rates: rates)
        lines.append("total \(money(sheet.total, main))" + sheet.missingRates.map { " missing \($0.currency)" }.joined())
        // Every envelope period.
        for (e, envelope) in model.envelopes.enumerated() {
            for s in model.envelopeHistory(e) {
                lines.append(
                    "envelope \(envelope.name) \(envelope.period.label(s.start)): carried \(money(s.carriedIn, main))"
                        + " planned \(money(s.planned, main)) filled \(money(s.filled, main)) moved \(money(s.moved, main))"
                        + " spent \(money(s.spent, main)) available \(money(s.available, main))")
            }
        }
        let flows = CategoryFlows(model, rates: rates)
        lines.append("ready " + (model.readyToAssign(at: today).map { money($0, main) } ?? "none"))
        // Goals.
        for (g, goal) in model.goals.enumerated() {
            let currency = goal.wallet.map { model.wallets[$0].currency } ?? main
            if let periodic = model.periodicGoalStatus(g, at: today) {
                lines.append(
                    "goal \(goal.name) \(periodic.start)..\(periodic.end): saved \(money(periodic.saved, currency))"
                        + " of \(money(periodic.target, currency)) missing \(money(periodic.missing, currency))")
                continue
            }
            let status = model.goalStatus(g, at: today)
            lines.append(
                "goal \(goal.name): saved \(money(status.saved, currency)) percent \(status.percent.map { $0.formatted(scale: 1) } ?? "-")"
                    + " \(status.state.rawValue) | \(status.outlook ?? "-")")
        }
        // Income and expense per month, from the first entry's month to today's.
        if let first = model.entries.first?.date {
            var month = first.startOfMonth
            while month <= today {
                let totals = flows.totals(month ... month.endOfMonth, model: model)
                lines.append("month \(month.description.prefix(7)): income \(money(totals.income, main)) expense \(money(totals.expense, main))")
                guard let next = month.adding(months: 1) else { break }
                month = next
            }
        }
        // Each category's total over everything (signed: spending negative).
        let all = CivilDate(year: 1, month: 1, day: 1)! ... CivilDate(year: 9999, month: 12, day: 31)!
        for (category, sum) in flows.byCategory(all).sorted(by: { model.categories[$0.key].name < model.categories[$1.key].name }) {
            lines.append("category \(model.categories[category].name) \(money(sum, main))")
        }
        // Recurring occurrences open through 31 days after today.
        if let horizon = today.adding(days: 31) {
            for due in model.dueOccurrences(through: horizon) {
                lines.append("due \(due.date) \(model.rules[due.rule].name ?? "-") \(due.status.rawValue)")
            }
        }
        return lines
    }
}
