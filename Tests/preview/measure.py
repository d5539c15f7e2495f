"""Figures for `animc preview` (not a test): save → new frame latency, frames per second
drawn and received by headless Chromium for 5,000- and 10,000-particle scenes (drawn: the
page's own `animcPreview.fps` and the count of draws over 10 s), and the server's memory
after playing the larger one for a while.

    ANIMC=.build/release/animc python3 Tests/preview/measure.py --minutes 10
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conftest import Preview, wait_for  # noqa: E402

PARTICLES = """scene "Particles" {
  size 375, 667
  background #101018
  fps 60
  duration 20s
  seed 1
}

emitter dots {
  at 0s
  burst %(count)d
  max %(count)d
  spawn circle(2) {
    position (random(0..375), random(0..667))
    fill rgb(random(0..255), 120, 255)
    animate y by random(-200..200) over 4s repeat forever autoreverse
    animate opacity from 1 to 0.3 over 3s repeat forever autoreverse
  }
}
"""

BOX = """scene "Reload" {
  size 100, 100
  fps 60
  duration 60s
}

node box = rect(100, 100) {
  position (50, 50)
  fill %s
}
"""


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def browser():
    import shutil
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--window-size=900,1000",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def latency(driver, folder):
    path = os.path.join(folder, "box.anim")
    with open(path, "w") as f:
        f.write(BOX % "#FF0000")
    server = Preview(path)
    try:
        driver.get(server.url)
        wait_for(driver, "window.animcPreview && animcPreview.drawn >= 0")
        times = []
        for i in range(10):
            colour, blue = ("#0000FF", 255) if i % 2 == 0 else ("#FF0000", 0)
            time.sleep(0.3)
            start = time.monotonic()
            with open(path, "w") as f:
                f.write(BOX % colour)
            wait_for(driver, "(() => { const d = document.getElementById('stage').getContext('2d')"
                     f".getImageData(5, 5, 1, 1).data; return d[2] === {blue}; }})()", timeout=5, interval=0.005)
            times.append(time.monotonic() - start)
        return times
    finally:
        server.stop()


def particles(driver, folder, minutes, count):
    path = os.path.join(folder, "particles.anim")
    with open(path, "w") as f:
        f.write(PARTICLES % {"count": count})
    server = Preview(path)
    try:
        driver.get(server.url)
        wait_for(driver, "window.animcPreview && animcPreview.drawn >= 0", timeout=60)
        rss_start = rss_kib(server.process.pid)
        time.sleep(3)
        rates = []
        for _ in range(3):
            a = driver.execute_script("return [animcPreview.drawnCount, animcPreview.received];")
            t0 = time.monotonic()
            time.sleep(10)
            b = driver.execute_script("return [animcPreview.drawnCount, animcPreview.received];")
            dt = time.monotonic() - t0
            page = driver.execute_script("return animcPreview.fps;")
            nodes = driver.execute_script("return animcPreview.frame.count;")
            rates.append(((b[0] - a[0]) / dt, (b[1] - a[1]) / dt, page, nodes))
        end = time.monotonic() + minutes * 60
        samples = []
        while time.monotonic() < end:
            time.sleep(min(30, max(0, end - time.monotonic())))
            samples.append(rss_kib(server.process.pid))
        heap = driver.execute_script("return performance.memory ? performance.memory.usedJSHeapSize : -1;")
        return rates, rss_start, samples, heap
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=2)
    args = parser.parse_args()
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as folder:
            times = latency(driver, folder)
            print("save → new frame drawn: median %.0f ms, max %.0f ms (10 saves)"
                  % (1000 * statistics.median(times), 1000 * max(times)))
            for count in (5000, 10000):
                rates, rss_start, samples, heap = particles(driver, folder, args.minutes if count == 10000 else 0,
                                                            count)
                for drawn, received, page, nodes in rates:
                    print("%s particles: %.1f frames/s drawn (page: %.1f), %.1f received (%d nodes in the last)"
                          % (format(count, ","), drawn, page, received, nodes))
            print("server RSS: %.1f MiB at start, %s MiB over %.1f min (every 30 s)"
                  % (rss_start / 1024, ", ".join("%.1f" % (s / 1024) for s in samples), args.minutes))
            print("page JS heap after: %.1f MiB" % (heap / 1048576))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
