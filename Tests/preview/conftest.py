"""Fixtures for the browser tests of `animc preview`: the binary, a running preview of a
file, and headless Chromium driven by chromedriver (Debian's `chromium`, `chromium-driver`)."""

import os
import shutil
import signal
import subprocess
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def animc_path():
    return os.environ.get("ANIMC", os.path.join(ROOT, ".build", "debug", "animc"))


class Preview:
    """`animc preview FILE` in the background; `url` is its first line of stdout."""

    def __init__(self, path, *args):
        self.process = subprocess.Popen(
            [animc_path(), "preview", str(path), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), self.process.stderr.read()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise AssertionError("animc preview did not stop on SIGINT")
        return self.process.returncode


@pytest.fixture
def preview():
    started = []

    def start(path, *args):
        p = Preview(path, *args)
        started.append(p)
        return p

    yield start
    for p in started:
        assert p.stop() == 0


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        # In CI (.ci/run installs them) a missing browser is a failure, not a skip.
        if os.environ.get("CI"):
            pytest.fail("needs Debian's chromium and chromium-driver")
        pytest.skip("needs Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--window-size=900,1000", "--hide-scrollbars",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    yield driver
    driver.quit()


def wait_for(driver, script, timeout=10.0, interval=0.02):
    """Polls `script` (a JS expression) until it is truthy; returns its value."""
    end = time.monotonic() + timeout
    while True:
        value = driver.execute_script("return (" + script + ");")
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for: " + script)
        time.sleep(interval)
