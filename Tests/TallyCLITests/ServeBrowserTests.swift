import Foundation
import TallyTestSupport
import XCTest

/// `tally serve` end to end in Debian's chromium, driven by Playwright from the Python
/// tools' environment (`.ci/install-python-tools`; chromium from
/// `.ci/install-editor-tools`; Playwright never downloads a browser). The scenarios are
/// `Tests/ServeBrowser/test_serve_pages.py`: overview figures equal the CLI's JSON,  a
/// category, a wallet's balance, an envelope's bar and a goal's bar drill down to their
/// rows, assign and move write `fill`/`move` lines, a purchase
/// added at 390 px, an import previewed and confirmed (twice: the second adds nothing), an edit on disk shown within a second without a reload, a stale form
/// refused, no sideways scrolling at 390 px, keyboard, dark mode, scripts off, and no
/// request leaving the machine; and `Tests/ServeBrowser/test_phone_pages.py`: at
/// 390×844 and 1280×800, light and dark, every page's key figures (ready to assign,
/// available, amount, Record) on screen on one line and no table scrolling sideways, the
/// phone's envelopes, goals, due and register equal to the CLI's JSON, the laptop's
/// months across equal to `envelopes --monthly`, the problems banner on every page, the
/// add form at most 5 Tabs away, the manifest and icons, and the icon's page without the
/// key; and `Tests/ServeBrowser/test_edit_story.py`: a purchase, a transfer and a move
/// added, split, edited, deleted and undone on a phone, and a stale form re-applied;
/// and `Tests/ServeBrowser/test_edit_signs.py`: a negative and a converting transfer
/// saved as drawn (nothing written) and edited on a phone, the register at market.
/// With `TALLY_RECORD=1` it writes docs/serve-overview.png (the overview on a phone).
final class ServeBrowserTests: XCTestCase {
    func testTheWebAppInARealBrowser() throws {
        let python = try ExternalTool.require("python3")
        let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
        let probe = try python.run(["-c", "import playwright.sync_api, pytest"], environment: ["PYTHONDONTWRITEBYTECODE": "1"])
        var missing: [String] = []
        if probe.status != 0 { missing.append("Playwright is not importable by \(python.url.path) (run .ci/install-python-tools)") }
        if !FileManager.default.isExecutableFile(atPath: chromium) { missing.append("no chromium at \(chromium) (run .ci/install-editor-tools)") }
        if !missing.isEmpty {
            let reason = missing.joined(separator: "; ")
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        var environment = ["TALLY_BINARY": TallyBinary.url.path, "CHROMIUM": chromium, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"]
        if TestSupport.recording { environment["TALLY_RECORD"] = "1" }
        let result = try python.run(["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", "Tests/ServeBrowser"], environment: environment, timeout: 600)
        XCTAssertEqual(result.status, 0, result.output)
        // Every browser case ran: none skipped (a missing page or tool would skip quietly).
        XCTAssertTrue(result.stdout.contains(" passed in "), result.output)
        XCTAssertFalse(result.stdout.contains("skipped") || result.stdout.contains("SKIPPED"), result.output)
    }
}
