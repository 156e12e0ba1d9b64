"""The order of text in two directions: the Unicode bidirectional algorithm as fribidi runs it.

fribidi (Debian's libfribidi0) is the implementation Pillow's raqm shapes with, so runs set in
the order it gives read as raqm would set the whole line in one font. Where it is missing,
Pillow cannot shape either (renderer.fonts.shaping says so); right-to-left letters then still
read right to left, by a plainer rule.
"""

from __future__ import annotations

import ctypes
import unicodedata
from functools import cache
from typing import Final

# the names the library goes by on Linux, macOS and Windows
LIBRARIES: Final = ("libfribidi.so.0", "libfribidi.0.dylib", "fribidi-0.dll", "libfribidi-0.dll")
FSI: Final = "\u2068"  # first strong isolate, to PDI
PDI: Final = "\u2069"
PAR_ON: Final = 0x40  # FRIBIDI_PAR_ON: the first strong letter's direction, else left to right


@cache
def fribidi() -> ctypes.CDLL | None:
    """Return the fribidi library, None where it is not installed."""
    for name in LIBRARIES:
        try:
            library = ctypes.CDLL(name)
        except OSError:
            continue
        # FriBidiChar, FriBidiCharType, FriBidiBracketType and FriBidiParType are 32 bits,
        # FriBidiStrIndex an int, FriBidiLevel a signed char
        words, signed = ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_int8)
        library.fribidi_get_bidi_types.argtypes = (words, ctypes.c_int, words)
        library.fribidi_get_bidi_types.restype = None
        library.fribidi_get_bracket_types.argtypes = (words, ctypes.c_int, words, words)
        library.fribidi_get_bracket_types.restype = None
        library.fribidi_get_par_embedding_levels_ex.argtypes = (
            words,
            words,
            ctypes.c_int,
            words,
            signed,
        )
        library.fribidi_get_par_embedding_levels_ex.restype = ctypes.c_int8
        return library
    return None


def levels(parts: list[str]) -> list[int]:
    """Return each cluster's embedding level: even left to right, odd right to left.

    The paragraph, and each isolate (FSI to PDI), takes the direction of its first strong
    letter; numbers, brackets and neutrals are resolved as UAX #9 says, by fribidi.
    """
    library = fribidi()
    if library is None:
        return _by_letters(parts)
    if not parts:
        return []
    text = "".join(parts)
    size = len(text)
    chars = (ctypes.c_uint32 * size)(*map(ord, text))
    kinds, brackets = (ctypes.c_uint32 * size)(), (ctypes.c_uint32 * size)()
    found = (ctypes.c_int8 * size)()
    base = ctypes.c_uint32(PAR_ON)
    library.fribidi_get_bidi_types(chars, size, kinds)
    library.fribidi_get_bracket_types(chars, size, kinds, brackets)
    done = library.fribidi_get_par_embedding_levels_ex(
        kinds, brackets, size, ctypes.byref(base), found
    )
    if not done:
        raise MemoryError("fribidi could not order a line of text")
    out: list[int] = []
    at = 0
    for part in parts:  # a cluster's characters share a level: its first one's
        out.append(found[at])
        at += len(part)
    return out


def _by_letters(parts: list[str]) -> list[int]:
    """Return levels without fribidi: right-to-left letters, and neutrals between two, odd."""
    kinds = [_strong(part) for part in parts]
    depth, outside = 0, []  # the line's direction is its first letter's outside isolates
    for part, kind in zip(parts, kinds, strict=True):
        depth = max(0, depth + (part == FSI) - (part == PDI))
        outside.append(kind if depth == 0 else "")
    base = next((kind for kind in outside if kind), "L")
    out: list[int] = []
    for index, kind in enumerate(kinds):
        if not kind:
            before = next((kind for kind in reversed(kinds[:index]) if kind), base)
            after = next((kind for kind in kinds[index + 1 :] if kind), base)
            kind = before if before == after else base
        out.append(int(kind == "R") if base == "L" else 1 + int(kind == "L"))
    return out


def _strong(part: str) -> str:
    """Return a cluster's direction: R for Arabic and Hebrew, L for other letters and digits."""
    kind = unicodedata.bidirectional(part[0])
    return "R" if kind in ("R", "AL") else "L" if kind in ("L", "EN", "AN") else ""


def visual_order(found: list[int]) -> list[int]:
    """Return the indices of items in the order they are shown, given their levels (L2)."""
    order = list(range(len(found)))
    lowest_odd = min((level for level in found if level % 2), default=None)
    if lowest_odd is None:
        return order
    for level in range(max(found), lowest_odd - 1, -1):
        index = 0
        while index < len(order):
            if found[order[index]] < level:
                index += 1
                continue
            end = index
            while end < len(order) and found[order[end]] >= level:
                end += 1
            order[index:end] = reversed(order[index:end])
            index = end
    return order
