"""`animc render -o OUT.apng` in headless Chromium (issue 34): Chromium's own APNG decoder
gives back the PNG sequence's pixels frame for frame, and an `<img>` playing the APNG shows,
at a chosen time, the frame of that time."""

import base64
import functools
import glob
import http.server
import io
import math
import os
import subprocess
import threading
import time

import pytest
from PIL import Image

from conftest import ROOT, animc_path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def served(tmp_path):
    """`tmp_path` over HTTP on 127.0.0.1: a secure context, where `ImageDecoder` exists."""
    (tmp_path / "page.html").write_text('<!doctype html><html><body style="margin:0;background:#fff"></body></html>')
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=tmp_path))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


def render(scene, output, *args):
    subprocess.run([animc_path(), "render", str(scene), "-o", str(output), *args], check=True, cwd=ROOT)


def sequence(folder):
    return [Image.open(p).convert("RGBA") for p in sorted(glob.glob(os.path.join(folder, "*.png")))]


# Every stored frame decoded by `ImageDecoder` (WebCodecs), composed as Chromium composes
# APNG for display, unpremultiplied and without colour conversion, as raw bytes (base64)
# with its duration in microseconds.
DECODE = """
const done = arguments[arguments.length - 1];
(async () => {
  try {
    const data = await (await fetch(arguments[0])).arrayBuffer();
    const decoder = new ImageDecoder({data, type: 'image/png', premultiplyAlpha: 'none',
                                      colorSpaceConversion: 'none'});
    await decoder.tracks.ready;
    await decoder.completed;
    const frames = [];
    for (let i = 0; i < decoder.tracks.selectedTrack.frameCount; i++) {
      const {image} = await decoder.decode({frameIndex: i});
      const bytes = new Uint8Array(image.allocationSize());
      await image.copyTo(bytes);
      let text = '';
      for (let k = 0; k < bytes.length; k += 8192) text += String.fromCharCode.apply(null, bytes.subarray(k, k + 8192));
      frames.push({duration: image.duration, format: image.format, width: image.codedWidth, bytes: btoa(text)});
      image.close();
    }
    done({frames});
  } catch (e) { done({error: String(e)}); }
})();
"""

CLEAR = """scene "Clear" { size 63, 47; fps 10; duration 1s; background clear }
node dot = circle(8) {
  position (10, 24)
  fill #FF2D55
  opacity 0.5
  animate x to 54 over 1s
}
"""


@pytest.mark.parametrize("example", ["love-burst.anim", "gradients.anim", "ca-sticky.anim", "clear"])
def test_chromium_decodes_the_png_sequence(browser, served, tmp_path, example):
    scene = tmp_path / "clear.anim" if example == "clear" else os.path.join(ROOT, "examples", example)
    if example == "clear":
        scene.write_text(CLEAR)
    fps = 10 if example == "clear" else 20
    common = [] if example == "clear" else ["--duration", "1s", "--fps", "20", "--scale", "0.3"]
    render(scene, tmp_path / "run.apng", *common)
    render(scene, str(tmp_path / "frames") + "/", *common)
    expected = sequence(tmp_path / "frames")
    browser.set_script_timeout(60)
    browser.get(served + "page.html")
    result = browser.execute_async_script(DECODE, served + "run.apng")
    assert "error" not in result, result
    shown = []
    for frame in result["frames"]:
        raw = bytearray(base64.b64decode(frame["bytes"]))
        assert frame["format"] in ("RGBA", "BGRA"), frame["format"]
        if frame["format"] == "BGRA":
            raw[0::4], raw[2::4] = raw[2::4], raw[0::4]
        # A merged frame lasts whole frame periods: microseconds × fps / 10⁶ of them.
        shown += [bytes(raw)] * round(frame["duration"] * fps / 1e6)
    assert len(shown) == len(expected) == fps
    different = [k for k, image in enumerate(expected) if image.tobytes() != shown[k]]
    assert different == [], "frames that differ from the PNG sequence: %s" % different


# Four frames a second: each frame shows for 250 ms, so a screenshot taken in the middle
# of its period may come up to 125 ms early or late and still show that frame.
STEPS = """scene "Steps" { size 64, 48; fps 4; duration 2s; background #FFFFFF }
node dot = rect(16, 16) {
  position (8, 24)
  fill #FF2D55
  animate x to 56 over 2s
}
"""


def psnr(a, b):
    pa, pb = a.tobytes(), b.tobytes()
    se = sum((x - y) * (x - y) for x, y in zip(pa, pb))
    return math.inf if se == 0 else 10 * math.log10(255 * 255 / (se / len(pa)))


@pytest.mark.parametrize("seconds, frame", [(0.625, 2), (1.125, 4), (1.875, 7)])
def test_chromium_plays_it(browser, served, tmp_path, seconds, frame):
    """An `<img>` of the APNG on a white page, screenshot `seconds` after its first frame was
    painted, shows frame `frame` = ⌊seconds × 4⌋. Timing tolerance: the time is the middle of
    that frame's 250 ms, and the clock is read before and after the screenshot; a screenshot
    that did not fall wholly inside the period (a busy machine) is taken again, up to three
    times, since it says nothing about the APNG."""
    assert frame == math.floor(seconds * 4)
    (tmp_path / "steps.anim").write_text(STEPS)
    render(tmp_path / "steps.anim", tmp_path / "steps.apng", "--loop", "1")
    render(tmp_path / "steps.anim", str(tmp_path / "frames") + "/")
    frames = [Image.alpha_composite(Image.new("RGBA", (64, 48), (255, 255, 255, 255)), f).convert("RGB")
              for f in sequence(tmp_path / "frames")]
    expected = frames[frame]
    # The dot moves 6 px a frame: the frames before and after look different.
    assert all(frames[k].tobytes() != expected.tobytes() for k in (frame - 1, frame + 1) if k < len(frames))
    browser.set_script_timeout(30)
    for attempt in range(3):
        browser.get(served + "page.html")
        # Decoded first, then shown: the animation's clock starts at its first paint, the
        # next animation frame after the image joins the page.
        start = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const img = new Image();
            img.src = arguments[0];
            img.style.display = 'block';
            img.decode().then(() => {
              document.body.appendChild(img);
              requestAnimationFrame(() => done(performance.now()));
            });""", served + "steps.apng")
        elapsed = (browser.execute_script("return performance.now();") - start) / 1000
        time.sleep(max(0.0, seconds - elapsed))
        before = (browser.execute_script("return performance.now();") - start) / 1000
        shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "clip": {"x": 0, "y": 0, "width": 64, "height": 48, "scale": 1}})
        after = (browser.execute_script("return performance.now();") - start) / 1000
        if frame / 4 <= before and after < (frame + 1) / 4:
            break
    else:
        pytest.fail("the screenshot could not be taken within frame %d's period (%.3f…%.3f s)" % (frame, before, after))
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    assert image.size == expected.size
    # Same pixels: Chromium draws an opaque 8-bit APNG at scale 1 unchanged.
    assert psnr(image, expected) == math.inf, "PSNR %.1f dB at %.3f…%.3f s" % (psnr(image, expected), before, after)
