/// A QR code drawn in a terminal with half blocks: one character is a module wide and two
/// modules high, so the code keeps its square shape in a usual terminal font.
extension QRCode {
    /// The light modules around the code a reader needs (§6.3.8: four modules).
    public static let quietZone = 4

    /// The code and its quiet zone as lines of text, each ending in a newline. Light
    /// modules are drawn (`█`, `▀`, `▄`), dark ones left blank. With `colour`, every line
    /// is set white on black (ANSI), so that the code reads the same on a light or dark
    /// terminal; without it, the terminal's own colours are trusted to be light on dark
    /// (most phone readers also read a code drawn the other way round).
    public func terminalText(colour: Bool) -> String {
        let span = -Self.quietZone ..< size + Self.quietZone
        func light(_ row: Int, _ column: Int) -> Bool {
            guard (0 ..< size).contains(row), (0 ..< size).contains(column) else { return true }
            return !modules[row][column]
        }
        var text = ""
        for top in stride(from: span.lowerBound, to: span.upperBound, by: 2) {
            if colour { text += "\u{1B}[97;40m" }
            for column in span {
                switch (light(top, column), top + 1 < span.upperBound && light(top + 1, column)) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            }
            text += colour ? "\u{1B}[0m\n" : "\n"
        }
        return text
    }
}
