" Tally budgets: *.tally files.
autocmd BufNewFile,BufRead *.tally setfiletype tally
