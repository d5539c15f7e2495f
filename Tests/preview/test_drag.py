"""Drags on the preview's canvas (§16) with real pointer input in headless Chromium: the
picture after the drag is `animc render`'s of the same scene with the same drag scripted
in its `input` block."""

import subprocess
import time

from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import animc_path, wait_for
from test_preview import canvas_image, on_black, psnr

# A badge that follows the pointer while pressed and stays where it is dropped (no
# `on release`), over a still background: after the drag, every frame is the same
# picture, whatever frame it is.
BADGE = """scene {
  size 400, 300
  fps 10
  duration 60s
  background #203040
}

node badge = circle(24) {
  position (300, 100)
  fill #FF8000
  on drag {
    position drag.start + drag.translation
  }
}
"""

# The same drag scripted: pressed at the badge's centre (300, 100), carried to (100, 200).
SCRIPTED = BADGE + """
input {
  drag badge to (100, 200) over 0.5s at 0.2s
}
"""


def badge_matrix(driver):
    return driver.execute_script(
        "const f = window.animcPreview.frame; const n = f && f.nodes.find(n => n.id === 'badge');"
        " return n ? n.matrix : null;")


def test_a_drag_on_the_canvas_matches_the_scripted_drag(browser, preview, tmp_path):
    live = tmp_path / "badge.anim"
    live.write_text(BADGE)
    scripted = tmp_path / "scripted.anim"
    scripted.write_text(SCRIPTED)
    png = tmp_path / "scripted.png"
    # Timing: the scripted drag ends at 0.7 s and the badge then stays put, so render's
    # frame at 2 s is the dropped badge. The page is paused first and dragged while paused
    # (§16: a drag goes on while the scene is paused; each pointer command shows the next
    # frame, whose bindings read the pointer). The badge lands at its start plus the
    # pointer's translation, the same in both runs; which frame the preview ends on does
    # not change the picture.
    subprocess.run([animc_path(), "render", str(scripted), "-o", str(png), "--time", "2s"], check=True)
    expected = on_black(Image.open(png).convert("RGBA"))

    server = preview(live)
    browser.get(server.url + "#t=0&paused&embed")
    wait_for(browser, "window.animcPreview && animcPreview.preview.paused && animcPreview.header && "
             "animcPreview.drawn === animcPreview.preview.frame")
    start = badge_matrix(browser)
    canvas = browser.find_element(By.ID, "stage")
    w, h = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", canvas)

    def at(x, y):
        # Scene (x, y) is CSS offset ((x / 400 − 0.5)·w, (y / 300 − 0.5)·h) from the centre.
        return round((x / 400 - 0.5) * w), round((y / 300 - 0.5) * h)

    chain = ActionChains(browser).move_to_element_with_offset(canvas, *at(300, 100)).click_and_hold()
    # (−200, 100) scene points in four steps.
    for k in range(1, 5):
        chain.pause(0.15).move_to_element_with_offset(canvas, *at(300 - 50 * k, 100 + 25 * k))
    chain.pause(0.15).release().perform()

    # The badge's translation is the pointer's: (−200, 100), within the CSS pixel
    # rounding of the four moves (a scene point or two at this size).
    wait_for(browser, "(() => { const f = animcPreview.frame; const n = f && f.nodes.find(n => n.id === 'badge');"
             f" return n && Math.abs(n.matrix[4] - ({start[4]} - 200)) < 3 && Math.abs(n.matrix[5] - ({start[5]} + 100)) < 3; }})()",
             timeout=5)
    time.sleep(0.5)
    wait_for(browser, "animcPreview.drawn === animcPreview.preview.frame")
    got = on_black(canvas_image(browser))
    assert got.size == expected.size
    value = psnr(got, expected)
    print(f"drag: {value:.1f} dB")
    assert value >= 30, f"{value:.1f} dB"
