"""`animc run` in a real terminal: a detached tmux session of a fixed size on a private
socket, fed xterm SGR mouse reports with `send-keys -H` and read back with
`capture-pane -e`, whose SGR colours give each cell's two half-block pixels."""

import os
import re
import shlex
import shutil
import subprocess
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The pane: 160 columns, 48 rows of two half-block pixels and one status row below them.
COLUMNS = 160
ROWS = 49

# Every tmux command returns at once; one that does not has hung, and fails the test.
COMMAND_TIMEOUT = 10
# The debug binary compiles the scene and draws its first frame in well under this.
START_TIMEOUT = 30
# A frame, or a handful, after an input; generous for a slow debug build on a busy machine.
FRAME_TIMEOUT = 15


def animc_path():
    return os.environ.get("ANIMC", os.path.join(ROOT, ".build", "debug", "animc"))


def sgr_codes(params):
    """The SGR parameters of `ESC [ params m` as integers (an empty one is 0)."""
    return [int(p) if p.isdigit() else 0 for p in re.split("[;:]", params)] if params else [0]


class Screen:
    """One capture of the pane: each cell's character and its foreground (top half-block
    pixel) and background (bottom pixel) as RGB; the default colours count as black, as
    the scene's black background is."""

    ESCAPE = re.compile(r"\x1b\[([0-9;:]*)m")

    def __init__(self, text):
        self.text = text
        self.cells = []
        for line in text.split("\n"):
            fg = bg = (0, 0, 0)
            row = []
            at = 0
            while at < len(line):
                m = self.ESCAPE.match(line, at)
                if m:
                    fg, bg = self._apply(sgr_codes(m.group(1)), fg, bg)
                    at = m.end()
                    continue
                if line[at] == "\x1b":
                    raise AssertionError("an escape sequence capture-pane does not write: %r" % line[at:at + 12])
                row.append((line[at], fg, bg))
                at += 1
            self.cells.append(row)

    @staticmethod
    def _apply(codes, fg, bg):
        k = 0
        while k < len(codes):
            code = codes[k]
            if code in (38, 48) and k + 4 < len(codes) and codes[k + 1] == 2:
                colour = tuple(codes[k + 2:k + 5])
                fg, bg = (colour, bg) if code == 38 else (fg, colour)
                k += 5
                continue
            if code in (38, 48):
                raise AssertionError("a colour that is not truecolour: %r" % codes)
            if code in (0, 39):
                fg = (0, 0, 0)
            if code in (0, 49):
                bg = (0, 0, 0)
            k += 1
        return fg, bg

    def cell(self, column, row):
        """(character, top pixel, bottom pixel) of a cell; column and row from 1."""
        return self.cells[row - 1][column - 1]

    def pixel(self, x, y):
        """The colour of canvas pixel (x, y), both from 0: row y // 2, top or bottom half;
        None under a cell that is not a half block (the pointer's cross)."""
        char, top, bottom = self.cell(x + 1, y // 2 + 1)
        if char != "▀":
            return None
        return top if y % 2 == 0 else bottom

    @property
    def status(self):
        return "".join(c[0] for c in self.cells[ROWS - 1]) if len(self.cells) >= ROWS else ""

    @property
    def time(self):
        """The run time of the frame on screen (the status row's `t=`), or None."""
        m = re.search(r"(?:playing|paused) t=([0-9.]+)s", self.status)
        return float(m.group(1)) if m else None


class Tmux:
    """A tmux server of its own (`-L`) with one detached 160 × 49 session, no status bar,
    its pane kept when the command in it ends (so a crash's last screen can be read)."""

    count = 0

    def __init__(self, folder):
        Tmux.count += 1
        self.socket = "animc-run-%d-%d" % (os.getpid(), Tmux.count)
        self.folder = folder
        self.env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        self.started = False
        self.socket_path = None

    def command(self, *args, capture=False):
        # Only a capture reads a pipe: the server the first command starts must hold none
        # of the test's descriptors, or reading one to its end would wait for the server.
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args], env=self.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=COMMAND_TIMEOUT)
        assert result.returncode == 0, "tmux %s failed (%d)" % (args[0], result.returncode)
        return result.stdout.decode("utf-8", "replace") if capture else None

    def start(self, source):
        """Runs `animc run` on `source` and waits for its first frame."""
        scene = os.path.join(self.folder, "scene.anim")
        with open(scene, "w") as f:
            f.write(source)
        config = os.path.join(self.folder, "tmux.conf")
        with open(config, "w") as f:
            f.write("set -g status off\nset -g remain-on-exit on\nset -g default-terminal tmux-256color\n")
        self.started = True
        self.command(
            "-f", config, "new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS),
            "exec %s run %s" % (shlex.quote(animc_path()), shlex.quote(scene)))
        self.socket_path = self.command("display-message", "-p", "#{socket_path}", capture=True).strip()
        size = self.command("display-message", "-p", "#{pane_width}x#{pane_height}", capture=True).strip()
        assert size == "%dx%d" % (COLUMNS, ROWS), "the pane is %s" % size
        return self.wait(lambda s: s.time is not None, "the first frame", START_TIMEOUT)

    def send(self, text):
        """Writes `text`'s bytes to the pane's terminal, as one write."""
        self.command("send-keys", "-H", *("%02x" % b for b in text.encode()))

    def screen(self):
        return Screen(self.command("capture-pane", "-e", "-p", capture=True))

    def dead(self):
        return self.command("display-message", "-p", "#{pane_dead}", capture=True).strip() == "1"

    def wait(self, ready, what, timeout=FRAME_TIMEOUT):
        """Polls the screen until `ready(screen)`; fails after `timeout` seconds."""
        end = time.monotonic() + timeout
        while True:
            s = self.screen()
            if ready(s):
                return s
            assert not self.dead(), "animc run ended while waiting for %s:\n%s" % (what, s.text)
            if time.monotonic() > end:
                raise AssertionError("timed out waiting for %s; status: %r" % (what, s.status))
            time.sleep(0.05)

    def wait_frames(self, after, seconds=0.5):
        """Waits until the screen shows a frame at least `seconds` of run time after `after`."""
        return self.wait(lambda s: s.time is not None and s.time >= after + seconds,
                         "a frame at t >= %.1f" % (after + seconds))

    def stop(self):
        """Ends the server, and with it `animc run`; removes the socket, which tmux leaves."""
        if self.started:
            subprocess.run(["tmux", "-L", self.socket, "kill-server"], env=self.env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=COMMAND_TIMEOUT)
        if self.socket_path and os.path.basename(self.socket_path) == self.socket:
            try:
                os.remove(self.socket_path)
            except FileNotFoundError:
                pass


@pytest.fixture
def tmux(tmp_path):
    if not shutil.which("tmux"):
        # In CI (.ci/run installs it) a missing tmux is a failure, not a skip.
        if os.environ.get("CI"):
            pytest.fail("needs tmux")
        pytest.skip("needs tmux")
    t = Tmux(str(tmp_path))
    try:
        yield t
    finally:
        t.stop()
