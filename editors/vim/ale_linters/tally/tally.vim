" ALE linter for Tally budgets: runs `tally check --format json` on the buffer's text,
" named as the buffer's file, so a file that another budget includes is checked as part
" of that budget. Columns are bytes, as Vim counts them.
" Put the folder that holds ale_linters/ on 'runtimepath' (see editors/vim/README.md).

call ale#Set('tally_tally_executable', 'tally')
call ale#Set('tally_tally_options', '')

function! ale_linters#tally#tally#GetCommand(buffer) abort
    return '%e check --format json --column-unit bytes'
    \   . ale#Pad(ale#Var(a:buffer, 'tally_tally_options'))
    \   . ' --stdin-filename %s -'
endfunction

" Turns the JSON document of `tally check --format json` into ALE's loclist items.
" Lines and columns are 1-based; `endColumn` is exclusive in Tally and inclusive in ALE.
function! ale_linters#tally#tally#Handle(buffer, lines) abort
    let l:text = join(a:lines, "\n")
    if empty(l:text)
        return []
    endif
    try
        let l:document = json_decode(l:text)
    catch
        return [{'lnum': 1, 'text': 'tally check printed something that is not JSON', 'type': 'E'}]
    endtry
    let l:items = []
    let l:this = fnamemodify(bufname(a:buffer), ':p')
    for l:d in get(l:document, 'diagnostics', [])
        " Only this buffer's problems: a root it includes reports its own elsewhere.
        let l:file = get(l:d, 'file', '<stdin>')
        if l:file isnot# '<stdin>' && fnamemodify(l:file, ':p') isnot# l:this
            continue
        endif
        let l:item = {
        \   'lnum': l:d.line,
        \   'col': l:d.column,
        \   'end_lnum': l:d.endLine,
        \   'end_col': max([l:d.column, l:d.endColumn - 1]),
        \   'code': l:d.code,
        \   'text': l:d.message,
        \   'type': l:d.severity is# 'error' ? 'E' : l:d.severity is# 'warning' ? 'W' : 'I',
        \}
        if has_key(l:d, 'help')
            let l:item.detail = l:d.message . "\nhelp: " . l:d.help
        endif
        call add(l:items, l:item)
    endfor
    " A file with more problems than tally shows (1,000): say so on its first line.
    for l:n in get(l:document, 'notShown', [])
        let l:file = get(l:n, 'file', '<stdin>')
        if l:file is# '<stdin>' || fnamemodify(l:file, ':p') is# l:this
            call add(l:items, {'lnum': 1, 'col': 1, 'type': 'I', 'text': printf(
            \   '%d more diagnostics in this file not shown: only the first %d of %d are, errors first',
            \   l:n.count, l:n.total - l:n.count, l:n.total)})
        endif
    endfor
    return l:items
endfunction

call ale#linter#Define('tally', {
\   'name': 'tally',
\   'executable': {buffer -> ale#Var(buffer, 'tally_tally_executable')},
\   'command': function('ale_linters#tally#tally#GetCommand'),
\   'callback': 'ale_linters#tally#tally#Handle',
\   'output_stream': 'stdout',
\   'cwd': '%s:h',
\})
