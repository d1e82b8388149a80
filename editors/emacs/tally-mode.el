;;; tally-mode.el --- Major mode for Tally plain-text budgets  -*- lexical-binding: t -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, finance

;;; Commentary:

;; Editing Tally budgets (*.tally): highlighting, comments with `;', indentation of
;; split and metadata lines, formatting with `tally fmt', and problems from
;; `tally check' in two ways:
;;
;; - with eglot, `tally lsp' is registered for `tally-mode' (M-x eglot);
;; - without a language server client, `tally-flymake' runs
;;   `tally check --format json' (M-x flymake-mode; on by default when eglot is not
;;   managing the buffer, see `tally-flymake-enable').
;;
;; Install: put this folder on `load-path' and (require 'tally-mode).

;;; Code:

(require 'tally-font-lock)
(require 'flymake)
(require 'json)
(require 'subr-x)

(defgroup tally nil
  "Tally plain-text budgets."
  :group 'languages
  :prefix "tally-")

(defcustom tally-executable "tally"
  "The `tally' program: a name looked up on `exec-path', or a path."
  :type 'string)

(defcustom tally-indent-offset 4
  "Indentation of split and metadata lines below an entry."
  :type 'integer)

(defcustom tally-flymake-enable t
  "When non-nil, `tally-mode' turns on `flymake-mode' with `tally-flymake'.
Eglot replaces the backend with the language server's when it manages
the buffer."
  :type 'boolean)

(defcustom tally-format-on-save nil
  "When non-nil, format Tally buffers with `tally fmt' before saving them."
  :type 'boolean)

(defvar tally-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; Every printable sign is part of a name (`Food:Groceries', `-66.20', `#work'), so
    ;; symbol boundaries fall where Tally's words end: at blanks, `;', `"', `,' and `.'
    ;; (the last one so that both dates of `2026-04-01..2026-04-30' stand alone).
    (dolist (c (string-to-list "!#$%&*+-/:<=>?@^_`|~[]{}()'"))
      (modify-syntax-entry c "_" table))
    (modify-syntax-entry ?. "." table)
    (modify-syntax-entry ?, "." table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?\; "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\r ">" table)
    table)
  "Syntax table of `tally-mode'.")

;;;; Highlighting

(defun tally--token-kind-at-point ()
  "The 1-based index in `tally-font-lock-kinds' of the first kind of token that
matches at point, with the match data set to it; nil when none does."
  (let ((kinds tally-font-lock-kinds) (index 1) (found nil))
    (while (and kinds (not found))
      (let ((kind (car kinds)))
        (when (and (not (and (nth 1 kind) (looking-at-p (nth 1 kind))))
                   (looking-at (nth 0 kind))
                   (> (match-end 0) (point))
                   (or (null (nth 2 kind))
                       (memq (char-after (match-end 0)) '(nil ?\n ?\r))
                       (string-match-p (nth 2 kind) (string (char-after (match-end 0))))))
          (setq found index)))
      (setq kinds (cdr kinds) index (1+ index)))
    found))

(defun tally--font-lock-matcher (limit)
  "Find the next token between point and LIMIT, as every editor reads Tally.
A line is read from the left: at each place the first kind of
`tally-font-lock-kinds' that matches there is the token, and reading goes on
after it, so a sign inside a name (`Mom's-Visa', `Room#2', `user@home') never
starts another token and a quote never runs past its line.  Sets match group N
to a token of kind N and moves past it; nil when none is left before LIMIT."
  (let ((kind nil))
    (while (and (not kind) (< (point) limit))
      (if (memq (char-after) '(?\s ?\t ?\n ?\r))
          (forward-char 1)
        (setq kind (tally--token-kind-at-point))
        (unless kind (forward-char 1))))
    (when kind
      (let ((start (match-beginning 0)) (end (match-end 0))
            (data (make-list (* 2 (1+ (length tally-font-lock-kinds))) nil)))
        (setcar data start)
        (setcar (nthcdr 1 data) end)
        (setcar (nthcdr (* 2 kind) data) start)
        (setcar (nthcdr (1+ (* 2 kind)) data) end)
        (set-match-data data)
        (goto-char end)
        t))))

(defconst tally-font-lock-keywords
  (list (cons #'tally--font-lock-matcher
              (let ((index 0) (highlights '()))
                (dolist (kind tally-font-lock-kinds (nreverse highlights))
                  (setq index (1+ index))
                  (when (nth 3 kind)
                    (push (list index (list 'quote (nth 3 kind)) t t) highlights))))))
  "Font-lock rules for `tally-mode': one matcher reading tokens as the parser does.")

(defconst tally--entry-start-regexp
  "^[0-9]\\{4\\}-"
  "A line that starts a dated entry, which may have split lines below it.")

(defun tally--previous-line-indentation ()
  "Indentation and kind of the line above point, unless it is blank or missing.
Returns (INDENT . DATED) where DATED is non-nil for a dated entry's first line."
  (save-excursion
    (beginning-of-line)
    (when (and (= (forward-line -1) 0) (not (looking-at-p "^[ \t]*$")))
      (cons (current-indentation) (looking-at-p tally--entry-start-regexp)))))

(defun tally-indent-line ()
  "Indent the current line as Tally reads it.
Entries start in column 0.  A line below a dated entry or below one of its
indented lines is a split or metadata line: it takes the indentation of the
indented line above it, or `tally-indent-offset'."
  (interactive)
  (let* ((text-start (save-excursion (back-to-indentation) (point)))
         (column (save-excursion
                   (back-to-indentation)
                   (if (or (looking-at-p "[0-9]\\{4\\}-")
                           (looking-at-p (concat "\\(?:currency\\|wallet\\|income\\|expense\\|envelope"
                                                 "\\|goal\\|payee\\|every\\|option\\|include\\)\\_>")))
                       0
                     (let ((above (tally--previous-line-indentation)))
                       (cond ((null above) 0)
                             ((> (car above) 0) (car above))
                             ((cdr above) tally-indent-offset)
                             (t 0)))))))
    (if (<= (point) text-start)
        (indent-line-to column)
      (save-excursion (indent-line-to column)))))

;;;; Running tally

(defun tally--command (&rest arguments)
  "The command line running `tally-executable' with ARGUMENTS."
  (cons (or (executable-find tally-executable) tally-executable) arguments))

(defun tally-format-buffer ()
  "Format the buffer with `tally fmt -'.  The buffer is left alone on any problem."
  (interactive)
  (let ((output (generate-new-buffer " *tally fmt*"))
        (errors (make-temp-file "tally-fmt")))
    (unwind-protect
        (let ((status (apply #'call-process-region (point-min) (point-max) (car (tally--command))
                             nil (list output errors) nil (cdr (tally--command "fmt" "-")))))
          (if (eq status 0)
              (let ((point (point)))
                (replace-buffer-contents output)
                (goto-char (min point (point-max))))
            (message "tally fmt: %s" (with-temp-buffer (insert-file-contents errors)
                                                       (string-trim (buffer-string))))))
      (kill-buffer output)
      (delete-file errors))))

(defun tally--format-before-save ()
  "Format the buffer before saving when `tally-format-on-save' says so."
  (when tally-format-on-save
    (tally-format-buffer)))

;;;; Flymake

(defvar-local tally--flymake-process nil
  "The running `tally check' of this buffer, if any.")

(defun tally--parse-json (text)
  "The JSON document TEXT as nested alists, or nil."
  (condition-case nil
      (if (fboundp 'json-parse-string)
          (json-parse-string text :object-type 'alist :array-type 'list)
        (let ((json-object-type 'alist) (json-array-type 'list))
          (json-read-from-string text)))
    (error nil)))

(defun tally--position (line column)
  "Buffer position of 1-based LINE and COLUMN (in characters), clamped."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (min (line-end-position) (+ (point) (max 0 (1- column))))))

(defun tally-flymake-diagnostics (source json)
  "Flymake diagnostics for SOURCE from the JSON text of `tally check'.
Only problems in the checked buffer itself are kept: `<stdin>', or the buffer's
file, which `tally check' checks as part of the budget that includes it."
  (let ((document (tally--parse-json json))
        (result '())
        (this (and (buffer-file-name source) (expand-file-name (buffer-file-name source)))))
    (with-current-buffer source
      (dolist (d (alist-get 'diagnostics document))
        (when (let ((file (alist-get 'file d)))
                (or (equal file "<stdin>")
                    (and this file (equal (expand-file-name file) this))))
          (let* ((start (tally--position (alist-get 'line d) (alist-get 'column d)))
                 (end (tally--position (alist-get 'endLine d) (alist-get 'endColumn d)))
                 (severity (alist-get 'severity d))
                 (help (alist-get 'help d))
                 (message (format "%s [%s]%s" (alist-get 'message d) (alist-get 'code d)
                                  (if help (concat "\nhelp: " help) ""))))
            (push (flymake-make-diagnostic source start (max end (min (1+ start) (point-max)))
                                           (pcase severity
                                             ("error" :error)
                                             ("warning" :warning)
                                             (_ :note))
                                           message)
                  result))))
      ;; A file with more problems than tally shows (1,000): say so on its first line.
      (dolist (n (alist-get 'notShown document))
        (let ((file (alist-get 'file n)))
          (when (or (equal file "<stdin>")
                    (and this file (equal (expand-file-name file) this)))
            (let ((count (alist-get 'count n)) (total (alist-get 'total n)))
              (push (flymake-make-diagnostic
                     source (point-min) (save-excursion (goto-char (point-min)) (max (line-end-position) (min (1+ (point-min)) (point-max))))
                     :note
                     (format "%d more diagnostics in this file not shown: only the first %d of %d are, errors first"
                             count (- total count) total))
                    result))))))
    (nreverse result)))

(defun tally-flymake (report-fn &rest _args)
  "Flymake backend: run `tally check --format json' on the buffer, call REPORT-FN."
  (unless (executable-find (car (tally--command)))
    (error "Cannot find `%s'; set `tally-executable'" tally-executable))
  (when (process-live-p tally--flymake-process)
    (kill-process tally--flymake-process))
  (let* ((source (current-buffer))
         (stderr (generate-new-buffer " *tally-flymake-stderr*"))
         (default-directory (if buffer-file-name (file-name-directory buffer-file-name) default-directory)))
    (save-restriction
      (widen)
      (setq tally--flymake-process
            (make-process
             :name "tally-flymake" :noquery t :connection-type 'pipe
             :buffer (generate-new-buffer " *tally-flymake*")
             :stderr stderr
             ;; Named as its file, the buffer is checked as part of its budget.
             :command (if buffer-file-name
                          (tally--command "check" "--format" "json"
                                          "--stdin-filename" buffer-file-name "-")
                        (tally--command "check" "--format" "json" "-"))
             :sentinel
             (lambda (process _event)
               (when (memq (process-status process) '(exit signal))
                 (unwind-protect
                     (when (and (buffer-live-p source)
                                (eq process (buffer-local-value 'tally--flymake-process source))
                                ;; Another backend may have taken over since the check
                                ;; started (eglot, from `tally-mode-hook'): flymake then
                                ;; knows this one no more, and a report is an error.
                                (buffer-local-value 'flymake-mode source)
                                (memq #'tally-flymake
                                      (buffer-local-value 'flymake-diagnostic-functions source)))
                       (let ((status (process-exit-status process)))
                         (if (memq status '(0 1))
                             (funcall report-fn
                                      (tally-flymake-diagnostics
                                       source (with-current-buffer (process-buffer process) (buffer-string))))
                           (funcall report-fn :panic
                                    :explanation (format "tally check exited with %s" status)))))
                   (kill-buffer (process-buffer process))
                   (when (buffer-live-p stderr) (kill-buffer stderr)))))))
      (process-send-region tally--flymake-process (point-min) (point-max))
      (process-send-eof tally--flymake-process))))

;;;; The mode

;;;###autoload
(define-derived-mode tally-mode prog-mode "Tally"
  "Major mode for Tally plain-text budgets.

\\{tally-mode-map}"
  :syntax-table tally-mode-syntax-table
  (setq-local comment-start "; ")
  (setq-local comment-start-skip ";+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-line-function #'tally-indent-line)
  (setq-local indent-tabs-mode nil)
  ;; Keywords only: comments and text are tokens like the others, so the syntax
  ;; table's `;' and `"' (kept for the comment commands) never colour across a name
  ;; such as `'a;b'' or past the end of a line.
  (setq-local font-lock-defaults '(tally-font-lock-keywords t))
  (add-hook 'before-save-hook #'tally--format-before-save nil t)
  (add-hook 'flymake-diagnostic-functions #'tally-flymake nil t)
  (when tally-flymake-enable
    (flymake-mode 1)))

(define-key tally-mode-map (kbd "C-c C-f") #'tally-format-buffer)

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.tally\\'" . tally-mode))

;; Eglot: `M-x eglot' in a Tally buffer starts `tally lsp'.
(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs `(tally-mode . (,tally-executable "lsp"))))

(provide 'tally-mode)

;;; tally-mode.el ends here
