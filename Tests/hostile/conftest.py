"""Issue 33's hostile inputs against the release binary, each run as a process under
`ulimit -v 2 GiB` with a 10 s limit: it must end in time, with exit 0, 1 or 2 (never a
signal: no abort, no crash), and an error must say what was wrong."""

import os
import resource
import signal
import subprocess
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANIMC = os.environ.get("ANIMC", os.path.join(ROOT, ".build", "release", "animc"))
# `ulimit -v 2 GiB`: RLIMIT_AS counts bytes.
LIMIT = 2 * 1024 * 1024 * 1024
# Every hostile input ends within this many seconds.
DEADLINE = 10


def limited():
    """Run in the child before exec: the address-space limit, and a process group of
    its own so that a hung child and anything it started can be ended together."""
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))
    os.setsid()


def environment():
    env = dict(os.environ, NO_COLOR="1")
    return env


class Result:
    def __init__(self, status, stdout, stderr, seconds):
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds

    def __repr__(self):
        return f"exit {self.status} after {self.seconds:.1f} s; stderr: {self.stderr[:2000]!r}"


def animc(*args, cwd=None, stdin=None, timeout=DEADLINE):
    """animc under the limit. A run past the deadline is killed and fails the test."""
    started = time.monotonic()
    process = subprocess.Popen([ANIMC, *map(str, args)], cwd=cwd, env=environment(), preexec_fn=limited,
                               stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"animc {' '.join(map(str, args))} did not end within {timeout} s")
    return Result(process.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                  time.monotonic() - started)


def expect_ended_cleanly(r, phrase=None):
    """Ended within the deadline with 0, 1 or 2 (a signal shows as a negative code, an
    abort through a shell as 134, a crash as 139); an error names the problem."""
    assert r.seconds < DEADLINE, r
    assert r.status in (0, 1, 2), r
    if r.status != 0:
        assert r.stderr.strip(), r
        assert "Fatal error" not in r.stderr, r
    if phrase is not None:
        assert phrase in r.stderr, r


def scene(directory, body, name="scene.anim", size=(200, 100), duration="0.2s"):
    """A scene file in `directory` with `body` after a small scene block."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(f'scene "Hostile" {{\n  size {size[0]}, {size[1]}\n  fps 10\n  duration {duration}\n}}\n\n{body}\n')
    return path
