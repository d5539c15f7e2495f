"""`grammar/vim`: filetype detection and the syntax groups Vim gives to example lines.

Runs Vim headless (`vim -es`) with only `grammar/vim` added to 'runtimepath', and reads
back `synID()` at every byte. Expected groups are written by hand, as in
test_grammar.py; skipped where no Vim with +syntax is installed (Debian: `vim-nox`).
"""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
VIM = shutil.which("vim")

pytestmark = pytest.mark.skipif(VIM is None, reason="no vim on PATH (apt-get install vim-nox)")

DUMP = r"""
let s:out = [&filetype, &commentstring]
for s:l in range(1, line('$'))
  let s:groups = []
  for s:c in range(1, strlen(getline(s:l)))
    call add(s:groups, synIDattr(synID(s:l, s:c, 1), 'name'))
  endfor
  call add(s:out, join(s:groups, ','))
endfor
call writefile(s:out, $ANIM_SYNTAX_DUMP)
qa!
"""


def highlight(path: pathlib.Path, tmp_path: pathlib.Path) -> tuple[str, str, list[list[tuple[str, str]]]]:
    """The filetype, 'commentstring', and each line's runs of one syntax group."""
    script = tmp_path / "dump.vim"
    script.write_text(DUMP)
    out = tmp_path / "groups.txt"
    subprocess.run(
        [VIM, "-N", "-u", "NONE", "-i", "NONE", "-es",
         "--cmd", f"set rtp^={ROOT / 'grammar' / 'vim'}", "--cmd", "filetype plugin on", "--cmd", "syntax on",
         "-c", f"source {script}", str(path)],
        check=False, timeout=60, env={**os.environ, "ANIM_SYNTAX_DUMP": str(out)}, stdin=subprocess.DEVNULL,
    )
    filetype, commentstring, *rows = out.read_text().split("\n")
    lines = path.read_bytes().split(b"\n")
    result = []
    for line, row in zip(lines, rows):
        groups = row.split(",") if row else []
        runs: list[tuple[str, str]] = []
        start = 0
        for i in range(1, len(groups) + 1):
            if i == len(groups) or groups[i] != groups[start]:
                text = line[start:i].decode("utf-8", errors="replace").strip()
                if groups[start] and text:
                    runs.append((text, groups[start]))
                start = i
        result.append(runs)
    return filetype, commentstring, result


EXAMPLE_LINES = [
    ("ca-sticky.anim", "on release if distance((0, 0), drag.translation) > 80",
     [("on release", "animClause"), ("if", "animControl"), ("distance", "animBuiltin"), ("0", "animNumber"),
      ("0", "animNumber"), ("drag", "animLanguageVariable"), (".translation", "animMember"), (">", "animOperator"),
      ("80", "animNumber")]),
    ("ca-replicators.anim", "instance offset alpha -0.1",
     [("instance", "animClause"), ("offset", "animClause"), ("alpha", "animProperty"), ("-", "animOperator"), ("0.1", "animNumber")]),
    ("ca-replicators.anim", "instance color green",
     [("instance", "animClause"), ("color", "animClause"), ("green", "animColorName"),
      ("// instanceColor = greenColor", "animLineComment")]),
    ("heart-view.anim", "animate opacity from 0 to 0.9 over 0.5s timing pop",
     [("animate", "animControl"), ("opacity", "animProperty"), ("from", "animClause"), ("0", "animNumber"),
      ("to", "animClause"), ("0.9", "animNumber"), ("over", "animClause"), ("0.5", "animNumber"), ("s", "animUnit"),
      ("timing", "animClause")]),
    ("heart-view.anim", "emitter likes {", [("emitter", "animStorage"), ("likes", "animDeclaration")]),
    ("add-to-cart.anim", "      fill .forwards            // fillMode",
     [("fill", "animClause"), (".forwards", "animEnumCase"),
      ("// fillMode = kCAFillModeForwards, removedOnCompletion = NO", "animLineComment")]),
    ("ca-timing.anim", "  fill #FF9500", [("fill", "animProperty"), ("#FF9500", "animColor")]),
]


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("vim")
    return {name: highlight(ROOT / "examples" / name, tmp) for name in {n for n, _, _ in EXAMPLE_LINES}}


@pytest.mark.parametrize("name, fragment, expected", EXAMPLE_LINES, ids=[f"{n}:{f[:30]}" for n, f, _ in EXAMPLE_LINES])
def test_example_line(examples, name, fragment, expected):
    filetype, commentstring, runs = examples[name]
    assert filetype == "anim"
    assert commentstring == "// %s"
    lines = (ROOT / "examples" / name).read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if fragment in line)
    assert runs[index] == expected


WRITTEN = """\
  animate position to (100, 200)
  origin (1, 2)
  opacity .5
  instance transform rotate(120deg)
  max 50
let w = max(1, 2)
let v = wobble(3) /* a /* nested */ comment */ + 1
timing pop = spring(damping: 0.6)
"""

WRITTEN_EXPECTED = [
    [("animate", "animControl"), ("position", "animProperty"), ("to", "animClause"), ("100", "animNumber"),
     ("200", "animNumber")],
    [("origin", "animClause"), ("1", "animNumber"), ("2", "animNumber")],
    [("opacity", "animProperty"), (".5", "animNumber")],
    [("instance", "animClause"), ("transform", "animClause"), ("rotate", "animBuiltin"), ("120", "animNumber"), ("deg", "animUnit")],
    [("max", "animClause"), ("50", "animNumber")],
    [("let", "animStorage"), ("w", "animDeclaration"), ("=", "animOperator"), ("max", "animBuiltin"),
     ("1", "animNumber"), ("2", "animNumber")],
    [("let", "animStorage"), ("v", "animDeclaration"), ("=", "animOperator"), ("wobble", "animFunction"),
     ("3", "animNumber"), ("/* a /* nested */ comment */", "animBlockComment"), ("+", "animOperator"),
     ("1", "animNumber")],
    [("timing", "animStorage"), ("pop", "animDeclaration"), ("=", "animOperator"), ("spring", "animTimingFunction"),
     ("damping", "animLabel"), ("0.6", "animNumber")],
]


def test_written_lines(tmp_path):
    path = tmp_path / "written.anim"
    path.write_text(WRITTEN)
    filetype, _, runs = highlight(path, tmp_path)
    assert filetype == "anim"
    assert runs[: len(WRITTEN_EXPECTED)] == WRITTEN_EXPECTED
