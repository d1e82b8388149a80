import Foundation
import TallyTestSupport
import XCTest

/// The editor packages under editors/, run in the real editors: Vim in Ex mode, Neovim
/// headless, Emacs in batch mode. Each opens the sample and the examples, and the
/// highlighting it shows must give every token the parser reads the name its kind has in
/// editors/grammar/tally-tokens.json. The linters read a known error file.
final class EditorIntegrationTests: XCTestCase {
    private var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("editors")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "''") + "'" }

    /// Compares a dump of highlighting names (one line per buffer line, one name per
    /// column unit, `-` for none) with the expectation; `unit` picks the column unit.
    private func assertHighlighting(
        _ dump: [String], of expectation: HighlightExpectation, editor: String,
        unit: KeyPath<HighlightExpectation.Token, Range<Int>>,
        normalize: (String) -> String = { $0 }
    ) {
        var mismatches: [String] = []
        for token in expectation.tokens {
            guard let expected = HighlightExpectation.name(of: token.kind, in: editor) else { continue }
            let names = token.line < dump.count ? dump[token.line].split(separator: " ", omittingEmptySubsequences: false).map(String.init) : []
            let actual = Set(token[keyPath: unit].map { $0 < names.count ? normalize(names[$0]) : "<beyond the line>" })
            if actual != [expected.isEmpty ? "-" : expected] {
                mismatches.append("\(token.line + 1):\(token[keyPath: unit].lowerBound + 1) \(token.kind) `\(token.text)`: \(actual.sorted())")
            }
        }
        XCTAssertEqual(mismatches, [], "\(editor): \(expectation.path)")
    }

    /// Splits an editor's dump into its files' sections (`FILE path` lines start each).
    private func sections(_ text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("FILE ") {
                current = String(line.dropFirst(5))
                result[current!] = []
            } else if let current {
                result[current]!.append(line)
            }
        }
        return result
    }

    // MARK: Vim and Neovim

    /// Vim script that opens each file and writes filetype, syntax and options, then
    /// the syntax group of every byte of every line.
    private func vimDumpScript(output: String) -> String {
        let files = HighlightExpectation.files.map(quoted).joined(separator: ", ")
        return """
            filetype plugin on
            syntax on
            let s:out = []
            for s:file in [\(files)]
              execute 'edit ' . fnameescape(s:file)
              call add(s:out, 'INFO ' . s:file . ' filetype=' . &filetype . ' syntax=' . get(b:, 'current_syntax', '')
                    \\ . ' formatprg=' . &formatprg . ' commentstring=' . &commentstring)
            endfor
            for s:file in [\(files)]
              execute 'edit ' . fnameescape(s:file)
              call add(s:out, 'FILE ' . s:file)
              for s:l in range(1, line('$'))
                let s:names = []
                for s:c in range(1, col([s:l, '$']) - 1)
                  let s:name = synIDattr(synID(s:l, s:c, 0), 'name')
                  call add(s:names, empty(s:name) ? '-' : s:name)
                endfor
                call add(s:out, join(s:names, ' '))
              endfor
            endfor
            call writefile(s:out, \(quoted(output)))

            """
    }

    private func assertVimLikeResult(_ dump: String, editor: String) throws {
        for path in HighlightExpectation.files {
            let info = dump.components(separatedBy: "\n").first { $0.hasPrefix("INFO \(path) ") } ?? "no INFO line for \(path)"
            XCTAssertTrue(info.contains(" filetype=tally "), "\(editor): \(info)")
            XCTAssertTrue(info.contains(" syntax=tally "), "\(editor): \(info)")
            XCTAssertTrue(info.contains(" formatprg=tally fmt - "), "\(editor): \(info)")
            XCTAssertTrue(info.hasSuffix(" commentstring=; %s"), "\(editor): \(info)")
        }
        let files = sections(dump)
        for path in HighlightExpectation.files {
            let expectation = try HighlightExpectation(path: path)
            assertHighlighting(try XCTUnwrap(files[path], "\(editor) wrote nothing for \(path)"), of: expectation, editor: "vim", unit: \.bytes)
        }
    }

    func testVimLoadsTheSyntaxWithoutErrorsAndHighlightsEachKind() throws {
        let vim = try ExternalTool.require("vim")
        let output = folder.appendingPathComponent("vim.out").path
        let script = try write("dump.vim", "set runtimepath^=\(TestSupport.path("editors/vim"))\n" + vimDumpScript(output: output) + "qall!\n")
        // Ex mode: any error in a sourced file makes Vim exit non-zero.
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertFalse(result.timedOut)
        try assertVimLikeResult(try String(contentsOfFile: output, encoding: .utf8), editor: "vim")
    }

    func testNeovimOpensAnExampleWithFiletypeAndSyntax() throws {
        let nvim = try ExternalTool.require("nvim")
        let output = folder.appendingPathComponent("nvim.out").path
        let check = """
            lua << EOF
            local ok, tally = pcall(require, "tally")
            local lines = {}
            if not ok then
              lines[1] = "LUA require failed: " .. tostring(tally)
            else
              local how = tally.setup({ cmd = { "true" }, use_lspconfig = false })
              lines[1] = "LUA setup=" .. tostring(how) .. " defaults=" .. table.concat(tally.defaults.cmd, " ")
            end
            vim.fn.writefile(lines, \(quoted(output + ".lua")))
            EOF

            """
        let script = try write("dump-nvim.vim", "set runtimepath^=\(TestSupport.path("editors/nvim"))\n" + vimDumpScript(output: output) + check + "qall!\n")
        let result = try nvim.run(["--headless", "-u", "NONE", "-i", "NONE", "-c", "source \(script)"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertFalse(result.stderr.contains("E5108") || result.stderr.contains("Error"), result.output)
        try assertVimLikeResult(try String(contentsOfFile: output, encoding: .utf8), editor: "nvim")
        XCTAssertEqual(try String(contentsOfFile: output + ".lua", encoding: .utf8), "LUA setup=vim.lsp defaults=tally lsp\n")
    }

    /// A small stand-in for ALE's functions, enough to load and drive a linter definition.
    func aleStub() throws -> String {
        _ = try write(
            "ale-stub/autoload/ale.vim",
            """
            function! ale#Set(name, default) abort
              let g:ale_{a:name} = get(g:, 'ale_' . a:name, a:default)
            endfunction
            function! ale#Var(buffer, name) abort
              return get(g:, 'ale_' . a:name, '')
            endfunction
            function! ale#Pad(text) abort
              return empty(a:text) ? '' : ' ' . a:text
            endfunction
            function! ale#Escape(text) abort
              return shellescape(a:text)
            endfunction

            """)
        _ = try write(
            "ale-stub/autoload/ale/fix/registry.vim",
            """
            function! ale#fix#registry#Add(name, func, filetypes, description) abort
              let g:tally_fixer = [a:name, a:func, a:filetypes]
            endfunction

            """)
        _ = try write(
            "ale-stub/autoload/ale/linter.vim",
            """
            function! ale#linter#Define(filetype, linter) abort
              let g:tally_defined = [a:filetype, a:linter]
            endfunction

            """)
        return folder.appendingPathComponent("ale-stub").path
    }

    func testALEDefinitionParsesTheJSONOfAKnownErrorFile() throws {
        let vim = try ExternalTool.require("vim")
        let errorFile = "examples/errors/E0406-split-mismatch.tally"
        let check = try TallyBinary.run(
            ["check", "--format", "json", "-"],
            stdin: try String(contentsOfFile: TestSupport.path(errorFile), encoding: .utf8))
        XCTAssertEqual(check.status, 1)
        let json = try write("check.json", check.stdout)
        let output = folder.appendingPathComponent("ale.out").path
        let script = try write(
            "ale.vim",
            """
            let &runtimepath = \(quoted(try aleStub())) . ',' . \(quoted(TestSupport.path("editors/vim"))) . ',' . &runtimepath
            source \(TestSupport.path("editors/vim/ale_linters/tally/tally.vim"))
            source \(TestSupport.path("editors/vim/plugin/tally.vim"))
            doautocmd VimEnter
            let s:linter = g:tally_defined[1]
            let s:items = ale_linters#tally#tally#Handle(1, readfile(\(quoted(json))))
            call writefile([g:tally_defined[0], s:linter.name, s:linter.callback, s:linter.output_stream,
                  \\ s:linter.command(1), s:linter.executable(1), json_encode(s:items),
                  \\ 'fixer ' . g:tally_fixer[0] . ' ' . g:tally_fixer[1] . ' ' . join(g:tally_fixer[2]) . ' ' . ale#fixers#tally#Fix(1).command],
                  \\ \(quoted(output)))
            qall!

            """)
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertEqual(lines.last { !$0.isEmpty }, "fixer tally ale#fixers#tally#Fix tally 'tally' fmt -")
        XCTAssertEqual(
            Array(lines.prefix(6)),
            [
                "tally", "tally", "ale_linters#tally#tally#Handle", "stdout",
                "%e check --format json --column-unit bytes --stdin-filename %s -", "tally"
            ])
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[6].utf8)) as? [[String: Any]])

        // The same diagnostics as tally's JSON, in ALE's terms.
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(items.count, diagnostics.count)
        XCTAssertFalse(items.isEmpty)
        let first = try XCTUnwrap(items.first), expected = diagnostics[0]
        XCTAssertEqual(first["lnum"] as? Int, expected["line"] as? Int)
        XCTAssertEqual(first["col"] as? Int, expected["column"] as? Int)
        XCTAssertEqual(first["end_col"] as? Int, (expected["endColumn"] as! Int) - 1)
        XCTAssertEqual(first["text"] as? String, expected["message"] as? String)
        XCTAssertEqual(first["code"] as? String, "E0406")
        XCTAssertEqual(first["type"] as? String, "E")
        // The golden output of this file says where the problem is.
        let golden = try String(contentsOfFile: TestSupport.path("examples/errors/E0406-split-mismatch.expected"), encoding: .utf8)
        XCTAssertTrue(golden.hasPrefix("examples/errors/E0406-split-mismatch.tally:\(first["lnum"]!):\(first["col"]!): error[E0406]: \(first["text"]!)"), golden)
    }

    /// The ftplugin's `errorformat` reads `tally check` text output (what `:make` runs)
    /// into the quickfix list.
    func testVimMakeReadsCheckOutputIntoTheQuickfixList() throws {
        let vim = try ExternalTool.require("vim")
        let output = folder.appendingPathComponent("quickfix.out").path
        let script = try write(
            "quickfix.vim",
            """
            set runtimepath^=\(TestSupport.path("editors/vim"))
            filetype plugin on
            edit \(TestSupport.path("examples/errors/W0501-envelope-overspent.tally"))
            " :make reads with the buffer's 'errorformat'; :cgetexpr with the global one.
            let &g:errorformat = &l:errorformat
            cgetexpr readfile(\(quoted(TestSupport.path("examples/errors/E0204-invalid-date.expected"))))
              \\ + readfile(\(quoted(TestSupport.path("examples/errors/W0501-envelope-overspent.expected"))))
            call writefile([&makeprg] + map(filter(getqflist(), {_, e -> e.valid}), {_, e -> join([fnamemodify(bufname(e.bufnr), ':.'), e.lnum, e.col, e.type, e.text], '|')}), \(quoted(output)))
            qall!

            """)
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "tally check --color never --quiet --column-unit bytes %:S")
        XCTAssertEqual(lines.count, 6, lines.joined(separator: "\n"))
        XCTAssertEqual(lines[1], "examples/errors/E0204-invalid-date.tally|6|1|e|invalid date `2026-02-30`: February 2026 has 28 days")
        XCTAssertTrue(lines[5].hasPrefix("examples/errors/W0501-envelope-overspent.tally|10|1|w|Groceries is 20.40 EUR over"), lines[5])
    }

    /// A file with more problems than `tally check` shows (1,000 of them, errors first):
    /// ALE, `:make` and flymake each say so on the file's first line, as the language
    /// server does, instead of showing 1,000 problems and no word of the rest.
    func testEveryEditorSaysWhenProblemsAreNotShown() throws {
        let vim = try ExternalTool.require("vim")
        let emacs = try ExternalTool.require("emacs")
        // 1,005 lines with an invalid date and no amount: two errors each, 2,010 in all.
        let budget = try write("many.tally", "currency EUR\n" + String(repeating: "2026-02-30 x\n", count: 1005))
        let note = "1010 more diagnostics in this file not shown: only the first 1000 of 2010 are, errors first"
        let json = try TallyBinary.run(["check", "--format", "json", "--column-unit", "bytes", budget])
        let text = try TallyBinary.run(["check", "--color", "never", "--quiet", "--column-unit", "bytes", budget])
        XCTAssertTrue(json.stdout.contains(#""notShown":[{"file":"\#(budget)","count":1010,"total":2010}]"#), json.stdout.suffix(300).description)
        let jsonFile = try write("many.json", json.stdout), textFile = try write("many.txt", text.stdout)
        let output = folder.appendingPathComponent("vim.out").path
        let script = try write(
            "notes.vim",
            """
            let &runtimepath = \(quoted(try aleStub())) . ',' . \(quoted(TestSupport.path("editors/vim"))) . ',' . &runtimepath
            source \(TestSupport.path("editors/vim/ale_linters/tally/tally.vim"))
            filetype plugin on
            edit \(budget)
            let s:items = ale_linters#tally#tally#Handle(bufnr(''), readfile(\(quoted(jsonFile))))
            let &g:errorformat = &l:errorformat
            cgetexpr readfile(\(quoted(textFile)))
            let s:notes = filter(getqflist(), {_, e -> e.type is# 'n'})
            call writefile([len(s:items), json_encode(s:items[-1]), len(s:notes)] + map(s:notes, {_, e -> fnamemodify(bufname(e.bufnr), ':p') . '|' . e.text}), \(quoted(output)))
            qall!

            """)
        let result = try vim.run(["-Nu", "NONE", "-i", "NONE", "-es", "-c", "source \(script)"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "1001", "1,000 problems and the note")
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(last["text"] as? String, note)
        XCTAssertEqual(last["lnum"] as? Int, 1)
        XCTAssertEqual(last["type"] as? String, "I")
        XCTAssertEqual(lines[2], "1", "the quickfix list has the note")
        XCTAssertEqual(lines[3], budget + "|" + note)

        let emacsOutput = folder.appendingPathComponent("emacs.out").path
        let elisp = try write(
            "notes.el",
            """
            (setq debug-on-error t)
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (require 'tally-mode)
            (with-current-buffer (find-file-noselect "\(budget)")
              (let* ((json (with-temp-buffer (insert-file-contents "\(jsonFile)") (buffer-string)))
                     (found (tally-flymake-diagnostics (current-buffer) json))
                     (last (car (last found))))
                (with-temp-file "\(emacsOutput)"
                  (insert (format "%d %s %d %s\\n" (length found) (flymake-diagnostic-type last)
                                  (line-number-at-pos (flymake-diagnostic-beg last)) (flymake-diagnostic-text last))))))

            """)
        let ran = try emacs.run(["--batch", "-l", elisp], timeout: 90)
        XCTAssertEqual(ran.status, 0, ran.output)
        XCTAssertEqual(try String(contentsOfFile: emacsOutput, encoding: .utf8), "1001 :note 1 \(note)\n")
    }

    // MARK: Emacs

    func testEmacsFontifiesEachKindAndFlymakeReportsAKnownDiagnostic() throws {
        let emacs = try ExternalTool.require("emacs")
        let output = folder.appendingPathComponent("emacs.out").path
        let files = HighlightExpectation.files.map { "\"\($0)\"" }.joined(separator: " ")
        let errorFile = TestSupport.path("examples/errors/E0204-invalid-date.tally")
        let script = try write(
            "dump.el",
            """
            (setq debug-on-error t)
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (require 'tally-mode)
            (defun tally-test-face (pos)
              (let ((face (get-text-property pos 'face)))
                (when (consp face) (setq face (car face)))
                (if face (symbol-name face) "-")))
            (defun tally-test-dump (file out)
              "Write FILE's mode and the face of each character of each line into OUT."
              (with-current-buffer (find-file-noselect file)
                (font-lock-ensure)
                (let ((mode major-mode) (lines '()))
                  (save-excursion
                    (goto-char (point-min))
                    (while (not (eobp))
                      (let ((names '()))
                        (while (not (eolp))
                          (push (tally-test-face (point)) names)
                          (forward-char 1))
                        (push (mapconcat #'identity (nreverse names) " ") lines))
                      (forward-line 1)))
                  (with-current-buffer out
                    (insert (format "INFO %s mode=%s\\n" file mode))
                    (insert (format "FILE %s\\n" file))
                    (dolist (line (nreverse lines)) (insert line "\\n"))))))
            (defun tally-test-flymake (file out)
              "Run the flymake backend on FILE and write what it reports into OUT."
              (let ((found 'waiting))
                (with-current-buffer (find-file-noselect file)
                  (tally-flymake (lambda (diagnostics &rest _) (setq found diagnostics)))
                  (with-timeout (30 (error "The flymake backend did not report"))
                    (while (eq found 'waiting) (accept-process-output nil 0.05)))
                  (dolist (d found)
                    (let* ((beg (flymake-diagnostic-beg d))
                           (line (format "FLYMAKE %s %d %d %d %s\\n" (flymake-diagnostic-type d) (line-number-at-pos beg)
                                         (save-excursion (goto-char beg) (1+ (current-column)))
                                         (- (flymake-diagnostic-end d) beg) (flymake-diagnostic-text d))))
                      (with-current-buffer out (insert line)))))))
            (with-temp-file "\(output)"
              (let ((out (current-buffer)))
                (dolist (file (list \(files))) (tally-test-dump file out))
                (tally-test-flymake "\(errorFile)" out)
                (insert (format "EGLOT %S\\n" (and (require 'eglot nil t)
                                                    (cdr (assoc 'tally-mode eglot-server-programs)))))))

            """)
        let result = try emacs.run(["--batch", "-l", script], timeout: 90)
        XCTAssertEqual(result.status, 0, result.output)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        for path in HighlightExpectation.files {
            XCTAssertTrue(lines.contains("INFO \(path) mode=tally-mode"), text)
        }
        let dumps = sections(text.components(separatedBy: "\n").filter { !$0.hasPrefix("INFO ") && !$0.hasPrefix("FLYMAKE ") && !$0.hasPrefix("EGLOT ") }.joined(separator: "\n"))
        for path in HighlightExpectation.files {
            assertHighlighting(try XCTUnwrap(dumps[path]), of: try HighlightExpectation(path: path), editor: "emacs", unit: \.scalars) {
                $0 == "font-lock-comment-delimiter-face" ? "font-lock-comment-face" : $0
            }
        }
        // examples/errors/E0204-invalid-date.tally: `2026-02-30` on line 6 is not a date.
        let flymake = lines.filter { $0.hasPrefix("FLYMAKE ") }
        XCTAssertEqual(flymake.count, 4, text)
        XCTAssertEqual(flymake.first, "FLYMAKE :error 6 1 10 invalid date `2026-02-30`: February 2026 has 28 days [E0204]")
        // eglot starts `tally lsp` for tally-mode (Debian's elpa-eglot, or Emacs 29's own).
        if lines.contains("EGLOT nil") && ProcessInfo.processInfo.environment["CI"] != "true" {
            print("note: eglot is not installed; its registration was not checked")
        } else {
            XCTAssertTrue(lines.contains("EGLOT (\"tally\" \"lsp\")"), text)
        }
    }

    /// What eglot does when `tally-mode-hook` runs `eglot-ensure` (the README's set-up):
    /// it takes the buffer's checks over while `tally check` is still running for flymake.
    /// The check's report then went to a backend flymake no longer knew ("error in process
    /// sentinel: Can't find state for tally-flymake", about one start in ten); now it is
    /// dropped.
    func testFlymakeReportAfterAnotherBackendTookOverIsDropped() throws {
        let emacs = try ExternalTool.require("emacs")
        let output = folder.appendingPathComponent("takeover.out").path
        let script = try write(
            "takeover.el",
            """
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (setq tally-executable "\(TallyBinary.url.path)")
            (require 'tally-mode)
            (defun tally-test-other-backend (report-fn &rest _) (funcall report-fn nil))
            (with-current-buffer (find-file-noselect "\(TestSupport.path("examples/household.tally"))")
              (flymake-start)
              (let ((check tally--flymake-process))
                ;; As eglot does: its own backend only, flymake started again.
                (setq-local flymake-diagnostic-functions '(tally-test-other-backend))
                (flymake-mode -1)
                (flymake-mode 1)
                (with-timeout (30 (error "tally check did not finish"))
                  (while (process-live-p check) (accept-process-output nil 0.05)))
                (accept-process-output nil 0.2)
                (with-temp-file "\(output)"
                  (insert (if check "checked" "no check") "\\n"
                          (with-current-buffer "*Messages*" (buffer-string))))))

            """)
        let result = try emacs.run(["--batch", "-l", script], timeout: 90)
        XCTAssertEqual(result.status, 0, result.output)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("checked\n"), text)
        XCTAssertFalse(text.contains("Can’t find state") || text.contains("Can't find state"), text)
    }

    func testEmacsByteCompilesTheModeWithoutWarnings() throws {
        let emacs = try ExternalTool.require("emacs")
        for name in ["tally-font-lock.el", "tally-mode.el"] {
            let copy = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(atPath: TestSupport.path("editors/emacs/" + name), toPath: copy.path)
        }
        let result = try emacs.run([
            "--batch", "--eval",
            """
            (progn (add-to-list 'load-path "\(folder.path)") (setq byte-compile-error-on-warn t)
                   (dolist (file '("tally-font-lock.el" "tally-mode.el"))
                     (unless (byte-compile-file (expand-file-name file "\(folder.path)")) (kill-emacs 1))))
            """
        ])
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// `C-c C-f` formats the buffer through `tally fmt -`, as the command line does.
    func testEmacsFormatsTheBufferWithTallyFmt() throws {
        let emacs = try ExternalTool.require("emacs")
        let messy = "currency EUR\nwallet   Cash    cash\nexpense Fun\n2026-01-04   Cash Fun   -1.00\n2026-01-05 Cash Fun -10.00 ; note\n"
        let expected = try TallyBinary.run(["fmt", "-"], stdin: messy)
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertNotEqual(expected.stdout, messy)
        let input = try write("messy.tally", messy)
        let output = folder.appendingPathComponent("formatted.out").path
        let script = try write(
            "format.el",
            """
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (require 'tally-mode)
            (with-current-buffer (find-file-noselect "\(input)")
              (tally-format-buffer)
              (write-region (point-min) (point-max) "\(output)"))

            """)
        let result = try emacs.run(["--batch", "-l", script])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), expected.stdout)
    }

    func testEmacsIndentsSplitLinesBelowTheirEntry() throws {
        let emacs = try ExternalTool.require("emacs")
        let output = folder.appendingPathComponent("indent.out").path
        let script = try write(
            "indent.el",
            """
            (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
            (require 'tally-mode)
            (with-temp-buffer
              (insert "wallet Cash cash\\n  expense Fun\\n2026-01-04 \\"Shop\\" Cash -10.00\\nFun -4.00\\n  \\t Fun -6.00\\n\\n   2026-01-05 Cash Fun -1.00\\n")
              (tally-mode)
              (setq-local tally-indent-offset 4)
              (indent-region (point-min) (point-max))
              (write-region (point-min) (point-max) "\(output)"))

            """)
        let result = try emacs.run(["--batch", "-l", script])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            try String(contentsOfFile: output, encoding: .utf8),
            "wallet Cash cash\nexpense Fun\n2026-01-04 \"Shop\" Cash -10.00\n    Fun -4.00\n    Fun -6.00\n\n2026-01-05 Cash Fun -1.00\n")
    }
}
