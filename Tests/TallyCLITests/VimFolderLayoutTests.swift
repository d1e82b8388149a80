import Foundation
import TallyTestSupport
import XCTest

/// Issue 27 in Vim: `:make` (the ftplugin's `makeprg`, `tally check` on the file) and
/// ALE's command (the buffer on standard input) in an included file of each of
/// `FolderLayouts`' layouts find its one real mistake and no false E0401 for the wallet
/// the root declares.
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

    /// The command ALE's linter runs (`testALEDefinitionParsesTheJSONOfAKnownErrorFile`
    /// reads it from the definition), from the file's folder as ALE does.
    func testALECommandKnowsTheRoot() throws {
        try FolderLayouts.each { temporary, opened, label in
            let result = try TallyBinary.run(
                ["check", "--format", "json", "--column-unit", "bytes", "--stdin-filename", temporary.path(opened), "-"],
                stdin: try temporary.read(opened), in: temporary.url(opened).deletingLastPathComponent())
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let diagnostics = document?["diagnostics"] as? [[String: Any]] ?? []
            XCTAssertEqual(
                diagnostics.map { "\($0["line"] ?? "?"):\($0["column"] ?? "?") \($0["code"] ?? "?")" }, ["2:30 E0401"],
                "\(label): " + result.stdout)
        }
    }
}
