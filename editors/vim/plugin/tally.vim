" Registers the `tally` fixer with ALE, when ALE is installed:
"   let g:ale_fixers = {'tally': ['tally']}
if exists('g:loaded_tally_plugin')
    finish
endif
let g:loaded_tally_plugin = 1

function! s:RegisterFixer() abort
    if !empty(globpath(&runtimepath, 'autoload/ale/fix/registry.vim', 1, 1))
        call ale#fix#registry#Add('tally', 'ale#fixers#tally#Fix', ['tally'], 'Format Tally budgets with tally fmt')
    endif
endfunction

" Plugins may come later on 'runtimepath' than this one; register once all are loaded.
if v:vim_did_enter
    call s:RegisterFixer()
else
    augroup tally_ale
        autocmd!
        autocmd VimEnter * call s:RegisterFixer()
    augroup END
endif
