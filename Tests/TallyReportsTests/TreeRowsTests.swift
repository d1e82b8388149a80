import TallyCore
import Testing

@testable import TallyReports

/// `tally is --tree` (hledger's `--tree`): parents total their own and their children's
/// figures, worked out again from the cells (issue 36).
@Suite struct TreeRowsTests {
    typealias Row = PeriodColumns.Row

    static func row(_ name: String, _ cells: [String]) -> Row {
        let money = cells.map { Money($0) }
        let (total, average) = PeriodColumns.totals(money, decimals: 2)
        return Row(name: name, type: "expense", cells: money, total: total, average: average)
    }

    @Test func parentsTotalTheirChildren() {
        let rows = [
            Self.row("rent", ["0.00", "900.00"]),
            Self.row("food:groceries", ["10.00", "0.00"]),
            Self.row("food:out", ["0.00", "7.25"]),
            Self.row("food", ["5.00", "0.00"]),
            Row(name: "Expense", type: "total", cells: [Money("15.00"), Money("907.25")], total: nil, average: nil, isSummary: true)
        ]
        let tree = PeriodColumns.tree(rows, decimals: 2)
        #expect(tree.map(\.name) == ["rent", "food", "food:groceries", "food:out", "Expense"])
        // food: October 10.00 + 5.00 = 15.00, November 7.25; total 22.25, average
        // 22.25 / 2 = 11.125, rounded half away from zero to 11.13 (not 5.00 + 3.63 + 2.50).
        let food = tree[1]
        #expect(food.cells == [Money("15.00"), Money("7.25")])
        #expect(food.total == Money("22.25"))
        #expect(food.average == Money("11.13"))
        #expect(tree[4].isSummary)
        #expect(PeriodColumns.treeLabel("food:groceries") == "  groceries")
        #expect(PeriodColumns.treeLabel("rent") == "rent")
    }

    @Test func aParentWithoutARowIsAdded() {
        let tree = PeriodColumns.tree([Self.row("home:power", ["40.00"]), Self.row("home:water", ["12.50"])], decimals: 2)
        // home: 40.00 + 12.50 = 52.50, above power (larger) and water.
        #expect(tree.map(\.name) == ["home", "home:power", "home:water"])
        #expect(tree[0].total == Money("52.50"))
    }
}
