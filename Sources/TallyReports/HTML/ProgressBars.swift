/// Horizontal progress bars, one row per envelope or goal: the name and a figure above
/// the bar, a line of exact amounts below it. Used for envelopes (spent of budget,
/// overspent in red with the amount over) and goals (saved of target).
struct ProgressBars {
    /// How a row is drawn.
    enum Tone: String {
        case normal, warning, over, reached
    }

    /// One bar.
    struct Row {
        let label: String
        /// 0...1 of the bar filled (clamped when drawn).
        let fraction: Double
        /// Right of the label: `75 %`, `over by 12.30 EUR`.
        let figure: String
        /// Lines below the bar: `spent 120.00 EUR of 160.00 EUR, 40.00 EUR left`.
        let details: [String]
        let tone: Tone
        /// Where the row leads (the rows behind it), when the page has links.
        var link: String? = nil
    }

    let id: String
    let rows: [Row]
    let title: String
    /// Shown when there are no rows.
    let empty: String

    var svg: HTML {
        let width = 420.0, lineHeight = 17.0
        let heights = rows.map { 46 + lineHeight * Double($0.details.count) }
        let height = max(40, heights.reduce(0, +))
        var out: HTML = "<svg class=\"chart progress\" id=\"\(id)\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" role=\"img\" aria-labelledby=\"\(id)-title\">"
        out += "<title id=\"\(id)-title\">\(title)</title>"
        if rows.isEmpty {
            out += "<text x=\"0\" y=\"24\" class=\"muted\">\(empty)</text>"
        }
        var y = 0.0
        for (i, row) in rows.enumerated() {
            defer { y += heights[i] }
            let colour: String
            switch row.tone {
            case .normal: colour = ChartPalette.progress
            case .warning: colour = ChartPalette.warning
            case .over: colour = ChartPalette.overspent
            case .reached: colour = ChartPalette.reached
            }
            let fraction = row.fraction.isFinite ? min(1, max(0, row.fraction)) : 0
            if let link = row.link { out += "<a href=\"\(link)\">" }
            out += "<g class=\"row \(row.tone.rawValue)\">"
            if row.link != nil {
                // The whole row is the link's target, not only its letters and bar.
                out += "<rect x=\"0\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(heights[i]))\" fill=\"transparent\"/>"
            }
            out += "<text x=\"0\" y=\"\(Markup.number(y + 16))\" class=\"label\">\(Markup.shortened(row.label, 32))</text>"
            out += "<text x=\"\(Markup.number(width))\" y=\"\(Markup.number(y + 16))\" text-anchor=\"end\" class=\"figure \(row.tone.rawValue)\">\(row.figure)</text>"
            out += "<rect x=\"0\" y=\"\(Markup.number(y + 24))\" width=\"\(Markup.number(width))\" height=\"14\" rx=\"7\" fill=\"\(ChartPalette.track)\"/>"
            if fraction > 0 {
                out += "<rect x=\"0\" y=\"\(Markup.number(y + 24))\" width=\"\(Markup.number(max(14, width * fraction)))\" height=\"14\" rx=\"7\" fill=\"\(colour)\"/>"
            }
            for (k, detail) in row.details.enumerated() {
                out += "<text x=\"0\" y=\"\(Markup.number(y + 55 + lineHeight * Double(k)))\" class=\"detail\">\(detail)</text>"
            }
            out += "</g>"
            if row.link != nil { out += "</a>" }
        }
        return out + "</svg>"
    }
}
