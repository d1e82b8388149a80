import Foundation
import TallyTestSupport
import XCTest

/// `tally lsp` under a real editor: headless Neovim opens a budget, receives diagnostics,
/// hovers, formats, renames and fixes a mistake (Tests/Neovim/e2e.lua drives it).
/// Skipped, visibly, when Neovim is not installed, except under CI where it must run.
final class NeovimTests: XCTestCase {
    private func neovim() throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"] {
            let path = folder + "/nvim"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("Neovim is required under CI (.ci/run installs it)")
        }
        throw XCTSkip("nvim is not installed: the end-to-end editor test did not run (apt-get install neovim)")
    }

    func testNeovimShowsDiagnosticsHoversFormatsAndRenames() throws {
        let nvim = try neovim()
        let temporary = try TemporaryFolder("nvim")
        defer { temporary.remove() }
        let folder = temporary.url
        let budget = folder.appendingPathComponent("budget.tally")
        let output = folder.appendingPathComponent("result.txt")
        try """
        currency EUR
        wallet   Checking   bank opening 1000.00 on 2026-01-01
        expense Food:Groceries, Fun
        envelope Groceries 300 monthly for Food:Groceries

        2026-11-02 "Market"  Checking  Food:Groceries  -42.50
        2026-11-03 Chekcing Fun -5.00

        """.write(to: budget, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = [
            "--headless", "-u", "NONE", "-i", "NONE", "-n",
            "--cmd", "set rtp+=" + TestSupport.path("editors/nvim"),
            "-c", "luafile " + TestSupport.path("Tests/Neovim/e2e.lua")
        ]
        process.currentDirectoryURL = folder
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path, "XDG_DATA_HOME": folder.path,
            "TALLY_BIN": TallyBinary.url.path, "TALLY_FILE": budget.path, "TALLY_OUT": output.path, "TZ": "UTC"
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Neovim's own waits are bounded; this only guards against a stuck editor.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate(); XCTFail("Neovim did not finish") }

        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        let report = Dictionary(
            lines.compactMap { line -> (String, String)? in
                guard let colon = line.range(of: ": ") else { return nil }
                return (String(line[..<colon.lowerBound]), String(line[colon.upperBound...]))
            }, uniquingKeysWith: { a, b in a + "\n" + b })
        XCTAssertNil(report["error"], report["error"] ?? "")
        XCTAssertEqual(report["attached"], "true")
        XCTAssertEqual(report["diagnostics arrived"], "true")
        XCTAssertEqual(report["diagnostic"], "7:12 E0401")
        XCTAssertTrue(report["hover"]?.contains("957.50") == true, report["hover"] ?? "no hover")
        XCTAssertNotEqual(report["format edits"], "0")
        XCTAssertEqual(report["line 2 after format"], "wallet Checking  bank  opening 1000.00 on 2026-01-01")
        XCTAssertEqual(report["renamed occurrences"], "2")
        XCTAssertEqual(report["diagnostics cleared"], "true")
    }
}

/// The plain Neovim snippet of editors/README.md, as written, as a user's `init.lua` on the
/// installed Neovim (0.7 on Debian 12, which has no `vim.lsp.start`): opening an included
/// file of a split budget shows its one real mistake and no false errors.
final class NeovimReadmeSnippetTests: XCTestCase {
    func testTheReadmeSnippetStartsTheServerForAnIncludedFile() throws {
        let nvim = try ExternalTool.require("nvim")
        let readme = try String(contentsOfFile: TestSupport.path("editors/README.md"), encoding: .utf8)
        let marker = try XCTUnwrap(readme.range(of: "Without the module, in `init.lua`"))
        let start = try XCTUnwrap(readme.range(of: "```lua\n", range: marker.upperBound ..< readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound ..< readme.endIndex))
        let snippet = String(readme[start.upperBound ..< end.lowerBound])

        let temporary = try TemporaryFolder("nvim-readme")
        defer { temporary.remove() }
        let folder = temporary.url
        let budget = folder.appendingPathComponent("budget")
        try FileManager.default.copyItem(atPath: TestSupport.path("Tests/TallyCLITests/Fixtures/split-budget"), toPath: budget.path)
        let year = budget.appendingPathComponent("years/2026.tally")
        try Data((try String(contentsOf: year, encoding: .utf8) + "2026-02-10 \"Shop\"  Checking  Fnu  -1.00\n").utf8).write(to: year)
        let initLua = folder.appendingPathComponent("init.lua"), output = folder.appendingPathComponent("out.txt")
        try Data(snippet.utf8).write(to: initLua)
        let probe = folder.appendingPathComponent("probe.lua")
        try Data(
            """
            local lines = { 'version ' .. tostring(vim.version().minor) }
            local ok, err = pcall(function()
              vim.cmd('edit years/2026.tally')
              local bufnr = vim.api.nvim_get_current_buf()
              table.insert(lines, 'filetype ' .. vim.bo[bufnr].filetype)
              \(NeovimProbe.listDiagnostics)
            end)
            if not ok then table.insert(lines, 'error ' .. tostring(err)) end
            vim.fn.writefile(lines, '\(output.path)')
            vim.cmd('qall!')

            """.utf8
        ).write(to: probe)
        let result = try nvim.run(
            ["--headless", "-u", initLua.path, "-i", "NONE", "-n", "-c", "luafile " + probe.path],
            in: budget,
            environment: [
                "HOME": folder.path, "XDG_STATE_HOME": folder.path,
                "XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.path
            ],
            timeout: 60)
        XCTAssertFalse(result.timedOut, result.output)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.dropFirst()), ["filetype tally", "diagnostic 5:30 E0401"], lines.joined(separator: "\n") + "\n" + result.output)
    }
}

/// Issue 27: `require("tally").setup()` in the installed Neovim takes the open file's
/// folder as the workspace folder outside a repository (the repository's top inside one).
/// Opening an included file in a subfolder of its root's folder, or in a sibling folder,
/// shows its one real mistake and no false E0401 for the wallet the root declares.
final class NeovimFolderLayoutTests: XCTestCase {
    func testAnIncludedFileInASubfolderOrASiblingFolderKnowsItsRoot() throws {
        let nvim = try ExternalTool.require("nvim")
        try FolderLayouts.each { temporary, opened, label in
            let output = temporary.url("out.txt"), probe = temporary.url("probe.lua")
            try temporary.write(
                """
                require('tally').setup()
                local lines = {}
                local ok, err = pcall(function()
                  vim.cmd('edit \(temporary.path(opened))')
                  local bufnr = vim.api.nvim_get_current_buf()
                  \(NeovimProbe.listDiagnostics)
                end)
                if not ok then table.insert(lines, 'error ' .. tostring(err)) end
                vim.fn.writefile(lines, '\(output.path)')
                vim.cmd('qall!')

                """, to: "probe.lua")
            let result = try nvim.run(
                [
                    "--headless", "-u", "NONE", "-i", "NONE", "-n", "--cmd", "set rtp+=" + TestSupport.path("editors/nvim"),
                    "--cmd", "filetype plugin on", "-c", "luafile " + probe.path
                ],
                in: temporary.url(opened).deletingLastPathComponent(),
                environment: [
                    "HOME": temporary.path, "XDG_STATE_HOME": temporary.path,
                    "XDG_DATA_HOME": temporary.path, "XDG_CONFIG_HOME": temporary.path
                ],
                timeout: 60)
            XCTAssertFalse(result.timedOut, result.output)
            let lines = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            XCTAssertEqual(lines, ["diagnostic 2:30 E0401"], "\(label): " + result.output)
        }
    }
}

/// Lua the Neovim tests share.
enum NeovimProbe {
    /// Waits for the diagnostics of the buffer `bufnr` and appends each to `lines` as
    /// `diagnostic LINE:COLUMN CODE` (one-based), whichever field the client keeps the
    /// code in. One line of Lua, so it can stand at any indent in a probe.
    static let listDiagnostics =
        "vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20); vim.wait(500); "
        + "for _, d in ipairs(vim.diagnostic.get(bufnr)) do "
        + "local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?'; "
        + "table.insert(lines, string.format('diagnostic %d:%d %s', d.lnum + 1, d.col + 1, code)) end"
}
