" ALE fixer for Tally budgets: formats the buffer with `tally fmt -`.
call ale#Set('tally_tally_executable', 'tally')

function! ale#fixers#tally#Fix(buffer) abort
    return {'command': ale#Escape(ale#Var(a:buffer, 'tally_tally_executable')) . ' fmt -'}
endfunction
