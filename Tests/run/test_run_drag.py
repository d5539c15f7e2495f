"""`animc run`'s drags and clicks in a real terminal (§16): xterm SGR mouse reports
(modes 1002 + 1006) become presses, moves and releases, a click taps exactly once, and a
cross marks the pointer while the button is down.

Geometry, worked by hand. The pane is 160 × 49 cells: 48 text rows of two half-block
pixels (the top one the cell's foreground, the bottom one its background) and one status
row, so the canvas is 160 × 96 pixels. A 400 × 300 scene fits at
k = min(160/400, 96/300) = 0.32, 128 × 96 pixels, centred at x offset (160 − 128)/2 = 16,
y offset 0. Scene point (x, y) is pixel (16 + 0.32x, 0.32y), in column ⌊16 + 0.32x⌋ + 1
and row ⌊0.16y⌋ + 1. A report at a cell is at the cell's centre, pixel
(column − 0.5, 2·row − 1), scene ((column − 16.5)/0.32, (2·row − 1)/0.32).

The badge, a circle of radius 24 at (300, 100), is pixel (112, 32) with radius 7.68, in
cell (113, 17), whose centre is scene (301.5625, 103.125). Dragged from there to the cell
of (100, 200), cell (49, 33), centre (101.5625, 203.125), it moves by (−200, 100) and lands
at (100, 200): pixel (48, 64).

A tap's mark is a 30 × 30 square, 9.6 pixels, of green at opacity 0.5: over black a
pixel it covers is (0, 127.5, 0) for one tap and (0, 191.25, 0) for two (0.5·255 +
0.5·127.5); over the red badge, one tap is (127.5, 127.5, 0). A mark centred in the badge's
cell lies inside the badge but for its corners' partly covered pixels."""

import math
import time

import pytest

from conftest import COLUMNS, ROWS

SCENE = (400, 300)
PIXELS = (COLUMNS, (ROWS - 1) * 2)
K = min(PIXELS[0] / SCENE[0], PIXELS[1] / SCENE[1])
OFFSET = ((PIXELS[0] - SCENE[0] * K) / 2, (PIXELS[1] - SCENE[1] * K) / 2)

BLACK = (0, 0, 0)
RED = (255, 0, 0)
WHITE = (255, 255, 255)
# One tap's mark over black and over red; two taps' green is 191.
ONE_TAP = (0, 127.5, 0)
ONE_TAP_ON_RED = (127.5, 127.5, 0)
# Rounding and the rasterizer's curve flattening, no more: a second tap is 64 away.
TOLERANCE = 3

BADGE_HOME = (300, 100)
BADGE_RADIUS = 24
MARK_SIZE = 30

PLAIN = """scene {
  size 400, 300
  fps 10
  duration 60s
  background #000000
}
"""

# A red badge on black that follows the pointer while pressed; it has no `on release`,
# so it stays where it is dropped.
BADGE = PLAIN + """
node badge = circle(24) {
  position (300, 100)
  fill #FF0000
  on drag {
    position drag.start + drag.translation
  }
}
"""

# A half-transparent green square at each tap.
TAP_MARK = """
emitter mark {
  on tap
  spawn rect(30, 30) {
    position trigger.position
    fill #00FF00
    opacity 0.5
  }
}
"""


def test_the_hand_worked_geometry():
    assert (K, OFFSET) == (0.32, (16, 0))
    assert cell_of(BADGE_HOME) == (113, 17)
    assert cell_of((100, 200)) == (49, 33)
    assert centre_of((113, 17)) == pytest.approx((301.5625, 103.125))
    assert centre_of((49, 33)) == pytest.approx((101.5625, 203.125))
    assert dragged(BADGE_HOME, (113, 17), (49, 33)) == pytest.approx((100, 200))


def cell_of(point):
    """The cell (column, row from 1) holding scene point `point`."""
    x, y = pixel_of(point)
    return (math.floor(x) + 1, math.floor(y / 2) + 1)


def pixel_of(point):
    return (OFFSET[0] + K * point[0], OFFSET[1] + K * point[1])


def centre_of(cell):
    """The scene point a report at `cell` stands for: the cell's centre."""
    return ((cell[0] - 0.5 - OFFSET[0]) / K, (2 * cell[1] - 1 - OFFSET[1]) / K)


def dragged(start, pressed, released):
    """Where a node at `start` lands when dragged from cell `pressed` to cell `released`."""
    a, b = centre_of(pressed), centre_of(released)
    return (start[0] + b[0] - a[0], start[1] + b[1] - a[1])


# A pixel is the unit square [x, x + 1] × [y, y + 1]. These keep a margin from the edge so
# that antialiasing cannot touch the pixels they list.
MARGIN = 0.25


def pixels_in_circle(centre, radius):
    """Pixels entirely inside the circle (scene centre and radius)."""
    cx, cy = pixel_of(centre)
    r = K * radius - MARGIN
    return {(x, y) for x in range(PIXELS[0]) for y in range(PIXELS[1])
            if all(math.hypot(px - cx, py - cy) < r for px in (x, x + 1) for py in (y, y + 1))}


def pixels_in_square(centre, side):
    """Pixels entirely inside the axis-aligned square (scene centre and side)."""
    cx, cy = pixel_of(centre)
    h = K * side / 2 - MARGIN
    return {(x, y) for x in range(PIXELS[0]) for y in range(PIXELS[1])
            if cx - h < x and x + 1 < cx + h and cy - h < y and y + 1 < cy + h}


def pixels_touching_square(centre, side):
    """Pixels not entirely outside the axis-aligned square."""
    cx, cy = pixel_of(centre)
    h = K * side / 2 + MARGIN
    return {(x, y) for x in range(PIXELS[0]) for y in range(PIXELS[1])
            if cx - h < x + 1 and x < cx + h and cy - h < y + 1 and y < cy + h}


def pixels_of_cell(cell):
    return {(cell[0] - 1, 2 * cell[1] - 2), (cell[0] - 1, 2 * cell[1] - 1)}


def near(colour, expected):
    return colour is not None and all(abs(a - b) <= TOLERANCE for a, b in zip(colour, expected))


def off(screen, pixels, expected):
    """The pixels of `pixels` whose colour is not `expected`, with their colours."""
    return {p: screen.pixel(*p) for p in sorted(pixels) if not near(screen.pixel(*p), expected)}


def all_are(pixels, expected):
    return lambda s: not off(s, pixels, expected)


def report(button, cell, release=False):
    """An SGR mouse report: `button` 0 press, 32 motion with the left button, 64 wheel."""
    return "\x1b[<%d;%d;%d%s" % (button, cell[0], cell[1], "m" if release else "M")


def crosses(screen):
    """The canvas cells that show the pointer's cross."""
    return [(c + 1, r + 1) for r, row in enumerate(screen.cells[:ROWS - 1]) for c, cell in enumerate(row)
            if cell[0] != "▀"]


def shows_cross_at(cell):
    def ready(screen):
        if crosses(screen) != [cell]:
            return False
        char, fg, bg = screen.cell(*cell)
        return (char, fg, bg) == ("+", WHITE, BLACK)
    return ready


def test_a_drag_moves_the_badge_and_it_stays_where_dropped(tmux):
    home, target = cell_of(BADGE_HOME), cell_of((100, 200))
    at_home = pixels_in_circle(BADGE_HOME, BADGE_RADIUS)
    dropped = dragged(BADGE_HOME, home, target)
    at_target = pixels_in_circle(dropped, BADGE_RADIUS)
    assert len(at_home) > 100 and not at_home & at_target
    screen = tmux.start(BADGE)
    assert not off(screen, at_home, RED)
    assert not off(screen, at_target, BLACK)

    # Not mouse reports, each dropped whole: read as keys, `p` would pause and `q` quit.
    # A wheel report is no press.
    for text in ("\x1b[<0;1p", "\x1b[<0;1;2;3q", "\x1b[A", report(64, home)):
        tmux.send(text)
    screen = tmux.wait_frames(tmux.screen().time)
    assert "playing" in screen.status and not crosses(screen)
    assert not off(screen, at_home, RED)

    # Press on the badge; each motion carries it by the pointer's translation, while the
    # cross marks the pointer.
    tmux.send(report(0, home))
    tmux.wait(shows_cross_at(home), "the cross at the press")
    for point in ((250, 130), (180, 170)):
        cell = cell_of(point)
        moved = pixels_in_circle(dragged(BADGE_HOME, home, cell), BADGE_RADIUS) - pixels_of_cell(cell)
        tmux.send(report(32, cell))
        tmux.wait(lambda s: shows_cross_at(cell)(s) and all_are(moved, RED)(s), "the badge under %s" % (cell,))
    # The last motion arrives in two writes, as a terminal may deliver it.
    last = report(32, target)
    tmux.send(last[:5])
    tmux.send(last[5:])
    screen = tmux.wait(lambda s: shows_cross_at(target)(s) and all_are(at_target - pixels_of_cell(target), RED)(s),
                       "the badge at the target while pressed")
    assert not off(screen, at_home, BLACK)

    # Released: the cross is gone and the badge stays at the drop point, frames later too.
    tmux.send(report(0, target, release=True))
    screen = tmux.wait(lambda s: not crosses(s) and all_are(at_target, RED)(s), "the dropped badge")
    screen = tmux.wait_frames(screen.time)
    assert not off(screen, at_target, RED)
    assert not off(screen, at_home, BLACK)
    assert "playing" in screen.status


def wait_for_one_mark(tmux, pixels):
    """Waits for the mark of a tap, then half a second of frames more (a second tap would
    show by then), and returns that screen."""
    screen = tmux.wait(lambda s: any((s.pixel(*p) or BLACK)[1] > 64 for p in pixels), "a tap's mark")
    return tmux.wait_frames(screen.time)


@pytest.mark.parametrize("scene", [PLAIN, BADGE], ids=["nothing-receives-presses", "beside-a-receiver"])
def test_a_click_on_empty_space_taps_once(tmux, scene):
    # In the plain scene the press is the tap; beside the badge, the short press and
    # release is. Either way one mark, at the click's cell centre.
    cell = cell_of((100, 200))
    mark = pixels_in_square(centre_of(cell), MARK_SIZE)
    assert len(mark) > 50
    tmux.start(scene + TAP_MARK)
    tmux.send(report(0, cell))
    tmux.send(report(0, cell, release=True))
    screen = wait_for_one_mark(tmux, mark)
    assert not off(screen, mark, ONE_TAP)
    if scene is BADGE:
        assert not off(screen, pixels_in_circle(BADGE_HOME, BADGE_RADIUS), RED)


def test_a_short_press_on_the_badge_is_a_tap(tmux):
    # Pressed and released at one point at once: the badge does not move, and the tap's
    # mark covers its middle.
    home = cell_of(BADGE_HOME)
    badge = pixels_in_circle(BADGE_HOME, BADGE_RADIUS)
    mark = pixels_in_square(centre_of(home), MARK_SIZE)
    only_badge = badge - pixels_touching_square(centre_of(home), MARK_SIZE)
    assert len(only_badge) > 10 and len(badge & mark) > 50
    tmux.start(BADGE + TAP_MARK)
    tmux.send(report(0, home))
    tmux.send(report(0, home, release=True))
    screen = wait_for_one_mark(tmux, mark)
    assert not off(screen, badge & mark, ONE_TAP_ON_RED)
    assert not off(screen, only_badge, RED)


def test_a_long_press_on_the_badge_is_no_tap(tmux):
    # §16: a press and a release make a tap only when less than 0.3 s apart.
    home = cell_of(BADGE_HOME)
    badge = pixels_in_circle(BADGE_HOME, BADGE_RADIUS)
    tmux.start(BADGE + TAP_MARK)
    tmux.send(report(0, home))
    tmux.wait(shows_cross_at(home), "the cross at the press")
    # The press has been read; the release comes more than 0.3 s of run time after it.
    time.sleep(0.6)
    tmux.send(report(0, home, release=True))
    screen = tmux.wait(lambda s: not crosses(s), "the cross to go")
    screen = tmux.wait_frames(screen.time)
    assert not off(screen, badge, RED)


def test_the_cross_shows_only_while_pressed(tmux):
    a, b = cell_of((100, 200)), cell_of((150, 250))
    badge = pixels_in_circle(BADGE_HOME, BADGE_RADIUS)
    screen = tmux.start(BADGE)
    # A motion with no press is not a drag: no cross.
    tmux.send(report(32, a))
    screen = tmux.wait_frames(screen.time)
    assert not crosses(screen)
    # Pressed on empty space: the cross at the pointer, following it; the badge stays.
    tmux.send(report(0, a))
    tmux.wait(shows_cross_at(a), "the cross at the press")
    tmux.send(report(32, b))
    screen = tmux.wait(shows_cross_at(b), "the cross at the motion")
    assert not off(screen, pixels_of_cell(a), BLACK)
    tmux.send(report(0, b, release=True))
    screen = tmux.wait(lambda s: not crosses(s), "the cross to go")
    assert not off(screen, pixels_of_cell(b), BLACK)
    assert not off(screen, badge, RED)
