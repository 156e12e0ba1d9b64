"""Clocks composed from glyphs drawn once, pixel for pixel as Pillow draws the whole line.

A clock ("4:05", "0:09.3", "1:02:03", "2d 5h") is new in nearly every image, and laying a line
out (raqm) and rendering it costs Pillow more than the rest of the line's drawing. Pillow
(FreeTypeFont.getmask2, Pillow 10 and later) lays the glyphs out, places each at its pen
position rounded to a pixel and blends it over those before ("over": a + b * (255 - a) / 255,
what pasting white through the glyph's mask does); the line's box spans the glyphs' boxes, the
baseline and the pen's end, and the anchor is found from the pen's end and the font's metrics.
Where no pair of signs is kerned or joined, that is a sum of glyphs drawn once, and so it is
composed here. It is checked, not assumed: the first time a size is used, every pair of signs
is drawn both ways (some 15 ms), and a line with a pair that differs, in its pixels or in
Pillow's length, is left to Pillow; where the glyphs' masks cannot tell how far a box reaches
right (an outline may end past its last column of ink), Pillow is asked for the box. The
anchors are placed by Pillow's rules (tests/renderer/test_glyphs.py checks every clock against
Pillow). Other text (names, words, scripts that need shaping) is left to Pillow whole
(renderer.text).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from PIL import Image

from renderer.sprites import SPRITES, Font, draw_text

SIGNS: Final = frozenset("0123456789:. dh")  # what renderer.board.format_clock writes


def _pixel(position: int) -> int:
    """Return a pen position in 1/64 pixel rounded to a pixel, as Pillow rounds it."""
    return (position + 32) >> 6


@dataclass(frozen=True, slots=True)
class Glyph:
    """A sign drawn alone at anchor "ls": its mask, its box from the pen, its advance."""

    mask: Image.Image
    left: int
    top: int
    right: int  # the box's right edge: the glyph's outline or its advance, the farther
    bottom: int
    ink: int  # where its ink ends: its outline ends there or farther, at most at right
    advance: int  # in 1/64 pixel
    inked: bool  # not a space


@dataclass(frozen=True, slots=True)
class Composed:
    """A line composed of glyphs: its mask and the offset of its box from the anchor point."""

    mask: Image.Image
    left: int
    top: int


class Glyphs:
    """One font's signs at one size, and the pairs of them found to compose as Pillow draws.

    Threads may share it: what they find is the same, so a race only finds it twice.
    """

    def __init__(self, size: int, bold: bool) -> None:
        self.size, self.bold = size, bold
        self.glyphs: dict[str, Glyph] = {}
        self.pairs: dict[str, bool] = {}
        self.rises: dict[str, int] = {}  # an anchor's vertical letter: its box's top from "s"
        # where each sign's outline ends, from the pen: at least, at most (equal once known)
        self.ends: dict[str, tuple[int, int]] = {}

    def length(self, text: str) -> float | None:
        """Return text's length as Pillow's getlength gives it, or None if it is not composed."""
        if not self._composes(text):
            return None
        return sum(self._glyph(sign).advance for sign in text) / 64

    def compose(self, text: str, anchor: str) -> Composed | None:
        """Return text's mask and offset as getmask2 draws them, or None if it is not composed."""
        if anchor[0] not in "lmr" or anchor[1] not in "asmdtb" or not self._composes(text):
            return None
        # a line without ink (spaces) has no height: Pillow places its empty mask its own way
        return self._compose(text, anchor) if self._inked(text) else None

    def _composes(self, text: str) -> bool:
        if not text or not SIGNS.issuperset(text):
            return False
        if not self.pairs:  # all at once, the first time (some 15 ms): then clocks cost nothing
            self.pairs = {
                first + second: self._same(first + second) for first in SIGNS for second in SIGNS
            }
        pairs = self.pairs
        return all(pairs[text[index : index + 2]] for index in range(len(text) - 1))

    def _same(self, pair: str) -> bool:
        """Draw a pair both ways and tell whether composing it gives Pillow's line."""
        advance = sum(self._glyph(sign).advance for sign in pair)
        if self.font.getlength(pair) * 64 != advance:
            return False  # kerned, or joined into another glyph
        composed = self._compose(pair, "ls")
        drawn = draw_text(self.font, pair, "ls")
        return (composed.left, composed.top) == drawn[1:] and _same_mask(composed.mask, drawn[0])

    @property
    def font(self) -> Font:
        """Return the text font at this size, as SPRITES keeps it."""
        return SPRITES.font(self.size, bold=self.bold)

    def _inked(self, text: str) -> bool:
        return any(self._glyph(sign).inked for sign in text)

    def _glyph(self, sign: str) -> Glyph:
        glyph = self.glyphs.get(sign)
        if glyph is None:
            mask, left, top = draw_text(self.font, sign, "ls")
            box = self.font.getbbox(sign, anchor="ls")  # a space's has no height, its mask has
            right, bottom = round(box[2]), round(box[3])
            advance = round(self.font.getlength(sign) * 64)
            inked = mask.getbbox()
            ink = left + inked[2] if inked else left
            if right > _pixel(advance):  # the outline reaches past the advance: it ends there
                ink = right
            glyph = Glyph(mask, left, top, right, bottom, ink, advance, inked is not None)
            self.ends.setdefault(sign, (ink, right))
            self.glyphs[sign] = glyph
        return glyph

    def _learn(self, text: str, places: list[int], right: int) -> None:
        """Narrow where the signs' outlines end, from where Pillow ends a line's box."""
        for sign, place in zip(text, places, strict=True):
            least, most = self.ends[sign]
            self.ends[sign] = (least, min(most, right - place))  # no outline ends past the box
        pen, beyond = 0, 0  # how far the pen's ends reach
        for sign in text:
            pen += self.glyphs[sign].advance
            beyond = max(beyond, _pixel(pen))
        for index, (sign, place) in enumerate(zip(text, places, strict=True)):
            others = [
                place_ + self.ends[other][1]
                for other_index, (other, place_) in enumerate(zip(text, places, strict=True))
                if other_index != index
            ]
            if right > max([beyond, *others]):  # only this outline reaches the box's end
                self.ends[sign] = (right - place, right - place)

    def _rise(self, letter: str) -> int:
        rise = self.rises.get(letter)
        if rise is None:
            above = self.font.getbbox("0", anchor="l" + letter)[1]
            rise = round(above - self.font.getbbox("0", anchor="ls")[1])
            self.rises[letter] = rise
        return rise

    def _compose(self, text: str, anchor: str) -> Composed:
        glyphs = [self._glyph(sign) for sign in text]
        pen = left = top = bottom = reach = farthest = 0
        places: list[int] = []
        for sign, glyph in zip(text, glyphs, strict=True):
            place = _pixel(pen)
            places.append(place)
            left, top = min(left, place + glyph.left), min(top, glyph.top)
            bottom = max(bottom, glyph.bottom)
            least, most = self.ends[sign]
            reach, farthest = max(reach, place + least), max(farthest, place + most)
            pen += glyph.advance
            reach, farthest = max(reach, _pixel(pen)), max(farthest, _pixel(pen))
        right = reach
        if reach != farthest:  # an outline may end past the rest: Pillow knows where
            right = round(self.font.getbbox(text, anchor="ls")[2])
            self._learn(text, places, right)
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        for place, glyph in zip(places, glyphs, strict=True):
            x, y = place + glyph.left - left, glyph.top - top
            mask.paste(255, (x, y, x + glyph.mask.width, y + glyph.mask.height), glyph.mask)
        across = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]
        down = {"t": top, "b": bottom}.get(anchor[1])
        rise = -down if down is not None else self._rise(anchor[1])
        return Composed(mask, left - across, top + rise)


def _same_mask(composed: Image.Image, drawn: Image.Image) -> bool:
    return composed.size == drawn.size and composed.tobytes() == drawn.tobytes()


KEPT: Final = 32  # sizes and weights whose signs are kept, some 20 KB each

# kept apart from SPRITES, whose images come and go: what was found of a font's pairs stays
_KNOWN: OrderedDict[tuple[int, bool], Glyphs] = OrderedDict()
_KNOWN_LOCK: Final = threading.Lock()


def glyphs(size: int, bold: bool) -> Glyphs:
    """Return the text font's signs at size pixels, regular or bold."""
    with _KNOWN_LOCK:
        found = _KNOWN.get((size, bold))
        if found is None:
            found = _KNOWN[size, bold] = Glyphs(size, bold)
            while len(_KNOWN) > KEPT:
                _KNOWN.popitem(last=False)
        else:
            _KNOWN.move_to_end((size, bold))
        return found
