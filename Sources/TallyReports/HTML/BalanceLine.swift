/// The line of total balance at the end of each month, with a labelled scale and the
/// latest value written beside the last point.
struct BalanceLine {
    /// One point: its label, its value for geometry and its exact text.
    struct Point {
        let label: String
        let value: Double
        let text: String
    }

    let points: [Point]
    let scaleLabel: (Double) -> String
    let title: String

    var svg: HTML {
        let width = 460.0, height = 240.0
        let left = 64.0, right = 16.0, top = 30.0, bottom = 36.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let values = points.map(\.value)
        var low = min(0, values.min() ?? 0)
        var high = values.max() ?? 1
        if high <= low { high = low + 1 }
        high = IncomeExpenseBars.niceCeiling(high)
        if low < 0 { low = -IncomeExpenseBars.niceCeiling(-low) }
        var out: HTML = "<svg class=\"chart line\" id=\"chart-balance\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" role=\"img\" aria-labelledby=\"chart-balance-title\">"
        out += "<title id=\"chart-balance-title\">\(title)</title>"
        func y(_ value: Double) -> Double { top + plotHeight - (value - low) / (high - low) * plotHeight }
        for step in 0 ... 4 {
            let value = low + (high - low) * Double(step) / 4
            out += "<line x1=\"\(left)\" y1=\"\(Markup.number(y(value)))\" x2=\"\(Markup.number(width - right))\" y2=\"\(Markup.number(y(value)))\" stroke=\"\(ChartPalette.grid)\" stroke-width=\"1\"/>"
            out += "<text x=\"\(Markup.number(left - 6))\" y=\"\(Markup.number(y(value) + 4))\" text-anchor=\"end\" class=\"axis\">\(scaleLabel(value))</text>"
        }
        let step = plotWidth / Double(max(points.count, 1))
        func x(_ i: Int) -> Double { left + step * (Double(i) + 0.5) }
        let path = points.indices.map { "\(Markup.number(x($0))),\(Markup.number(y(points[$0].value)))" }.joined(separator: " ")
        if points.count > 1 {
            out += "<polyline class=\"balance\" points=\"\(path)\" fill=\"none\" stroke=\"\(ChartPalette.line)\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        }
        for (i, point) in points.enumerated() {
            out += "<circle cx=\"\(Markup.number(x(i)))\" cy=\"\(Markup.number(y(point.value)))\" r=\"4.5\" fill=\"#ffffff\" stroke=\"\(ChartPalette.line)\" stroke-width=\"2.5\">"
            out += "<title>\("\(point.label): \(point.text)")</title></circle>"
            out += "<text x=\"\(Markup.number(x(i)))\" y=\"\(Markup.number(height - bottom + 18))\" text-anchor=\"middle\" class=\"axis\">\(point.label)</text>"
        }
        if let last = points.last {
            let lx = x(points.count - 1)
            out += "<text x=\"\(Markup.number(min(lx, width - right)))\" y=\"\(Markup.number(y(last.value) - 12))\" text-anchor=\"end\" class=\"value\">\(last.text)</text>"
        }
        return out + "</svg>"
    }
}
