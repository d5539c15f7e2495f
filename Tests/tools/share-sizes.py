#!/usr/bin/env python3
"""Sizes of every example as APNG, GIF and a PNG sequence, as `animc render` writes them
with the scene's own size, rate and duration: the table between the `sizes` markers of
examples/README.md is rewritten with them (run from the repository's root).

    swift build -c release --product animc
    ANIMC=.build/release/animc python3 Tests/tools/share-sizes.py
"""

import glob
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANIMC = os.environ.get("ANIMC", os.path.join(ROOT, ".build", "release", "animc"))
README = os.path.join(ROOT, "examples", "README.md")
BEGIN, END = "<!-- sizes:begin -->", "<!-- sizes:end -->"


def kb(n):
    return "{:,.1f}".format(n / 1024)


def row(scene, work):
    name = os.path.splitext(os.path.basename(scene))[0]
    apng, gif, folder = (os.path.join(work, name + ext) for ext in (".apng", ".gif", "/"))
    for output in (apng, gif, folder):
        subprocess.run([ANIMC, "render", scene, "-o", output, "-q"], check=True, cwd=ROOT)
    frames = sorted(glob.glob(folder + "*.png"))
    width, height = Image.open(frames[0]).size
    sequence = sum(os.path.getsize(f) for f in frames)
    a, g = os.path.getsize(apng), os.path.getsize(gif)
    return "| `{}.anim` | {}×{} | {} | {} | {} | {} | {:.0%} |".format(
        name, width, height, len(frames), kb(a), kb(g), kb(sequence), a / sequence)


def main():
    scenes = sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim")))
    with tempfile.TemporaryDirectory() as work:
        rows = []
        for scene in scenes:
            rows.append(row(scene, work))
            print(rows[-1], file=sys.stderr)
    table = "\n".join([
        BEGIN,
        "| example | pixels | frames | APNG (KB) | GIF (KB) | PNG sequence (KB) | APNG / PNGs |",
        "|---|---|---|---|---|---|---|",
        *rows,
        END,
    ])
    text = open(README, encoding="utf-8").read()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    with open(README, "w", encoding="utf-8") as f:
        f.write(text[:start] + table + text[end:])


if __name__ == "__main__":
    main()
