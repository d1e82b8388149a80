/// Bars of income against expense per month, side by side, with a labelled scale.
struct IncomeExpenseBars {
    /// One month: its label and the two values for geometry, with their exact text.
    struct Month {
        let label: String
        let income: Double
        let expense: Double
        let incomeText: String
        let expenseText: String
        /// Where the month's bars lead (a page that links its charts), if anywhere.
        var link: String? = nil
    }

    let months: [Month]
    /// Writes a scale value (an amount in the default currency) as text.
    let scaleLabel: (Double) -> String
    let title: String

    var svg: HTML {
        let width = 460.0, height = 270.0
        let left = 64.0, right = 12.0, top = 34.0, bottom = 36.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let maximum = Self.niceCeiling(months.reduce(0) { max($0, $1.income, $1.expense) })
        var out: HTML = "<svg class=\"chart bars\" id=\"chart-income-expense\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" role=\"img\" aria-labelledby=\"chart-income-expense-title\">"
        out += "<title id=\"chart-income-expense-title\">\(title)</title>"
        // Legend.
        out += "<rect x=\"\(left)\" y=\"8\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(ChartPalette.income)\"/><text x=\"\(left + 18)\" y=\"19\">Income</text>"
        out += "<rect x=\"\(left + 90)\" y=\"8\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(ChartPalette.expense)\"/><text x=\"\(left + 108)\" y=\"19\">Expense</text>"
        for step in 0 ... 4 {
            let value = maximum * Double(step) / 4
            let y = top + plotHeight - plotHeight * Double(step) / 4
            out += "<line x1=\"\(left)\" y1=\"\(Markup.number(y))\" x2=\"\(Markup.number(width - right))\" y2=\"\(Markup.number(y))\" stroke=\"\(ChartPalette.grid)\" stroke-width=\"1\"/>"
            out += "<text x=\"\(Markup.number(left - 6))\" y=\"\(Markup.number(y + 4))\" text-anchor=\"end\" class=\"axis\">\(scaleLabel(value))</text>"
        }
        let group = plotWidth / Double(max(months.count, 1))
        let bar = min(28, group * 0.36)
        for (i, month) in months.enumerated() {
            let center = left + group * (Double(i) + 0.5)
            for (k, (value, text, colour, kind)) in [
                (month.income, month.incomeText, ChartPalette.income, "income"),
                (month.expense, month.expenseText, ChartPalette.expense, "expense")
            ].enumerated() {
                let h = maximum > 0 ? max(0, value) / maximum * plotHeight : 0
                let x = k == 0 ? center - bar - 1 : center + 1
                if let link = month.link { out += "<a href=\"\(link)\">" }
                out += "<rect class=\"bar \(kind)\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(top + plotHeight - h))\" width=\"\(Markup.number(bar))\" height=\"\(Markup.number(h))\" fill=\"\(colour)\">"
                out += "<title>\("\(month.label) \(kind): \(text)")</title></rect>"
                if month.link != nil { out += "</a>" }
            }
            out += "<text x=\"\(Markup.number(center))\" y=\"\(Markup.number(height - bottom + 18))\" text-anchor=\"middle\" class=\"axis\">\(month.label)</text>"
        }
        return out + "</svg>"
    }

    /// A round number at or above `value` for the top of the scale: 1, 2, 2.5 or 5 times a
    /// power of ten.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * magnitude >= value { return factor * magnitude }
        return 10 * magnitude
    }
}
