#!/usr/bin/env python3
"""WCAG 2.x contrast of text as it was drawn: reads a screenshot at the
text boxes Scripts/browser/text-boxes.js listed.

    contrast.py SCREENSHOT.png DOM-DUMP.html LABEL [MINIMUM]

DOM-DUMP.html is chromium's --dump-dom of the host page, whose
<pre id="layout-verdict"> holds the boxes as JSON.

In each box, the background is the colour most of its pixels have and the
text's colour is the pixel farthest from it in contrast: anti-aliased edges
lie between the two, so the figure is the glyphs' own colour, or a little
less when a glyph has no fully inked pixel (never more). Prints
"PASS LABEL: …" with the lowest ratio of each part (badge, overdue and today
frames, other text), or "FAIL LABEL: …" with the boxes under MINIMUM
(default 4.5). Needs ImageMagick's convert to read the PNG.
"""
import html
import json
import re
import subprocess
import sys
from collections import Counter


def luminance(rgb):
    def channel(value):
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hex_of(rgb):
    return "#%02x%02x%02x" % rgb


def read_png(path):
    size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True)
    width, height = (int(v) for v in size.stdout.split())
    raw = subprocess.run(["convert", path, "-alpha", "off", "-depth", "8", "rgb:-"],
                         capture_output=True, check=True).stdout
    return width, height, raw


def measure(image, box):
    """(ratio, text colour, background colour) of one box, or None when it
    lies outside the screenshot."""
    width, height, raw = image
    x, y, w, h = box[:4]
    left, top = max(0, int(x)), max(0, int(y))
    right, bottom = min(width, int(x + w + 0.999)), min(height, int(y + h + 0.999))
    if right - left < 1 or bottom - top < 1:
        return None
    colours = Counter()
    for row in range(top, bottom):
        start = (row * width + left) * 3
        line = raw[start:start + (right - left) * 3]
        colours.update(zip(line[0::3], line[1::3], line[2::3]))
    background = colours.most_common(1)[0][0]
    ink = max(colours, key=lambda colour: contrast(colour, background))
    return contrast(ink, background), ink, background


def main():
    shot, dump, label = sys.argv[1:4]
    minimum = float(sys.argv[4]) if len(sys.argv) > 4 else 4.5
    image = read_png(shot)
    found = re.search(r'<pre id="layout-verdict">(.*?)</pre>', open(dump, encoding="utf-8").read(), re.S)
    if not found:
        print(f"FAIL {label}: no text boxes in the DOM (the page's script did not report)")
        return 1
    boxes = json.loads(html.unescape(found.group(1)))["boxes"]
    lowest = {}
    failures = []
    measured = 0
    for box in boxes:
        result = measure(image, box)
        if result is None:
            continue
        measured += 1
        ratio, ink, background = result
        part, name = box[4], box[5]
        entry = (ratio, f"{name} {hex_of(ink)} on {hex_of(background)}")
        if part not in lowest or ratio < lowest[part][0]:
            lowest[part] = entry
        if ratio < minimum:
            failures.append(entry)
    parts = ", ".join(f"{part} {lowest[part][0]:.2f}:1 ({lowest[part][1]})" for part in sorted(lowest))
    if measured == 0 or failures:
        failures.sort()
        detail = "; ".join(f"{r:.2f}:1 {what}" for r, what in failures[:12])
        print(f"FAIL {label}: {len(failures)} of {measured} text boxes under {minimum}:1: {detail or 'no text measured'}")
        return 1
    print(f"PASS {label}: {measured} text boxes at {minimum}:1 or more; lowest: {parts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
