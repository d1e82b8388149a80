" Tally budgets: comments, indentation of split lines, formatting with `tally fmt -`.
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=;\ %s
setlocal comments=:;
" Split and metadata lines are indented below their entry; keep the indent of the line
" above when continuing them, and `gq` reformats through the formatter.
setlocal autoindent
setlocal expandtab shiftwidth=4 softtabstop=4
setlocal formatprg=tally\ fmt\ -
" `:make` checks the current file (as part of the budget that includes it); errors land
" in the quickfix list. Columns are bytes, as Vim counts them; `%:S` quotes the name.
setlocal makeprg=tally\ check\ --color\ never\ --quiet\ --column-unit\ bytes\ %:S
setlocal errorformat=%f:%l:%c:\ %trror%*[^:]:\ %m,%f:%l:%c:\ %tarning%*[^:]:\ %m,%f:%l:%c:\ %tnfo%*[^:]:\ %m,%f:\ %tote:\ %m,%-G%.%#

let b:undo_ftplugin = "setlocal commentstring< comments< autoindent< expandtab< shiftwidth< softtabstop< formatprg< makeprg< errorformat<"
