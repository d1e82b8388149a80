/// Colours of the charts, chosen to stay apart for common colour-vision deficiencies;
/// meaning never rests on colour alone (labels and tables say the same).
enum ChartPalette {
    static let categories = ["#3b6fb6", "#e08a2c", "#3a9d6b", "#c4497a", "#7d5bb5", "#2aa0b0", "#b8a030", "#8c6d52"]
    static let other = "#9aa0a6"
    static let income = "#2e8b57"
    static let expense = "#d1603d"
    static let progress = "#3b6fb6"
    static let warning = "#d08a00"
    static let overspent = "#c62828"
    static let reached = "#2e8b57"
    static let track = "#e6e8eb"
    static let grid = "#d5d8dc"
    static let line = "#3b6fb6"
}
