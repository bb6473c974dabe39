#!/usr/bin/env python3
"""Prints the code points whose East Asian Width (UAX #11) is W or F, and
those whose width is A (ambiguous).

The Swift standard library has no East Asian Width property, so
generate-text-tables.swift reads it from Python's `unicodedata`:

    python3 Docs/tools/east-asian-width.py \
      | swift Docs/tools/generate-text-tables.swift width \
      > Sources/PickCore/Display/DisplayWidthTable.swift

Output: a first line `# Unicode X.Y.Z` (Python's Unicode version, which may
be older than the standard library's), then one `FIRST LAST` range of hex
code points per line for W and F, and one `A FIRST LAST` range per line for
A (`--ambidouble` draws those two columns wide).

`unicodedata.east_asian_width` answers "F" for every unassigned code point
(the zero record of CPython's database), so unassigned code points are given
the defaults that EastAsianWidth.txt states instead: W in the CJK ideograph
blocks and all of planes 2 and 3, N everywhere else. That also makes
ideographs added after Python's Unicode version wide.
"""
import unicodedata

WIDE_BY_DEFAULT = [
    (0x3400, 0x4DBF),    # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),    # CJK Unified Ideographs
    (0xF900, 0xFAFF),    # CJK Compatibility Ideographs
    (0x20000, 0x2FFFD),  # Plane 2
    (0x30000, 0x3FFFD),  # Plane 3
]


def is_wide(cp):
    ch = chr(cp)
    if unicodedata.category(ch) == "Cn":
        return any(first <= cp <= last for first, last in WIDE_BY_DEFAULT)
    return unicodedata.east_asian_width(ch) in ("W", "F")


def is_ambiguous(cp):
    ch = chr(cp)
    return unicodedata.category(ch) != "Cn" and unicodedata.east_asian_width(ch) == "A"


def print_ranges(test, prefix):
    start = None
    for cp in range(0x110001):
        inside = cp < 0x110000 and test(cp)
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            print("%s%04X %04X" % (prefix, start, cp - 1))
            start = None


print("# Unicode", unicodedata.unidata_version)
print_ranges(is_wide, "")
print_ranges(is_ambiguous, "A ")
