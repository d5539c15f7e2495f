"""Scopes that `grammar/anim.tmLanguage.json` gives to lines of the examples.

Each expectation lists every token of a line that is not blank, with its innermost
scope, written by hand from what each word is in the language (spec §1–§5): a clause
word is `keyword.other.clause.anim` wherever it stands, a property keeps its colour
whatever value follows, and so on. The tokenizer (`textmate.py`) follows
vscode-textmate's rules over Oniguruma.

Run: python3 -m pytest Tests/grammar -q
"""

import pathlib
import re

import pytest

from textmate import Grammar

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRAMMAR = Grammar.load(ROOT / "grammar" / "anim.tmLanguage.json")
EXAMPLES = sorted((ROOT / "examples").glob("*.anim"))

SRC = "source.anim"
KW = "keyword.other.clause.anim"
ANIMATE = "keyword.control.animate.anim"
PROP = "variable.other.property.anim"
NUM = "constant.numeric.anim"
UNIT = "keyword.other.unit.anim"
LPAREN = RPAREN = "punctuation.section.parens.anim"
LBRACE = "punctuation.section.block.anim"
COMMA = "punctuation.separator.comma.anim"
DOT = "punctuation.accessor.anim"
MEMBER = "variable.other.member.anim"
ENUM = "constant.other.enum-case.anim"
LABEL = "variable.parameter.label.anim"
COLON = "punctuation.separator.label.anim"
MINUS = "keyword.operator.arithmetic.anim"
COMMENT = "comment.line.double-slash.anim"
LANG = "variable.language.anim"
STORAGE = "storage.type.anim"
DECL = "entity.name.declaration.anim"

CLAUSE_WORDS = (
    "from to by over delay timing repeat for forever autoreverse fill additive cumulative interpolate "
    "pacing rotate at every until after count keyframes along on tap burst max origin remove instance"
).split()


def example_line(name: str, fragment: str) -> tuple[list[str], int]:
    """The lines of an example and the index of the first one containing `fragment`."""
    lines = (ROOT / "examples" / name).read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        if fragment in line:
            return lines, index
    raise AssertionError(f"{fragment!r} not in {name}")


def visible(tokens) -> list[tuple[str, str]]:
    return [(text.strip(), scopes[-1]) for text, scopes in tokens if text.strip()]


# (example, a fragment of the line, its tokens with their innermost scope)
EXAMPLE_LINES = [
    (
        "ca-sticky.anim",
        "on release if distance((0, 0), drag.translation) > 80 {",
        [
            ("on", KW), ("release", KW), ("if", "keyword.control.anim"), ("distance", "support.function.builtin.anim"),
            ("(", LPAREN), ("(", LPAREN), ("0", NUM), (",", COMMA), ("0", NUM), (")", RPAREN), (",", COMMA),
            ("drag", LANG), (".", DOT), ("translation", MEMBER), (")", RPAREN),
            (">", "keyword.operator.comparison.anim"), ("80", NUM), ("{", LBRACE),
        ],
    ),
    (
        "ca-sticky.anim",
        "drag bubble to (247.5, 333.5) over 0.8s at 0.5s timing easeInOut",
        [
            ("drag", "keyword.other.event.anim"), ("bubble", SRC), ("to", KW), ("(", LPAREN), ("247.5", NUM),
            (",", COMMA), ("333.5", NUM), (")", RPAREN), ("over", KW), ("0.8", NUM), ("s", UNIT), ("at", KW),
            ("0.5", NUM), ("s", UNIT), ("timing", KW), ("easeInOut", "support.constant.timing.anim"),
            ("// out to d = 60, released", COMMENT),
        ],
    ),
    (
        "ca-replicators.anim",
        "instance offset alpha -0.1",
        [("instance", KW), ("offset", KW), ("alpha", PROP), ("-", MINUS), ("0.1", NUM)],
    ),
    (
        "ca-replicators.anim",
        "instance offset red -0.1",
        [("instance", KW), ("offset", KW), ("red", PROP), ("-", MINUS), ("0.1", NUM)],
    ),
    (
        "heart-view.anim",
        "animate opacity from 0 to 0.9 over 0.5s timing pop",
        [
            ("animate", ANIMATE), ("opacity", PROP), ("from", KW), ("0", NUM), ("to", KW), ("0.9", NUM),
            ("over", KW), ("0.5", NUM), ("s", UNIT), ("timing", KW), ("pop", SRC),
        ],
    ),
    (
        "heart-view.anim",
        "origin button.position",
        [
            ("origin", KW), ("button", SRC), (".", DOT), ("position", MEMBER),
            ("// where a point-less tap (--tap 1s) starts a heart", COMMENT),
        ],
    ),
    (
        "add-to-cart.anim",
        "animate position along parabola(from: productUp.position",
        [
            ("animate", ANIMATE), ("position", PROP), ("along", KW),
            ("parabola", "support.function.constructor.anim"), ("(", LPAREN),
            ("from", LABEL), (":", COLON), ("productUp", SRC), (".", DOT), ("position", MEMBER), (",", COMMA),
            ("to", LABEL), (":", COLON), ("cart", SRC), (".", DOT), ("position", MEMBER), (",", COMMA),
            ("height", LABEL), (":", COLON), ("arcHeight", SRC), (",", COMMA),
            ("type", LABEL), (":", COLON), (".", DOT), ("up", ENUM), (")", RPAREN),
            ("over", KW), ("flight", SRC), ("timing", KW), ("easeInOut", "support.constant.timing.anim"),
            ("fill", KW), (".", DOT), ("forwards", ENUM),
        ],
    ),
    (
        "ca-sticky.anim",
        "animate position to scene.center over 0.5s timing spring(damping: 0.2, velocity: 0)",
        [
            ("animate", ANIMATE), ("position", PROP), ("to", KW), ("scene", LANG), (".", DOT), ("center", MEMBER),
            ("over", KW), ("0.5", NUM), ("s", UNIT), ("timing", KW), ("spring", "support.function.timing.anim"),
            ("(", LPAREN), ("damping", LABEL), (":", COLON), ("0.2", NUM), (",", COMMA), ("velocity", LABEL),
            (":", COLON), ("0", NUM), (")", RPAREN),
        ],
    ),
    (
        "ca-timing.anim",
        "keyframes 0: (80, 365), 0.1: (140, 365)",
        [
            ("keyframes", KW), ("0", NUM), (":", "punctuation.separator.key-value.anim"), ("(", LPAREN),
            ("80", NUM), (",", COMMA), ("365", NUM), (")", RPAREN), (",", COMMA),
            ("0.1", NUM), (":", "punctuation.separator.key-value.anim"), ("(", LPAREN),
            ("140", NUM), (",", COMMA), ("365", NUM), (")", RPAREN), (",", COMMA),
            ("0.2", NUM), (":", "punctuation.separator.key-value.anim"), ("(", LPAREN),
            ("140", NUM), (",", COMMA), ("395", NUM), (")", RPAREN), (",", COMMA),
            ("1", NUM), (":", "punctuation.separator.key-value.anim"), ("(", LPAREN),
            ("335", NUM), (",", COMMA), ("395", NUM), (")", RPAREN),
        ],
    ),
    (
        "add-to-cart.anim",
        "      fill .forwards            // fillMode",
        [
            ("fill", KW), (".", DOT), ("forwards", ENUM),
            ("// fillMode = kCAFillModeForwards, removedOnCompletion = NO", COMMENT),
        ],
    ),
    (
        "ca-timing.anim",
        "  fill #FF9500",
        [("fill", PROP), ("#FF9500", "constant.other.color.anim")],
    ),
    (
        "ca-replicators.anim",
        "instance color green",
        [("instance", KW), ("color", KW), ("green", "support.constant.color.anim"),
         ("// instanceColor = greenColor", COMMENT)],
    ),
    (
        "heart-view.anim",
        "emitter likes {",
        [("emitter", STORAGE), ("likes", DECL), ("{", LBRACE)],
    ),
]


@pytest.mark.parametrize("name, fragment, expected", EXAMPLE_LINES, ids=[f"{n}:{f[:30]}" for n, f, _ in EXAMPLE_LINES])
def test_example_line(name, fragment, expected):
    lines, index = example_line(name, fragment)
    # The whole file up to the line, so state from earlier lines (comments) carries over.
    tokens = GRAMMAR.tokenize(lines[: index + 1])[index]
    assert visible(tokens) == expected


# Lines written for the fixes of issue 20 item 11, in a file of their own.
WRITTEN_LINES = [
    (
        "  animate position to (100, 200)",
        [("animate", ANIMATE), ("position", PROP), ("to", KW), ("(", LPAREN), ("100", NUM), (",", COMMA),
         ("200", NUM), (")", RPAREN)],
    ),
    (
        "  animate position from (0, 0) by (10, -5) over 1s",
        [("animate", ANIMATE), ("position", PROP), ("from", KW), ("(", LPAREN), ("0", NUM), (",", COMMA),
         ("0", NUM), (")", RPAREN), ("by", KW), ("(", LPAREN), ("10", NUM), (",", COMMA), ("-", MINUS),
         ("5", NUM), (")", RPAREN), ("over", KW), ("1", NUM), ("s", UNIT)],
    ),
    ("  origin(10, 20)", [("origin", KW), ("(", LPAREN), ("10", NUM), (",", COMMA), ("20", NUM), (")", RPAREN)]),
    ("  opacity .5", [("opacity", PROP), (".5", NUM)]),
    ("  scale .25; opacity 0.5", [("scale", PROP), (".25", NUM), (";", "punctuation.terminator.statement.anim"),
                                  ("opacity", PROP), ("0.5", NUM)]),
    ("  instance transform rotate(120deg)",
     [("instance", KW), ("transform", KW), ("rotate", "support.function.builtin.anim"), ("(", LPAREN),
      ("120", NUM), ("deg", UNIT), (")", RPAREN)]),
    ("  max 50", [("max", KW), ("50", NUM)]),
    ("let w = max(1, 2)", [("let", STORAGE), ("w", DECL), ("=", "keyword.operator.assignment.anim"),
                           ("max", "support.function.builtin.anim"), ("(", LPAREN), ("1", NUM), (",", COMMA),
                           ("2", NUM), (")", RPAREN)]),
    ("  spawn heart(36) in card {",
     [("spawn", "keyword.control.anim"), ("heart", "support.function.constructor.anim"), ("(", LPAREN),
      ("36", NUM), (")", RPAREN), ("in", KW), ("card", SRC), ("{", LBRACE)]),
    ("let v = wobble(3)", [("let", STORAGE), ("v", DECL), ("=", "keyword.operator.assignment.anim"),
                           ("wobble", "entity.name.function.anim"), ("(", LPAREN), ("3", NUM), (")", RPAREN)]),
]


@pytest.mark.parametrize("line, expected", WRITTEN_LINES, ids=[line.strip() for line, _ in WRITTEN_LINES])
def test_written_line(line, expected):
    assert visible(GRAMMAR.tokenize([line])[0]) == expected


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_no_clause_word_is_a_function_name(path):
    """Wherever a clause word stands before `(` in the examples, it is a keyword or a
    built-in (`rotate(…)`, `max(…)`), never a user function's name."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for number, tokens in enumerate(GRAMMAR.tokenize(lines), start=1):
        for text, scopes in tokens:
            if text.strip() in CLAUSE_WORDS:
                assert "entity.name.function.anim" not in scopes, f"{path.name}:{number}: {text!r}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_character_is_tokenized_once(path):
    lines = path.read_text(encoding="utf-8").split("\n")
    for line, tokens in zip(lines, GRAMMAR.tokenize(lines)):
        assert "".join(text for text, _ in tokens) == line


def test_a_block_comment_spans_lines():
    tokens = GRAMMAR.tokenize(["let a = 1 /* one", "two */ let b = 2"])
    assert visible(tokens[0])[-2:] == [("/*", "punctuation.definition.comment.begin.anim"), ("one", "comment.block.anim")]
    assert visible(tokens[1])[:3] == [("two", "comment.block.anim"), ("*/", "punctuation.definition.comment.end.anim"),
                                      ("let", STORAGE)]


def test_the_tokenizer_prefers_the_earliest_match_then_the_first_pattern():
    """vscode-textmate's rule, checked on a grammar written for it."""
    grammar = Grammar({
        "scopeName": "source.t",
        "patterns": [
            {"match": "b", "name": "first.b"},
            {"match": "ab", "name": "second.ab"},
            {"match": "a", "name": "third.a"},
            {"begin": "<", "end": ">", "name": "angle", "contentName": "inside", "patterns": [{"include": "#x"}]},
        ],
        "repository": {"x": {"patterns": [{"match": "x", "name": "ex"}]}},
    })
    assert [(t, s[-1]) for t, s in grammar.tokenize(["abb"])[0]] == [("ab", "second.ab"), ("b", "first.b")]
    assert [(t, s) for t, s in grammar.tokenize(["<xa>"])[0]] == [
        ("<", ["source.t", "angle"]), ("x", ["source.t", "angle", "inside", "ex"]),
        ("a", ["source.t", "angle", "inside"]), (">", ["source.t", "angle"]),
    ]
