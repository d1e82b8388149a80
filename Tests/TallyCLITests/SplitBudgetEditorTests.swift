import Foundation
import TallyTestSupport
import XCTest

/// The split budget (`Fixtures/split-budget`: `main.tally` declares the names that
/// `years/2025.tally` and `years/2026.tally` use) opened in the real editors, in a folder
/// whose name has spaces: no integration reports a false error on an included file, and
/// a real mistake after non-ASCII text is marked at the right column.
extension EditorIntegrationTests {
    /// A copy of the split budget under `folder/my budget/`; returns that folder.
    func splitBudget() throws -> URL {
        let copy = folder.appendingPathComponent("my budget")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.path("Tests/TallyCLITests/Fixtures/split-budget")), to: copy)
        return copy
    }

    /// A line with a misspelt category (`Fnu`) after a payee that is not ASCII, appended to
    /// `years/2026.tally`. `"食費 🏠"` is 6 characters but 13 bytes, so Vim's byte columns
    /// and Emacs's character columns differ by 7 there.
    static let mistake = "2026-02-05 \"食費 🏠\"  Cash  Fnu  -1.00\n"

    func testVimMakeChecksAnIncludedFileAsPartOfItsBudget() throws {
        let vim = try ExternalTool.require("vim")
        let budget = try splitBudget()
        let file = budget.appendingPathComponent("years/2026.tally").path
        let output = folder.appendingPathComponent("make.out").path
        // `:make` twice: on the file as it is (clean), then with the mistake appended.
        let script = try write(
            "make.vim",
            """
            set runtimepath^=\(TestSupport.path("editors/vim"))
            filetype plugin on
            set shell=/bin/sh
            let s:out = []
            execute 'edit ' . fnameescape(\(quoted(file)))
            silent make
            call add(s:out, 'CLEAN ' . len(filter(getqflist(), {_, e -> e.valid})))
            call writefile(readfile(\(quoted(file))) + [\(quoted(Self.mistake.trimmingCharacters(in: .newlines)))], \(quoted(file)))
            edit!
            silent make
            for s:e in filter(getqflist(), {_, e -> e.valid})
              call add(s:out, join([fnamemodify(bufname(s:e.bufnr), ':t'), s:e.lnum, s:e.col, s:e.type, strpart(getline(s:e.lnum), s:e.col - 1, 3)], '|'))
            endfor
            call writefile(s:out, \(quoted(output)))
            qall!

            """)
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"], in: budget)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        // Before: E0401 for every wallet of the root (a false error on each line), and a
        // folder name with a space broke `:make` altogether.
        XCTAssertEqual(lines.first, "CLEAN 0", lines.joined(separator: "\n"))
        // The marker is on `Fnu` itself: byte column 11 + 13 + 2 + 4 + 2 = 32 → 33.
        XCTAssertEqual(Array(lines.dropFirst()), ["2026.tally|5|33|e|Fnu"])
    }

    func testALELintsAnIncludedBufferByItsName() throws {
        let vim = try ExternalTool.require("vim")
        let budget = try splitBudget()
        let file = budget.appendingPathComponent("years/2026.tally").path
        let output = folder.appendingPathComponent("ale-split.out").path
        // Runs the linter's command as ALE does (`%e` the executable, `%s` the buffer's
        // file, the buffer's text on standard input, in the file's folder) and hands the
        // output to its callback; once on the file, once with the mistake in the buffer
        // only (unsaved).
        let script = try write(
            "ale-split.vim",
            """
            let &runtimepath = \(quoted(try aleStub())) . ',' . \(quoted(TestSupport.path("editors/vim"))) . ',' . &runtimepath
            source \(TestSupport.path("editors/vim/ale_linters/tally/tally.vim"))
            set shell=/bin/sh
            execute 'edit ' . fnameescape(\(quoted(file)))
            execute 'lcd ' . fnameescape(expand('%:p:h'))
            function! s:Lint() abort
              let l:command = substitute(g:tally_defined[1].command(bufnr('')), '%e', 'tally', 'g')
              let l:command = substitute(l:command, '%s', escape(shellescape(expand('%:p')), '\\&'), 'g')
              return ale_linters#tally#tally#Handle(bufnr(''), systemlist(l:command, getline(1, '$')))
            endfunction
            let s:out = ['CLEAN ' . json_encode(s:Lint())]
            call append('$', \(quoted(Self.mistake.trimmingCharacters(in: .newlines))))
            for s:item in s:Lint()
              call add(s:out, join([s:item.lnum, s:item.col, s:item.code, strpart(getline(s:item.lnum), s:item.col - 1, 3)], '|'))
            endfor
            call writefile(s:out, \(quoted(output)))
            qall!

            """)
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"], in: budget)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["CLEAN []", "5|33|E0401|Fnu"])
    }

    func testEmacsFlymakeChecksAnIncludedBufferAsPartOfItsBudget() throws {
        let emacs = try ExternalTool.require("emacs")
        let budget = try splitBudget()
        let file = budget.appendingPathComponent("years/2026.tally").path
        let output = folder.appendingPathComponent("flymake-split.out").path
        let script = try write(
            "flymake-split.el",
            """
            (setq debug-on-error t)
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (require 'tally-mode)
            (defun tally-test-run ()
              (let ((found 'waiting))
                (tally-flymake (lambda (diagnostics &rest _) (setq found diagnostics)))
                (with-timeout (30 (error "The flymake backend did not report"))
                  (while (eq found 'waiting) (accept-process-output nil 0.05)))
                found))
            (with-current-buffer (find-file-noselect "\(file)")
              (let ((clean (tally-test-run)) (lines '()))
                (goto-char (point-max))
                (insert "\(Self.mistake.replacingOccurrences(of: "\"", with: "\\\"").trimmingCharacters(in: .newlines))")
                (dolist (d (tally-test-run))
                  (let ((beg (flymake-diagnostic-beg d)))
                    (push (format "%d|%d|%s" (line-number-at-pos beg)
                                  (1+ (- beg (save-excursion (goto-char beg) (line-beginning-position))))
                                  (buffer-substring-no-properties beg (flymake-diagnostic-end d)))
                          lines)))
                (with-temp-file "\(output)"
                  (insert (format "CLEAN %d\\n" (length clean)))
                  (dolist (line (nreverse lines)) (insert line "\\n")))))

            """)
        let result = try emacs.run(["--batch", "-l", script], in: budget, timeout: 90)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        // Emacs counts characters: 11 + 6 + 2 + 4 + 2 = 25 → column 26.
        XCTAssertEqual(lines, ["CLEAN 0", "5|26|Fnu"])
    }
}
