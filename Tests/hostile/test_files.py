"""Items 5, 6, 8, 9, 12 and 13 (kernel files): images, scenes, fonts and outputs that are
large, special or left behind, read and written by `check`, `dump` and `render`."""

import glob
import os

import pytest

from conftest import animc, expect_ended_cleanly, scene
import fonts
import pngs


def image_scene(tmp_path, name="card.png"):
    return scene(tmp_path, f'node card = image("{name}") {{ position (100, 50) }}')


def test_item5_lottie_export_of_100000_spawns(tmp_path):
    # A burst of 100 every 10 ms for 10 s, each living 0.1 s: 100,000 spawns, about 1,000
    # alive at a time.
    path = scene(tmp_path, """emitter dots {
  every 10ms
  burst 100
  spawn circle(1) { position (random(0..200), random(0..100)); animate opacity from 1 to 0 over 0.1s }
}""", duration="10s")
    r = animc("render", path, "-o", tmp_path / "out.json", timeout=60)
    expect_ended_cleanly(r)
    assert r.status == 0, r
    assert os.path.getsize(tmp_path / "out.json") > 0
    assert sorted(os.listdir(tmp_path)) == ["out.json", "scene.anim"]


def test_item5_one_node_over_24_hours_is_refused_by_the_layer_limit(tmp_path):
    # 24 h at 60 fps: 5,184,000 frames of one layer, a sample each if the export kept them.
    path = scene(tmp_path, """node d = circle(10) {
  position (100, 50)
  animate rotation from 0deg to 360deg over 1s repeat forever
}""", duration="86400s")
    r = animc("render", path, "-o", tmp_path / "out.json", "--fps", "60")
    expect_ended_cleanly(r, "is present for more than 1000000 frames, more than a Lottie export keeps of one layer")
    assert r.status == 1, r
    assert sorted(os.listdir(tmp_path)) == ["scene.anim"]


def test_item6_a_large_image_is_dumped_without_its_pixels(tmp_path):
    # 8192² 16-bit RGBA, within §12.3 (8192² × 4 bytes = 256 MiB as 8-bit): its data
    # inflates to 8192 × (1 + 8192 × 8) bytes, about 537 MB, which a dump never needs.
    pngs.write_large_blank(tmp_path / "card.png", 8192)
    r = animc("dump", image_scene(tmp_path), "-o", tmp_path / "out.jsonl")
    expect_ended_cleanly(r)
    assert r.status == 0, r


def test_item6_a_file_past_the_cap_is_refused_by_the_cap(tmp_path):
    # 65 MiB of an unknown chunk in a 1×1 picture: past the 64 MiB a file may have.
    pngs.write_with_unknown_chunk(tmp_path / "card.png", 65 << 20)
    r = animc("check", image_scene(tmp_path))
    expect_ended_cleanly(r, "more than the 67108864 allowed")
    assert r.status == 1, r


def test_item6_ancillary_chunks_are_not_embedded(tmp_path):
    # 32 MiB of an unknown ancillary chunk within the cap: the Lottie file holds the
    # picture, not the chunk.
    pngs.write_with_unknown_chunk(tmp_path / "card.png", 32 << 20)
    r = animc("render", image_scene(tmp_path), "-o", tmp_path / "out.json")
    expect_ended_cleanly(r)
    assert r.status == 0, r
    assert os.path.getsize(tmp_path / "out.json") < 1 << 20


@pytest.mark.parametrize("what", ["image", "font", "scene"])
def test_item8_a_fifo_is_refused_without_blocking(tmp_path, what):
    # A FIFO with no writer: opening it for reading blocks unless the reader opens it
    # without blocking and checks the descriptor.
    fifo = {"image": "card.png", "font": "font.ttf", "scene": "fifo.anim"}[what]
    os.mkfifo(tmp_path / fifo)
    if what == "image":
        path = image_scene(tmp_path)
    elif what == "font":
        path = scene(tmp_path, 'node t = text("A", font: "font.ttf") { position (100, 50) }')
    else:
        path = tmp_path / fifo
    r = animc("check", path)
    if what == "scene":
        # A scene may come from a pipe (`animc check <(make-scene)`): read without
        # blocking, one with no writer is empty.
        expect_ended_cleanly(r)
    else:
        expect_ended_cleanly(r, "pipe or socket, not a regular file")
        assert r.status == 1, r


def test_item9_a_symlinked_font_and_scene_are_followed(tmp_path):
    (tmp_path / "real.ttf").write_bytes(fonts.true_type([b"", fonts.TRIANGLE]))
    os.symlink("real.ttf", tmp_path / "link.ttf")
    scene(tmp_path, 'node t = text("A", font: "link.ttf") { position (100, 50) }', name="real.anim")
    os.symlink("real.anim", tmp_path / "link.anim")
    r = animc("check", tmp_path / "link.anim")
    expect_ended_cleanly(r)
    assert r.status == 0, r


def test_item9_a_symlink_loop_is_reported_as_a_loop(tmp_path):
    os.symlink("b.ttf", tmp_path / "a.ttf")
    os.symlink("a.ttf", tmp_path / "b.ttf")
    r = animc("check", scene(tmp_path, 'node t = text("A", font: "a.ttf") { position (100, 50) }'))
    expect_ended_cleanly(r, "loop")
    assert r.status == 1, r
    assert "special file" not in r.stderr, r


def dead_pid():
    """A process id that names no live process: one past the kernel's largest."""
    with open("/proc/sys/kernel/pid_max") as f:
        return int(f.read()) + 1


@pytest.mark.parametrize("output", ["out.svg", "frames/"])
def test_item12_a_dead_runs_temporaries_are_removed(tmp_path, output):
    # What a run killed by SIGKILL leaves: `.NAME.animc-PID.tmp`, a file or a folder.
    name = output.rstrip("/")
    stale = tmp_path / f".{name}.animc-{dead_pid()}.tmp"
    if output.endswith("/"):
        stale.mkdir()
        (stale / "frame-00000.png").write_bytes(b"partial")
    else:
        stale.write_bytes(b"partial")
    # One of a live process (this test's) stays: it may be a run still writing.
    live = tmp_path / f".{name}.animc-{os.getpid()}.tmp"
    live.write_bytes(b"partial")
    path = scene(tmp_path, "node d = circle(10) { position (100, 50) }")
    r = animc("render", path, "-o", os.path.join(tmp_path, output), "--duration", "0.1s")
    expect_ended_cleanly(r)
    assert r.status == 0, r
    assert not stale.exists()
    assert live.exists()
    assert glob.glob(str(tmp_path / ".*.tmp")) == [str(live)]


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")
@pytest.mark.parametrize("what,path,phrase", [
    ("font", "/proc/self/status", "a file of the kernel's /proc or /sys, not a regular file"),
    ("image", "/proc/self/status", "a file of the kernel's /proc or /sys, not a regular file"),
    ("font", "/dev/zero", "a device, not a regular file"),
    ("image", "/dev/zero", "a device, not a regular file"),
])
def test_item13_kernel_files_and_devices_are_refused(tmp_path, what, path, phrase):
    # Through a link with the file type's extension, as a download might be named.
    name = "kernel.ttf" if what == "font" else "kernel.png"
    os.symlink(path, tmp_path / name)
    body = (f'node t = text("A", font: "{name}") {{ position (100, 50) }}' if what == "font"
            else f'node card = image("{name}") {{ position (100, 50) }}')
    r = animc("check", scene(tmp_path, body))
    expect_ended_cleanly(r, phrase)
    assert r.status == 1, r
