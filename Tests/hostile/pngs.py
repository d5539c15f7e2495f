"""PNG files written chunk by chunk (zlib and CRC-32 from Python's standard library)."""

import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def header(width, height, depth=8, colour=6):
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))


def one_pixel(extra=b""):
    """A 1×1 opaque red RGBA PNG with `extra` chunks before its data."""
    data = zlib.compress(b"\x00\xff\x00\x00\xff")
    return header(1, 1) + extra + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def write_with_unknown_chunk(path, size):
    """A 1×1 PNG carrying an unknown ancillary chunk (`haZd`: lower-case first letter) of
    `size` zero bytes, written in pieces so that the test never holds it."""
    crc = zlib.crc32(b"haZd")
    piece = bytes(1 << 20)
    with open(path, "wb") as f:
        f.write(header(1, 1) + struct.pack(">I", size) + b"haZd")
        left = size
        while left:
            n = min(left, len(piece))
            f.write(piece[:n])
            crc = zlib.crc32(piece[:n], crc)
            left -= n
        f.write(struct.pack(">I", crc))
        f.write(chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00\xff")) + chunk(b"IEND", b""))


def write_large_blank(path, side, depth=16):
    """A side×side RGBA PNG of `depth` bits, all zero, its data compressed row by row."""
    row = bytes(1 + side * 4 * depth // 8)
    compressor = zlib.compressobj(1)
    body = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    with open(path, "wb") as f:
        f.write(header(side, side, depth) + chunk(b"IDAT", body) + chunk(b"IEND", b""))
