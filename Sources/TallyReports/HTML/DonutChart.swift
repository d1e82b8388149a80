/// The donut of spending by category: the largest categories, the rest as "Other",
/// with the total in the middle and a legend below in real SVG text.
struct DonutChart {
    /// One ring segment: its label, its value for geometry, and its exact text.
    struct Slice {
        let label: String
        let value: Double
        let amount: String
        let share: String
        /// Where the slice leads (a page that links its charts), if anywhere.
        var link: String? = nil
    }

    let slices: [Slice]
    /// The total, written in the middle.
    let total: String
    let title: String

    /// At most `limit` slices: the first `limit - 1` as given, the rest summed as "Other".
    static func grouped(_ slices: [Slice], limit: Int, other: (_ rest: [Slice]) -> Slice) -> [Slice] {
        guard slices.count > limit else { return slices }
        return Array(slices.prefix(limit - 1)) + [other(Array(slices.dropFirst(limit - 1)))]
    }

    var svg: HTML {
        let width = 320.0
        let cx = 160.0, cy = 125.0, radius = 90.0, thickness = 34.0
        let rowHeight = 24.0
        let height = 250 + Double(max(slices.count, 1)) * rowHeight
        var out: HTML = "<svg class=\"chart donut\" id=\"chart-spending\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" role=\"img\" aria-labelledby=\"chart-spending-title\">"
        out += "<title id=\"chart-spending-title\">\(title)</title>"
        out += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"none\" stroke=\"\(ChartPalette.track)\" stroke-width=\"\(thickness)\"/>"
        let sum = slices.reduce(0) { $0 + max(0, $1.value) }
        if sum > 0 {
            // Each slice is a dashed circle: pathLength 100 makes the dash a percentage.
            var start = 0.0
            for (i, slice) in slices.enumerated() {
                let share = max(0, slice.value) / sum * 100
                guard share > 0 else { continue }
                let colour = color(i)
                if let link = slice.link { out += "<a href=\"\(link)\">" }
                out += "<circle class=\"slice\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(thickness)\""
                out += " pathLength=\"100\" stroke-dasharray=\"\(Markup.number(share)) \(Markup.number(100 - share))\""
                out += " stroke-dashoffset=\"\(Markup.number(25 - start))\">"
                out += "<title>\("\(slice.label): \(slice.amount) (\(slice.share))")</title></circle>"
                if slice.link != nil { out += "</a>" }
                start += share
            }
        }
        out += "<text x=\"\(cx)\" y=\"\(cy - 4)\" text-anchor=\"middle\" class=\"donut-total\">\(total)</text>"
        out += "<text x=\"\(cx)\" y=\"\(cy + 16)\" text-anchor=\"middle\" class=\"muted\">spent</text>"
        if slices.isEmpty {
            out += "<text x=\"\(cx)\" y=\"250\" text-anchor=\"middle\" class=\"muted\">No spending this month</text>"
        }
        for (i, slice) in slices.enumerated() {
            let y = 250 + Double(i) * rowHeight
            out += "<rect x=\"12\" y=\"\(Markup.number(y - 12))\" width=\"14\" height=\"14\" rx=\"3\" fill=\"\(color(i))\"/>"
            out += "<text x=\"34\" y=\"\(Markup.number(y))\">\(Markup.shortened(slice.label, 18))</text>"
            out += "<text x=\"\(Markup.number(width - 8))\" y=\"\(Markup.number(y))\" text-anchor=\"end\" class=\"num\">\(slice.amount)</text>"
        }
        return out + "</svg>"
    }

    private func color(_ i: Int) -> String {
        slices[i].label == "Other" && i == slices.count - 1 ? ChartPalette.other : ChartPalette.categories[i % ChartPalette.categories.count]
    }
}
