import Foundation
import TallyTestSupport
import XCTest

/// Issue 27 in Emacs: opening an included file in a subfolder of its root's folder, or in
/// a sibling folder, inside and outside a repository, shows its one real mistake and no
/// false E0401 for the wallet the root declares, through eglot (which takes the file's
/// folder as the project outside a repository) and through tally-mode's own flymake
/// backend (`tally check --stdin-filename`).
final class EmacsFolderLayoutTests: XCTestCase {
    func testFlymakeBackendKnowsTheRoot() throws {
        let emacs = try ExternalTool.require("emacs")
        try FolderLayouts.each { temporary, opened, label in
            let output = temporary.path("out.txt")
            let script = try temporary.write(
                """
                (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
                (setq tally-executable "\(TallyBinary.url.path)")
                (require 'tally-mode)
                (with-temp-file "\(output)"
                  (let ((out (current-buffer)) (found 'waiting))
                    (with-current-buffer (find-file-noselect "\(temporary.path(opened))")
                      (tally-flymake (lambda (diagnostics &rest _) (setq found diagnostics)))
                      (with-timeout (30 (error "The flymake backend did not report"))
                        (while (eq found 'waiting) (accept-process-output nil 0.05)))
                      (dolist (d found)
                        (let ((line (format "%d %s\\n" (line-number-at-pos (flymake-diagnostic-beg d)) (car (split-string (flymake-diagnostic-text d) "\\n")))))
                          (with-current-buffer out (insert line)))))))

                """, to: "flymake.el")
            let result = try emacs.run(["--batch", "-l", script], in: temporary.url(opened).deletingLastPathComponent(), timeout: 60)
            XCTAssertEqual(result.status, 0, result.output)
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            XCTAssertEqual(text, "2 unknown category `Fnu`; did you mean `Fun`? [E0401]\n", "\(label): " + result.output)
        }
    }

    func testEglotKnowsTheRoot() throws {
        let emacs = try ExternalTool.require("emacs")
        try FolderLayouts.each { temporary, opened, label in
            let output = temporary.path("out.txt")
            let script = try temporary.write(
                """
                (add-to-list 'load-path "\(TestSupport.path("editors/emacs"))")
                (require 'tally-mode)
                (with-temp-file "\(output)"
                  (if (not (require 'eglot nil t))
                      (insert "NO EGLOT\\n")
                    (push '(tally-mode "\(TallyBinary.url.path)" "lsp") eglot-server-programs)
                    (let ((out (current-buffer)))
                      (with-current-buffer (find-file-noselect "\(temporary.path(opened))")
                        ;; What `eglot-ensure` does after the first command.
                        (apply #'eglot--connect (eglot--guess-contact))
                        (flymake-mode 1)
                        (flymake-start)
                        (with-timeout (20 (error "eglot reported nothing"))
                          (while (null (flymake-diagnostics)) (accept-process-output nil 0.05)))
                        (accept-process-output nil 0.5)
                        (dolist (d (flymake-diagnostics))
                          (let ((line (format "%d %s\\n" (line-number-at-pos (flymake-diagnostic-beg d)) (car (split-string (flymake-diagnostic-text d) "\n")))))
                            (with-current-buffer out (insert line))))))))

                """, to: "eglot.el")
            let result = try emacs.run(["--batch", "-l", script], in: temporary.url(opened).deletingLastPathComponent(), timeout: 60)
            XCTAssertEqual(result.status, 0, result.output)
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if text == "NO EGLOT\n" && ProcessInfo.processInfo.environment["CI"] != "true" {
                throw XCTSkip("eglot is not installed; the folder layouts were not checked in Emacs")
            }
            XCTAssertEqual(
                text, "2 tally [E0401]: unknown category `Fnu`; did you mean `Fun`?\n",
                "\(label): " + result.output)
        }
    }
}
