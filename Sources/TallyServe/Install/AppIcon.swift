/// The app's icon and theme colour, drawn by code inside the binary (no file is read at
/// run time): three rising white bars on the theme blue, inside the middle 60 % so that
/// a launcher's round or squircle mask never cuts them ("maskable").
enum AppIcon {
    /// The colour of the icon's ground, the manifest's `theme_color` and the pages'
    /// `<meta name="theme-color">`.
    static let themeColor = "#0b5cad"

    /// The PNG sizes served: Android's 192 and 512, iOS's 180 (`apple-touch-icon`).
    static let pngSizes = [180, 192, 512]

    /// The bars as fractions of the side: left edge, width, top; all end at `baseline`.
    static let bars: [(x: Double, width: Double, top: Double)] = [(0.24, 0.14, 0.52), (0.43, 0.14, 0.38), (0.62, 0.14, 0.24)]
    static let baseline = 0.76

    /// The icon as SVG.
    static let svg: String = {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><rect width=\"100\" height=\"100\" fill=\"\(themeColor)\"/>"
        for bar in bars {
            out += "<rect x=\"\(bar.x * 100)\" y=\"\(bar.top * 100)\" width=\"\(bar.width * 100)\" height=\"\((baseline - bar.top) * 100)\" fill=\"#ffffff\"/>"
        }
        return out + "</svg>\n"
    }()

    /// The icon as a PNG `size` pixels square, drawn once a size.
    static func png(_ size: Int) -> [UInt8] {
        PNG.twoColour(width: size, height: size, palette: [(0x0B, 0x5C, 0xAD), (0xFF, 0xFF, 0xFF)]) { x, y in
            let u = (Double(x) + 0.5) / Double(size), v = (Double(y) + 0.5) / Double(size)
            return v < baseline && bars.contains { u >= $0.x && u < $0.x + $0.width && v >= $0.top }
        }
    }

    /// The PNGs by size, drawn when first asked for.
    static let pngs: [Int: [UInt8]] = Dictionary(uniqueKeysWithValues: pngSizes.map { ($0, png($0)) })
}
