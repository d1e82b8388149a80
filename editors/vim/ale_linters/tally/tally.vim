" ALE linter for Tally budgets: runs `tally check --format json` on the buffer's text.
" Put the folder that holds ale_linters/ on 'runtimepath' (see editors/vim/README.md).

call ale#Set('tally_tally_executable', 'tally')
call ale#Set('tally_tally_options', '')

function! ale_linters#tally#tally#GetCommand(buffer) abort
    return '%e check --format json'
    \   . ale#Pad(ale#Var(a:buffer, 'tally_tally_options'))
    \   . ' -'
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
    for l:d in get(l:document, 'diagnostics', [])
        " Problems in included files are reported by the file that includes them.
        if get(l:d, 'file', '<stdin>') isnot# '<stdin>'
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
