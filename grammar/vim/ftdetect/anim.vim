" .anim scenes (animc). Vim and Neovim read this from any `ftdetect` directory on
" 'runtimepath'.
autocmd BufRead,BufNewFile *.anim setfiletype anim
