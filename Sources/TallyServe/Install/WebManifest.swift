import TallyReports

/// `/manifest.webmanifest`: what "Add to Home Screen" reads, so the budget opens as an app
/// of its own (standalone, the theme colour, the icons inside the binary).
enum WebManifest {
    static let json: String = {
        var icons: [JSONValue] = [
            .object([("src", .string("/assets/icon.svg")), ("sizes", .string("any")), ("type", .string("image/svg+xml")), ("purpose", .string("any maskable"))])
        ]
        icons += AppIcon.pngSizes.map { size in
            .object([
                ("src", .string("/assets/icon-\(size).png")), ("sizes", .string("\(size)x\(size)")), ("type", .string("image/png")),
                ("purpose", .string("any maskable"))
            ])
        }
        return JSONValue.object([
            ("name", .string("Tally")), ("short_name", .string("Tally")), ("start_url", .string("/")), ("scope", .string("/")),
            ("display", .string("standalone")), ("theme_color", .string(AppIcon.themeColor)), ("background_color", .string("#f4f5f7")),
            ("icons", .array(icons))
        ]).rendered()
    }()
}
