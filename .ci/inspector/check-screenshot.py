#!/usr/bin/env python3
"""Checks that each PNG given is not blank: it decodes the image (no packages needed) and wants many colours, none
covering nearly all of it."""
import collections
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    if depth != 8 or colour not in (2, 6):
        raise ValueError("unexpected PNG format (depth %d, colour type %d)" % (depth, colour))
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    counts = collections.Counter()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for x in range(0, stride, channels * 4):  # every fourth pixel is plenty
            counts[bytes(line[x:x + 3])] += 1
        previous = line
    return counts


for path in sys.argv[1:]:
    counts = pixels(path)
    total = sum(counts.values())
    colour, most = counts.most_common(1)[0]
    if len(counts) < 8 or most > 0.985 * total:
        print("inspector-check: %s looks blank (%d colours; one covers %.1f%%)"
              % (path, len(counts), 100.0 * most / total), file=sys.stderr)
        sys.exit(1)
    print("inspector-check: screenshot %s: %d colours, the most common covers %.0f%%"
          % (path.rsplit("/", 1)[-1], len(counts), 100.0 * most / total))
