import Foundation
import TallyTestSupport
import XCTest

/// Issue 27 in Vim: `:make` (the ftplugin's `makeprg`, `tally check` on the file) in an
/// included file of each of `FolderLayouts`' layouts lists its one real mistake and no
/// false E0401 for the wallet the root declares.
final class VimFolderLayoutTests: XCTestCase {
    func testMakeKnowsTheRoot() throws {
        let vim = try ExternalTool.require("vim")
        try FolderLayouts.each { temporary, opened, label in
            let output = temporary.path("quickfix.out")
            let script = try temporary.write(
                """
                set runtimepath^=\(TestSupport.path("editors/vim"))
                filetype plugin on
                edit \(temporary.path(opened))
                silent make
                call writefile(map(filter(getqflist(), {_, e -> e.valid}), {_, e -> join([e.lnum, e.col, e.type, e.text], '|')}), '\(output)')
                qall!

                """, to: "make.vim")
            let result = try vim.run(
                ["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"], in: temporary.url(opened).deletingLastPathComponent())
            XCTAssertEqual(result.status, 0, result.output)
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            XCTAssertEqual(text, "2|30|e|unknown category `Fnu`; did you mean `Fun`?\n", "\(label): " + result.output)
        }
    }
}
