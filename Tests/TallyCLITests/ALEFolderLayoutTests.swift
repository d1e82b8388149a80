import Foundation
import TallyTestSupport
import Testing

/// Issue 27 in real Vim with real ALE, set up as editors/vim/README.md tells users (its
/// own snippets, read from the file): the included file of each of `FolderLayouts`'
/// layouts is opened as a user opens it (`vim 2026.tally` in its folder), ALE
/// lints it on opening and after edits (`:ALELint`), and what ALE shows is read from its
/// location list. The file's one real mistake is shown where it is and nothing else;
/// fixed, the file shows nothing; then a wallet the root does not declare is shown.
@Suite struct ALEFolderLayoutTests {
    /// Whether Vim finds ALE on its package path (Debian's `vim-ale` is an optional
    /// package, hence `packadd`). The test's Vim has a HOME of its own, so an ALE in the
    /// user's ~/.vim does not count.
    static let aleInstalled: Bool = {
        guard let vim = ExternalTool.find("vim") else { return false }
        let result = try? vim.run(
            ["-Nu", "NONE", "-i", "NONE", "-es", "-c", "silent! packadd ale", "-c", "if exists('g:loaded_ale') | qall! | else | cquit | endif"],
            timeout: 20)
        return result?.status == 0
    }()

    /// Runs under CI even without ALE, so that a missing ALE fails there.
    static var runs: Bool { aleInstalled || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: runs, "Vim or ALE is not installed; .ci/install-editor-tools installs vim-ale"))
    func aleShowsOnlyTheRealMistakeInEveryLayout() throws {
        try FolderLayouts.each { temporary, opened, label in
            let shown = try lint(
                opened, in: temporary,
                edits: [
                    "silent %s/Fnu/Fun/",  // the one mistake fixed: nothing to show
                    "silent 1s/Checking/Chequing/"  // a wallet the root does not declare
                ])
            #expect(
                shown == [
                    ["2:30 E E0401 unknown category `Fnu`; did you mean `Fun`?"],
                    [],
                    ["1:20 E E0401 unknown wallet `Chequing`; did you mean `Checking`?"]
                ], "\(label)")
        }
    }

    /// A file with more problems than `tally check` shows: ALE lists the 1,000 shown and a
    /// note on the first line saying how many more there are.
    @Test(.enabled(if: runs, "Vim or ALE is not installed; .ci/install-editor-tools installs vim-ale"))
    func aleSaysWhenProblemsAreNotShown() throws {
        let temporary = try TemporaryFolder("ale-many")
        defer { temporary.remove() }
        // 1,005 lines with an invalid date and no amount: two errors each, 2,010 in all.
        try temporary.write("currency EUR\n" + String(repeating: "2026-02-30 x\n", count: 1005), to: "many.tally")
        let shown = try lint("many.tally", in: temporary, edits: []).first ?? []
        #expect(shown.count == 1001, "1,000 problems and the note")
        #expect(
            shown.contains("1:1 I  1010 more diagnostics in this file not shown: only the first 1000 of 2010 are, errors first"),
            "\(shown.prefix(3))")
    }

    /// Opens `file` in Vim set up as editors/vim/README.md says, from the file's folder,
    /// and returns what ALE shows for it (`line:column type code text`) once it has linted
    /// the file on opening and once after each of `edits` and `:ALELint`.
    private func lint(_ file: String, in temporary: TemporaryFolder, edits: [String]) throws -> [[String]] {
        let vim = try #require(ExternalTool.find("vim"), "vim is not installed; .ci/install-editor-tools installs it")
        let output = temporary.path("ale.out")
        let steps = edits.map { "\($0) | let l:before = g:linted | ALELint | call s:Record(l:before)" }
        let vimrc = try temporary.write(
            """
            \(try readmeConfiguration())
            let g:linted = 0
            autocmd User ALELintPost let g:linted += 1
            " Waits (Vim handles ALE's job while it sleeps) until ALE has linted more than
            " `before` times, then writes what it shows.
            function! s:Record(before) abort
              let l:until = reltimefloat(reltime()) + 10.0
              while g:linted <= a:before && reltimefloat(reltime()) < l:until | sleep 20m | endwhile
              let l:shown = mapnew(ale#engine#GetLoclist(bufnr('')), {_, e -> e.lnum . ':' . e.col . ' ' . e.type . ' ' . get(e, 'code', '') . ' ' . e.text})
              call writefile([g:linted > a:before ? 'LINTED' : 'NOT LINTED'] + l:shown, \(quoted(output)), 'a')
            endfunction
            " Runs once Vim has started and opened the file (ALE lints it then).
            function! s:Drive() abort
              try
                if !exists('g:loaded_ale')
                  call writefile(['NO ALE'], \(quoted(output)))
                  return
                endif
                call s:Record(0)
                \(steps.joined(separator: "\n    "))
              catch
                call writefile(['ERROR ' . v:exception . ' at ' . v:throwpoint], \(quoted(output)), 'a')
              finally
                qall!
              endtry
            endfunction
            autocmd VimEnter * ++nested call s:Drive()

            """, to: "vimrc")
        // HOME is the test's folder so that no vimrc or plugin of the user's takes part.
        let folder = temporary.url(file).deletingLastPathComponent()
        let result = try vim.run(
            ["-N", "-u", vimrc, "-i", "NONE", "-es", temporary.url(file).lastPathComponent], in: folder,
            environment: ["HOME": temporary.path("home")], timeout: 60)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        try #require(text != "NO ALE\n", "Vim did not load ALE; .ci/install-editor-tools installs vim-ale")
        #expect(result.status == 0, "\(result.output)")
        // One block per lint: its LINTED line, then what ALE shows.
        var shown: [[String]] = []
        for line in text.split(separator: "\n").map(String.init) {
            if line == "LINTED" {
                shown.append([])
            } else if !shown.isEmpty && line.first?.isNumber == true {
                shown[shown.count - 1].append(line)
            } else {  // NOT LINTED, or an error in the script
                Issue.record("\(file): \(line)\n\(text.prefix(2000))")
                return []
            }
        }
        #expect(shown.count == edits.count + 1, "ALE linted \(shown.count) times:\n\(text.prefix(2000))")
        return shown
    }

    /// The vimrc editors/vim/README.md gives, read from the README: its installation and
    /// what ALE needs, with the README's placeholder path made this checkout's.
    private func readmeConfiguration() throws -> String {
        let readme = try String(contentsOfFile: TestSupport.path("editors/vim/README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```vim\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        let configuration = blocks.joined()
        #expect(configuration.contains("editors/vim") && configuration.contains("packadd! ale"), "\(configuration)")
        let root = TestSupport.repositoryRoot.path.replacingOccurrences(of: " ", with: "\\ ")
        return configuration.replacingOccurrences(of: "/path/to/tally", with: root)
    }

    private func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "''") + "'" }
}
