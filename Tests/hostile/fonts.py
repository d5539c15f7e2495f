"""Small sfnt fonts built byte by byte for the hostile inputs: the same layout as
Tests/AnimFontTests/FontBuilder.swift (head, hhea, maxp, hmtx, a format 4 cmap mapping
'A' to glyph 1 and 'B' to glyph 2, name, and glyf/loca or GPOS as given)."""

import struct


def u16(v):
    return struct.pack(">H", v & 0xFFFF)


def u32(v):
    return struct.pack(">I", v & 0xFFFFFFFF)


def sfnt(tables, version=0x00010000):
    """An sfnt with `tables`, directory sorted by tag, each table 4-byte aligned."""
    tags = sorted(tables)
    out = u32(version) + u16(len(tags)) + u16(0) * 3
    offset = 12 + 16 * len(tags)
    body = b""
    for tag in tags:
        table = tables[tag]
        out += tag.encode() + u32(0) + u32(offset) + u32(len(table))
        padded = table + b"\0" * ((4 - len(table) % 4) % 4)
        body += padded
        offset += len(padded)
    return out + body


def common(glyphs):
    """The tables every face needs: advance 500 at 1000 units per em, long loca."""
    head = bytearray(54)
    head[18:20] = u16(1000)
    head[50:52] = u16(1)
    hhea = bytearray(36)
    hhea[4:6] = u16(800)
    hhea[6:8] = u16(0x10000 - 200)
    hhea[34:36] = u16(glyphs)
    maxp = u32(0x5000) + u16(glyphs)
    hmtx = (u16(500) + u16(0)) * glyphs
    segments = [(65, 66, 0x10000 - 64), (0xFFFF, 0xFFFF, 1)]
    sub = u16(4) + u16(16 + 8 * len(segments)) + u16(0) + u16(2 * len(segments)) + u16(0) * 3
    sub += b"".join(u16(s[1]) for s in segments) + u16(0)
    sub += b"".join(u16(s[0]) for s in segments) + b"".join(u16(s[2]) for s in segments)
    sub += u16(0) * len(segments)
    cmap = u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + sub
    name = u16(0) + u16(0) + u16(6)
    return {"head": bytes(head), "hhea": bytes(hhea), "maxp": maxp, "hmtx": hmtx, "cmap": cmap, "name": name}


def true_type(glyphs, extra=None):
    """A TrueType font whose glyph i is the raw `glyf` record glyphs[i]."""
    tables = common(len(glyphs))
    tables.update(extra or {})
    glyf = b""
    loca = b""
    for g in glyphs:
        loca += u32(len(glyf))
        glyf += g + b"\0" * (len(g) % 2)
    loca += u32(len(glyf))
    tables["glyf"] = glyf
    tables["loca"] = loca
    return sfnt(tables)


def composite(components):
    """A composite glyph record: each component by glyph index at offset (0, 0)."""
    out = u16(0xFFFF) + b"\0" * 8
    for i, c in enumerate(components):
        more = 0x0020 if i < len(components) - 1 else 0
        out += u16(0x0002 | more) + u16(c) + b"\0\0"
    return out


def scaled_composite(components):
    """A composite glyph record: each (glyph, scale) component at offset (0, 0), scaled by
    its F2Dot14 scale (16384 is 1.0)."""
    out = u16(0xFFFF) + b"\0" * 8
    for i, (glyph, scale) in enumerate(components):
        more = 0x0020 if i < len(components) - 1 else 0
        out += u16(0x0002 | 0x0008 | more) + u16(glyph) + b"\0\0" + u16(scale)
    return out


# One triangle contour: (0,0) (100,0) (50,100).
TRIANGLE = (u16(1) + u16(0) + u16(0) + u16(100) + u16(100) + u16(2) + u16(0) + b"\x01\x01\x01"
            + u16(0) + u16(100) + u16(0x10000 - 50) + u16(0) + u16(0) + u16(100))


def heavy_glyph(n):
    """One contour of n on-curve points, point i at (i, 0): flag 0x33 is on-curve, a
    one-byte positive x step and the same y."""
    return (u16(1) + u16(0) + u16(0) + u16(n) + u16(0) + u16(n - 1) + u16(0)
            + b"\x33" * n + b"\x01" * n)


# A PairPos format 1 subtable: 'A' (glyph 1) then 'B' (glyph 2) advances by -50.
PAIR_AB = (u16(1) + u16(12) + u16(0x0004) + u16(0) + u16(1) + u16(18)
           + u16(1) + u16(1) + u16(1) + u16(1) + u16(2) + u16(0x10000 - 50))


def gpos(lang_sys, features, feature_lookups, lookups, subtables):
    """A GPOS table: the `latn` default language system lists `lang_sys` feature indices,
    `features` kern records share one feature table listing `feature_lookups`, and
    `lookups` lookup records share one type 2 lookup of `subtables` subtables, all PAIR_AB."""
    lookup = u16(2) + u16(0) + u16(subtables) + u16(6 + 2 * subtables) * subtables + PAIR_AB
    lookup_list = u16(lookups) + u16(2 + 2 * lookups) * lookups + lookup
    feature_table = u16(0) + u16(len(feature_lookups)) + b"".join(u16(i) for i in feature_lookups)
    feature_list = u16(features) + (b"kern" + u16(2 + 6 * features)) * features + feature_table
    lang_sys_table = u16(0) + u16(0xFFFF) + u16(len(lang_sys)) + b"".join(u16(i) for i in lang_sys)
    script_list = u16(1) + b"latn" + u16(8) + u16(4) + u16(0) + lang_sys_table
    lookup_list_offset = 10
    feature_list_offset = lookup_list_offset + len(lookup_list)
    script_list_offset = feature_list_offset + len(feature_list)
    return (u32(0x10000) + u16(script_list_offset) + u16(feature_list_offset) + u16(lookup_list_offset)
            + lookup_list + feature_list + script_list)
