" Vim syntax file
" Language:  anim (.anim animated scenes, compiled by animc)
" Spec:      anim-language.md v0.3
"
" Generated: the word lists come from animc's vocabulary (Sources/AnimCheck/Vocabulary),
" written from grammar/templates/anim.vim.in by `swift run animc-grammar`. Edit the
" template or the vocabulary, not this file.
"
" Priority follows Vim's rule: among items starting at the same column, the one defined
" last wins. So general patterns come first (a call `name(`), then the words that must
" override them (`to (100, 200)` is the clause `to`, not a call), then labels, and
" comments and strings last. Every item is a `syn match`, since a `syn keyword` would
" beat the context-dependent matches (`instance offset red`, `timing pop = …`).

if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syn case match

" Operators and punctuation.
syn match animOperator "[-+*/=<>]"
syn match animOperator "\.\."
syn match animError "\.\.\.\|\.\.<"

" Expressions: calls, names, members, enum cases.
syn match animFunction "\<\h\w*\ze\s*("
syn match animBuiltin "\<\%(floor\|ceil\|round\|sqrt\|min\|max\|abs\|clamp\|lerp\|sin\|cos\|tan\|atan2\|distance\|random\|randomInt\|choose\|mix\|motion\|polar\|randomPoint\|rgb\|rgba\|hsl\|linearGradient\|radialGradient\|translate\|rotate\|scale\)\ze\s*("
syn match animConstructor "\<\%(heart\|circle\|ellipse\|rect\|star\|polygon\|text\|image\|line\|quad\|cubic\|arc\|polyline\|parabola\)\ze\s*("
syn match animTimingFunction "\<\%(cubicBezier\|steps\|spring\)\ze\s*("
syn match animMember "\%([[:alnum:]_)\]]\)\@<=\.\h\w*"
syn match animEnumCase "\%([[:alnum:]_)\].]\)\@<!\.\h\w*"
syn match animBoolean "\<\%(true\|false\)\>"
syn match animLanguageVariable "\<\%(self\|trigger\|scene\|drag\)\>"
syn match animTimingName "\<\%(linear\|easeIn\|easeOut\|easeInOut\|easeInEaseOut\|default\|ease\)\>"
syn match animColorName "\<\%(black\|white\|clear\|red\|green\|blue\|yellow\|orange\|pink\|purple\|gray\)\>"

" Numbers with an optional unit, and colours.
syn match animNumber "\w\@<!\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)\%([eE][+-]\=\d\+\)\=\%(ms\|s\|deg\|rad\|turn\|%\)\=\w\@!" contains=animUnit
syn match animUnit contained "\%(ms\|s\|deg\|rad\|turn\|%\)\w\@!"
syn match animError "#\w*"
syn match animColor "#\%(\x\{8}\|\x\{6}\|\x\{3,4}\)\w\@!"

" Clause words, wherever they stand; `fill` only before an enum case (`fill .forwards`).
syn match animClause "\<\%(from\|to\|by\|over\|delay\|repeat\|for\|forever\|autoreverse\|additive\|cumulative\|interpolate\|pacing\|rotate\|at\|every\|until\|after\|count\|keyframes\|along\|on\|tap\|burst\|max\|origin\|remove\|instance\|timing\|ccw\)\>"
syn match animClause "\<fill\>\%(\s*\.\h\)\@="
" `spawn SHAPE in NODE` (§14): `in` before the parent's name and the block or the line's end.
syn match animClause "\<in\>\%(\s\+\h\w*\s*\%([{;]\|$\)\)\@="
" `rotate(120deg)` and `max(a, b)` are the built-ins, `rotate .auto` and `max 50` clauses.
syn match animBuiltin "\<\%(rotate\|max\)\ze\s*("
syn match animClause "\%(\<instance\s\+\)\@<=\<\%(transform\|delay\|color\|offset\)\>"
syn match animProperty "\%(\<instance\s\+offset\s\+\)\@<=\<\%(red\|green\|blue\|alpha\)\>"

" Statements: words that begin one (at a line start, or after `;` or `{`).
syn match animPathCommand "\%(^\|[;{]\)\s*\zs\<\%(move\|line\|quad\|cubic\|arc\|close\)\>\%(\s*(\)\@!"
syn match animPathCommand "\%(^\|[;{]\)\s*\zs\<\%(move\|line\|quad\|cubic\|arc\|close\)\>\ze\s\+("
syn match animEvent "\%(^\|[;{]\)\s*\zs\<\%(tap\|drag\|pause\|resume\|speed\)\>"
syn match animProperty "\%(^\|[;{]\)\s*\zs\<\%(position\|x\|y\|scale\|scaleX\|scaleY\|rotation\|opacity\|fill\|stroke\|lineWidth\|strokeStart\|strokeEnd\|rotationX\|rotationY\|perspective\|doubleSided\|blend\|blur\|anchor\|z\|contentsRect\|size\|background\|fps\|duration\|seed\)\>\%(\s*\.\h\)\@!"
syn match animControl "\<\%(animate\|group\|sequence\|spawn\|live\|emit\|if\|else\)\>"
syn match animClause "\<on\s\+\%(drag\|release\)\>"
syn match animProperty "\%(\<animate\s\+\)\@<=\h\w*"

" Declarations: `let NAME =`, `emitter NAME`, `scene "Title" {`, `shape {`.
syn match animStorage "\<\%(let\|timing\|shape\|path\|node\)\>\ze\s\+\h\w*\s*="
syn match animStorage "\<\%(emitter\|replicate\)\>\ze\s\+\h"
syn match animStorage "\<\%(scene\|input\)\>\ze\s*\%(\"\|{\|$\)"
syn match animStorage "\<\%(shape\|path\)\>\ze\s*[({]"
syn match animDeclaration "\%(\<\%(let\|timing\|shape\|path\|node\)\s\+\)\@<=\h\w*\ze\s*="
syn match animDeclaration "\%(\<\%(emitter\|replicate\)\s\+\)\@<=\h\w*"

" A label in an argument list: `damping: 0.6` (after the clause words: `from:` is a label).
syn match animLabel "\<\h\w*\ze\s*:\%(:\)\@!"

" Strings and comments last: nothing inside them is anything else.
syn match animEscapeError contained "\\."
syn match animEscape contained "\\\%([\"\\nt]\|u{\x\{1,8}}\)"
syn region animString start=+"+ end=+"\|$+ contains=animEscapeError,animEscape oneline
syn keyword animTodo contained TODO FIXME XXX NOTE
syn match animLineComment "//.*$" contains=animTodo,@Spell
syn region animBlockComment start="/\*" end="\*/" contains=animBlockComment,animTodo,@Spell fold

hi def link animOperator Operator
hi def link animError Error
hi def link animEscapeError Error
hi def link animFunction Function
hi def link animBuiltin Function
hi def link animConstructor Function
hi def link animTimingFunction Function
hi def link animMember Identifier
hi def link animEnumCase Constant
hi def link animBoolean Boolean
hi def link animLanguageVariable Special
hi def link animTimingName Constant
hi def link animColorName Constant
hi def link animNumber Number
hi def link animUnit Type
hi def link animColor Constant
hi def link animClause Keyword
hi def link animPathCommand Keyword
hi def link animEvent Keyword
hi def link animProperty Identifier
hi def link animControl Statement
hi def link animStorage StorageClass
hi def link animDeclaration Function
hi def link animLabel Label
hi def link animEscape SpecialChar
hi def link animString String
hi def link animTodo Todo
hi def link animLineComment Comment
hi def link animBlockComment Comment

let b:current_syntax = 'anim'
let &cpo = s:cpo_save
unlet s:cpo_save
