"""Issue 31 item 11: every example's GIF is within 10% of what `gifsicle -O3` makes of
it. gifsicle is the independent oracle: it re-encodes our frames losslessly with every
optimisation it has (changed rectangles, transparency for unchanged pixels, one colour
table for the whole file), so our size over its size says what our streaming encoder
leaves on the table. Run with ANIMC set to a release build (`.ci/run` does): a debug
build takes minutes per example."""

import glob
import os
import subprocess

import pytest
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Known to miss the target, with the reason; strict, so a fix shows up as a failure to
# remove the mark. None today: rocket (3.6 KB of 4 × 4 frames, each with its own table,
# 1.31 of gifsicle's size) now gets one header table of every frame's colours, as
# gifsicle's, because the writer holds a small file back until it ends.
OVER: dict[str, str] = {}
EXAMPLES = [
    pytest.param(path, marks=pytest.mark.xfail(reason=OVER[name], strict=True)) if name in OVER else path
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim")))
    for name in [os.path.basename(path)]
]
ANIMC = os.environ.get("ANIMC", os.path.join(ROOT, ".build", "release", "animc"))


def flattened(frame):
    """A frame's pixels over magenta: a clear pixel's colour channels, which carry nothing,
    do not count."""
    rgba = frame.convert("RGBA")
    return Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 0, 255, 255)), rgba).tobytes()


@pytest.mark.parametrize("example", EXAMPLES, ids=os.path.basename)
def test_gif_is_within_ten_percent_of_gifsicle_O3(tmp_path, example):
    ours = tmp_path / "ours.gif"
    theirs = tmp_path / "o3.gif"
    subprocess.run([ANIMC, "render", example, "-o", str(ours), "--scale", "0.5"], check=True,
                   capture_output=True, timeout=600)
    subprocess.run(["gifsicle", "-O3", str(ours), "-o", str(theirs)], check=True, capture_output=True,
                   timeout=600)
    # gifsicle's copy holds the same pictures: the same number of frames, each decoding to
    # the same pixels (a lossless re-encoding; if it were not, the sizes would not compare).
    with Image.open(ours) as a, Image.open(theirs) as b:
        assert a.n_frames == b.n_frames
        for k in range(0, a.n_frames, max(1, a.n_frames // 8)):
            a.seek(k)
            b.seek(k)
            assert flattened(a) == flattened(b), f"frame {k}"
    ratio = os.path.getsize(ours) / os.path.getsize(theirs)
    print(f"{os.path.basename(example)}: {os.path.getsize(ours)} bytes, gifsicle -O3 {os.path.getsize(theirs)}, "
          f"ratio {ratio:.3f}")
    assert ratio <= 1.10, f"{ratio:.3f} of gifsicle -O3"
