"""The page's batches (`drawRecords`): consecutive opaque records of one colour that fill a
convex shape keeping its orientation are filled as one path. The picture must be
`animc render`'s, with the batch boundaries where the rule puts them: a mirrored copy
(its outline winds the other way, and would cancel the others' under the non-zero rule if
it joined their path) is drawn alone, and a change of colour ends a batch, so the red square
stays under the white discs declared after it."""

import subprocess

from PIL import Image

from conftest import animc_path, wait_for
from test_preview import canvas_image, on_black, pixel, psnr

SCENE = """scene "Batches" {
  size 200, 200
  background #000000
  fps 10
  duration 1s
}
node a = circle(30) { position (60, 60); fill #FFFFFF }
node b = circle(30) { position (90, 60); fill #FFFFFF; scaleX -1 }
node c = rect(60, 40) { position (75, 70); fill #FFFFFF; rotation 20deg }
node d = rect(40, 40) { position (120, 120); fill #FF0000 }
node e = circle(25) { position (140, 130); fill #FFFFFF }
node f = circle(25) { position (150, 140); fill #FFFFFF }
"""


def test_batched_records_draw_as_render_draws_them(browser, preview, tmp_path):
    scene = tmp_path / "batches.anim"
    scene.write_text(SCENE)
    png = tmp_path / "batches.png"
    subprocess.run([animc_path(), "render", str(scene), "-o", str(png), "--time", "0s"], check=True)
    expected = on_black(Image.open(png).convert("RGBA"))
    server = preview(scene)
    browser.get(server.url + "#t=0&paused&embed")
    wait_for(browser, "window.animcPreview && animcPreview.preview.paused && animcPreview.drawn === 0")
    # Six records, five fills: a; b alone (mirrored); c; d (red); e and f together.
    assert browser.execute_script("return [animcPreview.frame.count, animcPreview.fills];") == [6, 5]
    # Where a, b and c overlap, and where the mirrored b overlaps a alone: white.
    assert pixel(browser, 75, 60)[:3] == [255, 255, 255]
    assert pixel(browser, 75, 45)[:3] == [255, 255, 255]
    # The red square alone, and the white disc over it.
    assert pixel(browser, 105, 105)[:3] == [255, 0, 0]
    assert pixel(browser, 135, 135)[:3] == [255, 255, 255]
    got = on_black(canvas_image(browser))
    assert got.size == expected.size
    value = psnr(got, expected)
    print(f"batches: {value:.1f} dB")
    assert value >= 30, f"{value:.1f} dB"
