"""Issue 32's preview at scale: with 5,000 live particles, headless Chromium draws at least
30 frames per second, as the page measures it (`animcPreview.fps`: draws over the times of
its last 32 draws, from `performance.now()`).

The figure is the release binary's: the debug build of animc cannot simulate 5,000
particles at 30 frames per second on CI's two cores, so a debug `ANIMC` skips this test
rather than lowering the bar. CI runs it after the release build
(`ANIMC=.build/release/animc`, see `.ci/run`)."""

import os
import statistics
import time

import pytest

from conftest import animc_path, wait_for
from measure import PARTICLES


def is_release(path):
    return "release" in os.path.realpath(path).split(os.sep)


# Not reached yet (issue 32 stays open): on this two-core machine the page draws 5,000
# particles at 14-24 frames per second, bounded by the canvas's 5,000 separate fills
# (about 30 ms a frame in Chromium's software rasterizer). Strict: the day it reaches 30,
# this marker fails the run and must go.
@pytest.mark.xfail(strict=True, reason="issue 32: 14-24 fps measured at 5,000 particles, target 30")
@pytest.mark.skipif(not is_release(animc_path()),
                    reason="measures the release binary: set ANIMC=.build/release/animc "
                           "(the debug build cannot simulate 5,000 particles at 30 fps)")
def test_five_thousand_particles_draw_at_30_fps(browser, preview, tmp_path):
    scene = tmp_path / "particles.anim"
    scene.write_text(PARTICLES % {"count": 5000})
    server = preview(scene)
    browser.get(server.url)
    wait_for(browser, "window.animcPreview && animcPreview.drawn >= 0", timeout=30)
    # Every particle is in the frame drawn, and is a plain record (the fast path).
    assert browser.execute_script("return animcPreview.frame.nodes.length;") == 5000
    time.sleep(2)
    rates = []
    start = browser.execute_script("return [animcPreview.drawnCount, performance.now()];")
    for _ in range(10):
        time.sleep(0.5)
        rates.append(browser.execute_script("return animcPreview.fps;"))
    end = browser.execute_script("return [animcPreview.drawnCount, performance.now()];")
    # The page's own figure, and the same over the whole five seconds as a check on it.
    overall = (end[0] - start[0]) * 1000 / (end[1] - start[1])
    print("5,000 particles: %.1f fps drawn (median of the page's figure), %.1f over 5 s"
          % (statistics.median(rates), overall))
    assert statistics.median(rates) >= 30, rates
    assert overall >= 30, overall
