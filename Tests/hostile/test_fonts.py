"""Items 1, 3 and 7: fonts whose structure multiplies the work or the memory of reading them."""

import pytest

from conftest import animc, expect_ended_cleanly, scene
import fonts


def font_scene(tmp_path, data, text="AB"):
    (tmp_path / "hostile.ttf").write_bytes(data)
    return scene(tmp_path, f'node t = text("{text}", size: 20, font: "hostile.ttf") {{ position (100, 50) }}')


def composite_bomb(distinct):
    """Issue 33 item 1: glyph k holds glyph k+1 forty times, eight levels down to an empty
    glyph: 40^8 visits if each reference were expanded, and no points to stop it. 'A' is
    glyph 1, the top. With `distinct`, each reference scales differently, so no two uses
    of a component are alike."""
    glyphs = [b""]
    for k in range(1, 9):
        if distinct:
            glyphs.append(fonts.scaled_composite([(k + 1, 8192 + 101 * i + 7 * k) for i in range(40)]))
        else:
            glyphs.append(fonts.composite([k + 1] * 40))
    glyphs.append(b"")
    return fonts.true_type(glyphs)


@pytest.mark.parametrize("command", ["check", "dump", "render"])
def test_item1_composite_glyph_bomb_ends_in_time(tmp_path, command):
    extra = ["--frame", "0", "-o", tmp_path / "a.png"] if command == "render" else []
    r = animc(command, font_scene(tmp_path, composite_bomb(distinct=False), "AAAA"), *extra)
    # The tree's leaves are empty: it draws nothing, and that is no error.
    expect_ended_cleanly(r)
    assert r.status == 0, r


def test_item1_composite_bomb_under_distinct_transforms_is_an_error(tmp_path):
    r = animc("check", font_scene(tmp_path, composite_bomb(distinct=True), "A"))
    expect_ended_cleanly(r, "refers to components more than 100000 times")
    assert r.status == 1, r


def gpos_font(table):
    return fonts.true_type([b"", fonts.TRIANGLE, fonts.TRIANGLE], extra={"GPOS": table})


def test_item3_repeated_lookup_indices_are_read_once(tmp_path):
    # The kern feature listed 30,000 times, naming lookup 0 30,000 times: 9×10^8 lookup
    # indices if each listing were kept before duplicates are removed.
    n = 30_000
    table = fonts.gpos(lang_sys=[0] * n, features=1, feature_lookups=[0] * n, lookups=1, subtables=1)
    assert len(table) < 140_000
    r = animc("check", font_scene(tmp_path, gpos_font(table)))
    expect_ended_cleanly(r)
    assert r.status == 0, r


def test_item3_lookups_times_subtables_are_refused(tmp_path):
    # 10,000 lookup records share one lookup of 10,000 subtables, all named by the kern
    # feature: 10^8 subtables kept from a table of about 60 KB.
    k = 10_000
    table = fonts.gpos(lang_sys=[0], features=1, feature_lookups=list(range(k)), lookups=k, subtables=k)
    assert len(table) < 65_536
    r = animc("check", font_scene(tmp_path, gpos_font(table)))
    expect_ended_cleanly(r, "entries its size can hold")
    assert r.status == 1, r


def test_item7_a_text_of_many_heavy_glyphs_is_an_error(tmp_path):
    # 1,000 × a 30,000-point glyph: 3×10^7 points, beyond the 10^6 one text may have.
    data = fonts.true_type([b"", fonts.heavy_glyph(30_000)])
    r = animc("check", font_scene(tmp_path, data, "A" * 1000))
    expect_ended_cleanly(r, "the text's outline has more than 1000000 points")
    assert r.status == 1, r
