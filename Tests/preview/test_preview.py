"""`animc preview` in headless Chromium: the canvas agrees with `animc render`, clicks tap
the scene by §8's rules, and saving the file reloads the picture or shows the diagnostics."""

import base64
import glob
import io
import math
import os
import subprocess
import time

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import ROOT, animc_path, wait_for

EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim")))


def canvas_image(driver):
    url = driver.execute_script("return document.getElementById('stage').toDataURL('image/png');")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGBA")


def on_black(image):
    black = Image.new("RGBA", image.size, (0, 0, 0, 255))
    return Image.alpha_composite(black, image).convert("RGB")


def psnr(a, b):
    """Peak signal-to-noise ratio of two RGB pictures of one size, in dB (8-bit peak)."""
    assert a.size == b.size, (a.size, b.size)
    pa, pb = a.tobytes(), b.tobytes()
    se = sum((x - y) * (x - y) for x, y in zip(pa, pb))
    if se == 0:
        return math.inf
    return 10 * math.log10(255 * 255 / (se / len(pa)))


def pixel(driver, x, y):
    """The canvas pixel at scene point (x, y), as [r, g, b, a]."""
    return driver.execute_script(
        "const c = document.getElementById('stage'), h = window.animcPreview.header;"
        "const d = c.getContext('2d').getImageData(Math.floor(arguments[0] * c.width / h.width),"
        " Math.floor(arguments[1] * c.height / h.height), 1, 1).data; return [d[0], d[1], d[2], d[3]];", x, y)


@pytest.mark.parametrize("example", EXAMPLES, ids=os.path.basename)
def test_paused_embed_at_one_second_matches_render(browser, preview, tmp_path, example):
    png = tmp_path / "still.png"
    subprocess.run([animc_path(), "render", example, "-o", str(png), "--time", "1s"], check=True)
    expected = on_black(Image.open(png).convert("RGBA"))
    server = preview(example)
    browser.get(server.url + "#t=1&paused&embed")
    # Paused at the frame `render --time 1s` shows (the last at or before 1 s), and drawn.
    wait_for(browser, "window.animcPreview && animcPreview.preview.paused && animcPreview.header && "
             "animcPreview.preview.frame === Math.floor(1 * animcPreview.header.fps + 1e-9) && "
             "animcPreview.drawn === animcPreview.preview.frame")
    assert browser.execute_script("return document.getElementById('bar').offsetParent") is None, "chrome shown"
    got = on_black(canvas_image(browser))
    assert got.size == expected.size
    value = psnr(got, expected)
    print(f"{os.path.basename(example)}: {value:.1f} dB")
    assert value >= 30, f"{value:.1f} dB"


TAP_SCENE = """scene "Tap" {
  size 200, 200
  background #202020
  fps 30
  duration 60s
}

node button = circle(30) {
  position (100, 140)
  fill #FF2D55
}

emitter sparks {
  on tap button
  burst 3
  origin button.position
  spawn circle(5) {
    fill white
    animate y by -60 over 2s
  }
}
"""


def spawned(driver):
    return driver.execute_script(
        "const f = window.animcPreview.frame; return f ? f.nodes.filter(n => n.id.startsWith('sparks#')).length : -1;")


def click_scene(driver, x, y):
    canvas = driver.find_element(By.ID, "stage")
    rect = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", canvas)
    h = driver.execute_script("return [animcPreview.header.width, animcPreview.header.height];")
    dx = (x / h[0] - 0.5) * rect[0]
    dy = (y / h[1] - 0.5) * rect[1]
    ActionChains(driver).move_to_element_with_offset(canvas, dx, dy).click().perform()


def test_a_click_on_the_watched_node_spawns_and_elsewhere_does_not(browser, preview, tmp_path):
    scene = tmp_path / "tap.anim"
    scene.write_text(TAP_SCENE)
    server = preview(scene)
    browser.get(server.url)
    wait_for(browser, "window.animcPreview && animcPreview.drawn > 5")
    # Outside the circle (radius 30 at (100, 140)), but inside the canvas.
    click_scene(browser, 30, 30)
    click_scene(browser, 100, 100)
    time.sleep(0.7)
    assert spawned(browser) == 0
    click_scene(browser, 100, 140)
    wait_for(browser, "window.animcPreview.frame.nodes.some(n => n.id === 'sparks#0')", timeout=2)
    assert spawned(browser) == 3
    # The page draws them: a white pixel where the first spark starts, at the button.
    wait_for(browser, "animcPreview.drawn === animcPreview.frame.frame")


RELOAD_SCENE = """scene "Reload" {
  size 100, 100
  fps 30
  duration 60s
}

node box = rect(100, 100) {
  position (50, 50)
  fill %s
}
"""


def test_saving_reloads_and_errors_show_the_overlay(browser, preview, tmp_path):
    scene = tmp_path / "reload.anim"
    scene.write_text(RELOAD_SCENE % "#FF0000")
    server = preview(scene)
    browser.get(server.url)
    wait_for(browser, "window.animcPreview && animcPreview.drawn >= 0")
    assert pixel(browser, 50, 50)[:3] == [255, 0, 0]

    latencies = []
    for colour, rgb in (("#0000FF", [0, 0, 255]), ("#00FF00", [0, 255, 0]), ("#FF0000", [255, 0, 0])):
        time.sleep(0.3)
        start = time.monotonic()
        scene.write_text(RELOAD_SCENE % colour)
        end = start + 1.0
        while pixel(browser, 50, 50)[:3] != rgb:
            assert time.monotonic() < end, "the picture did not change within 1 s"
            time.sleep(0.01)
        latencies.append(time.monotonic() - start)
    print("save → new frame: " + ", ".join(f"{1000 * t:.0f} ms" for t in latencies))

    # A syntax error: the overlay names its line and column; the last good frame stays.
    broken = (RELOAD_SCENE % "#0000FF").replace("position (50, 50)", "position (50, 50))")
    scene.write_text(broken)
    text = wait_for(browser, "!document.getElementById('overlay').hidden && "
                    "document.getElementById('overlay').textContent", timeout=2)
    # Line 8, column 20: the second `)` after two spaces and `position (50, 50)`.
    assert f"{scene}:8:20: error:" in text, text
    assert "position (50, 50))" in text
    assert pixel(browser, 50, 50)[:3] == [255, 0, 0]

    # Half a file, as a save caught midway, then the whole fixed file.
    fixed = RELOAD_SCENE % "#0000FF"
    scene.write_text(fixed[: len(fixed) // 2])
    time.sleep(0.3)
    assert server.process.poll() is None, "the preview died on a half-saved file"
    scene.write_text(fixed)
    wait_for(browser, "document.getElementById('overlay').hidden", timeout=2)
    wait_for(browser, "(() => { const c = document.getElementById('stage').getContext('2d');"
             " const d = c.getImageData(50, 50, 1, 1).data; return d[2] === 255 && d[0] === 0; })()", timeout=2)


def test_keys_fragment_seed_and_timeline(browser, preview, tmp_path):
    scene = tmp_path / "tap.anim"
    scene.write_text(TAP_SCENE)
    server = preview(scene)
    # 30 fps: t = 0.5 s is frame 15.
    browser.get(server.url + "#t=0.5&paused&seed=7")
    state = "window.animcPreview && animcPreview.preview"
    wait_for(browser, f"{state} && animcPreview.preview.paused && animcPreview.preview.frame === 15 && "
             "animcPreview.preview.seed === '7' && animcPreview.drawn === 15")
    assert browser.execute_script("return location.hash") == "#t=0.5&paused&seed=7"
    assert browser.find_element(By.ID, "seed").get_attribute("value") == "7"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("\ue014")  # →
    wait_for(browser, "animcPreview.preview.frame === 16 && animcPreview.drawn === 16")
    body.send_keys("\ue012")  # ←
    body.send_keys("\ue012")
    wait_for(browser, "animcPreview.preview.frame === 14 && animcPreview.drawn === 14")
    assert browser.execute_script("return location.hash").startswith("#t=0.4")
    # Space taps at the origins: the button's burst, whatever the pointer.
    body.send_keys(" ")
    wait_for(browser, "animcPreview.frame.nodes.some(n => n.id === 'sparks#2')", timeout=2)
    # The timeline seeks by re-simulating with the same taps: back before the tap, none.
    browser.execute_script(
        "const s = document.getElementById('scrub'); s.value = '3'; s.dispatchEvent(new Event('input'));")
    wait_for(browser, "animcPreview.preview.frame === 3 && animcPreview.drawn === 3")
    assert spawned(browser) == 0
    browser.execute_script(
        "const s = document.getElementById('scrub'); s.value = '20'; s.dispatchEvent(new Event('input'));")
    wait_for(browser, "animcPreview.preview.frame === 20 && animcPreview.drawn === 20")
    assert spawned(browser) == 3
    # p plays: frames move on and the fragment forgets the time.
    body.send_keys("p")
    wait_for(browser, "!animcPreview.preview.paused && animcPreview.drawn > 30")
    assert browser.execute_script("return location.hash") == "#seed=7"
    # r restarts without the taps.
    body.send_keys("r")
    wait_for(browser, "animcPreview.frame.frame < 10 && animcPreview.frame.frame >= 0")
    time.sleep(0.5)
    assert spawned(browser) == 0


def test_the_overlay_keeps_the_caret_under_its_column_in_a_narrow_embed(browser, preview, tmp_path):
    # Issue 31 item 12: in a 300-pixel embed the source line must not wrap, or the `^`
    # leaves the column it points at. The error is far to the right on a long line.
    scene = tmp_path / "narrow.anim"
    long_line = "node box = rect(100, 100) { position (50, 50); fill #FF0000; opacity 0.5; rotation 10deg; z 1 ) }"
    scene.write_text('scene "Narrow" { size 100, 100; duration 1s }\n' + long_line + "\n")
    column = long_line.index(" ) }") + 2  # 1-based column of the stray `)`
    server = preview(scene)
    browser.set_window_size(300, 600)
    try:
        browser.get(server.url + "#embed")
        text = wait_for(browser, "!document.getElementById('overlay').hidden && "
                        "document.getElementById('overlay').textContent", timeout=5)
        assert f":2:{column}: error:" in text, text
        got = browser.execute_script("""
            const code = document.querySelector('#overlay .code');
            if (!code) return null;
            const nodes = [...code.childNodes];
            const lines = nodes.filter((n, i) => i % 2 === 0);
            const left = (node, offset) => {
              const r = document.createRange(); r.setStart(node, offset); r.setEnd(node, offset + 1);
              return r.getBoundingClientRect();
            };
            const caret = lines[1].textContent.indexOf('^');
            const source = left(lines[0], arguments[0] - 1), mark = left(lines[1], caret);
            return {whiteSpace: getComputedStyle(code).whiteSpace, sourceX: source.left, caretX: mark.left,
                    sourceTop: source.top, caretTop: mark.top, lineHeight: source.height,
                    scrolls: code.scrollWidth > code.clientWidth, caret: caret};
        """, column)
        assert got is not None, "no code block in the overlay"
        assert got["whiteSpace"] == "pre"
        assert got["scrolls"], "the long source line should scroll sideways in 300 pixels"
        # The `^` sits exactly under the column, one line below it (neither line wrapped).
        assert abs(got["sourceX"] - got["caretX"]) < 0.5, got
        assert abs((got["caretTop"] - got["sourceTop"]) - got["lineHeight"]) < 2, got
    finally:
        browser.set_window_size(900, 1000)
FACING_SCENE = """scene "Facing" {
  size 100, 100
  background #000000
  fps 10
  duration 2s
}
node under = rect(40, 40) { position (30, 50); fill #0000FF }
node mirrored = rect(40, 40) { position (30, 50); fill #FF0000; scaleX -1; doubleSided false }
node shown = rect(40, 40) { position (75, 50); fill #FF0000; scaleX -1 }
"""


def test_a_back_facing_shape_is_not_drawn(browser, preview, tmp_path):
    # §14: `doubleSided false` and scaleX −1 (det −1): the red square is not drawn and
    # the blue one under it shows; the double-sided mirrored square is drawn.
    scene = tmp_path / "facing.anim"
    scene.write_text(FACING_SCENE)
    server = preview(scene)
    browser.get(server.url + "#t=0&paused")
    wait_for(browser, "window.animcPreview && animcPreview.preview.paused && animcPreview.drawn === 0")
    assert browser.execute_script(
        "return animcPreview.frame.nodes.find(n => n.id === 'mirrored').backFacing") is True
    assert pixel(browser, 30, 50)[:3] == [0, 0, 255]
    assert pixel(browser, 75, 50)[:3] == [255, 0, 0]
