"""§15's `blend .additive` and `blur` in the preview's canvas, against `animc render`'s
picture of the same frame. The scene is chosen so the effects dominate the picture: two
large discs overlap additively (red + green = yellow where they meet) and one is blurred
with a radius of 12 points. The same scene without either effect is a different picture by
the same measure (under 25 dB), so a page that dropped either one would fail."""

import subprocess

from PIL import Image

from conftest import animc_path, wait_for
from test_preview import canvas_image, on_black, pixel, psnr

EFFECTS = """scene {{
  size 300, 200
  fps 10
  duration 2s
  background #000000
}}

node left = circle(60) {{
  position (120, 100)
  fill #FF0000
  {left}
}}

node right = circle(60) {{
  position (180, 100)
  fill #00FF00
  {right}
}}
"""

WITH = EFFECTS.format(left="blend .additive", right="blend .additive\n  blur 12")
WITHOUT = EFFECTS.format(left="", right="")


def rendered(tmp_path, name, source):
    scene = tmp_path / f"{name}.anim"
    scene.write_text(source)
    png = tmp_path / f"{name}.png"
    subprocess.run([animc_path(), "render", str(scene), "-o", str(png), "--time", "0s"], check=True)
    return scene, on_black(Image.open(png).convert("RGBA"))


def test_additive_blend_and_blur_draw_as_render_draws_them(browser, preview, tmp_path):
    scene, expected = rendered(tmp_path, "effects", WITH)
    # Each effect changes the picture well beyond the agreement demanded below.
    for name, source in [("plain", WITHOUT),
                         ("unblurred", EFFECTS.format(left="blend .additive", right="blend .additive")),
                         ("unblended", EFFECTS.format(left="", right="blur 12"))]:
        _, other = rendered(tmp_path, name, source)
        assert psnr(other, expected) < 25, f"{name}: {psnr(other, expected):.1f} dB"
    server = preview(scene)
    browser.get(server.url + "#t=0&paused&embed")
    wait_for(browser, "window.animcPreview && animcPreview.preview.paused && animcPreview.drawn === 0")
    got = on_black(canvas_image(browser))
    assert got.size == expected.size
    value = psnr(got, expected)
    print(f"effects: {value:.1f} dB")
    assert value >= 30, f"{value:.1f} dB"
    # Where the discs overlap, far from the blurred edge, the sum is yellow: red from the
    # left disc plus green from the right one (an ordinary `over` would show green only).
    r, g, b, _ = pixel(browser, 150, 100)
    assert r > 230 and g > 230 and b < 25, (r, g, b)
