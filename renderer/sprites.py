"""The sprite cache: pieces, fonts, labels and board backgrounds, made once and reused.

It is the renderer's only shared state: threads may render at once, so every lookup
holds a lock, and the least recently used images go once they pass a memory budget
(BUDGET, 32 MB; the bot's IMAGE_CACHE_MB). Board images keep here the parts they are made
of; at 640 pixels: the empty board with its coordinates mapped onto the palette (about 370
KB), the neighbour panel (250 KB in RGB and mapped), a row of squares (24 KB), a piece on a
square (9 KB in RGB, 3 KB mapped) and a line of text (about 4 KB). Eight boards seen from
both sides hold about 20 MB, fonts included. Rows and lines of finished positions are
never drawn again, so a larger budget mostly keeps those: a budget of 96 MB took the bot
some 4,000 moves of bench/bot_memory.py to fill, its memory growing all the while.
"""

from __future__ import annotations

import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from importlib import resources
from typing import Final, TypeVar, cast

import chess
import chess.svg
import resvg_py
from PIL import Image, ImageFont

logger = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont
T = TypeVar("T")

PIECE_SYMBOLS: Final = "PNBRQKpnbrqk"
BUDGET: Final = 32 * 1024 * 1024  # bytes of cached pixels and fonts, and ENTRY for each
FONT_WEIGHT: Final = 300 * 1024  # each loaded size holds its own copy of the font file
# bytes an entry holds beyond its pixels: its key, and its Python and Pillow objects (a mask
# of a line of text, 2 KB of pixels, holds about 3 KB)
ENTRY: Final = 1024


class SpriteCache:
    """Made-once images and fonts by key, within a memory budget; safe between threads."""

    def __init__(self, budget: int = BUDGET) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()
        self._budget = budget
        self._used = 0

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """Return what is cached under key, making it first if need be."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return cast(T, found[0])
        value = make()  # outside the lock: two threads may both make it, harmlessly
        weight = _weight(value) + ENTRY
        with self._lock:
            if key not in self._items:
                self._items[key] = (value, weight)
                self._used += weight
                self._shrink()
        return value

    def resize(self, budget: int) -> None:
        """Keep at most budget bytes from now on, dropping the least recently used at once."""
        with self._lock:
            self._budget = budget
            self._shrink()

    def _shrink(self) -> None:
        """Drop the least recently used until the cache is within its budget (lock held)."""
        while self._used > self._budget and len(self._items) > 1:
            _, (_, dropped) = self._items.popitem(last=False)
            self._used -= dropped

    def clear(self) -> None:
        """Forget everything made: the next images are drawn from nothing, as at start."""
        with self._lock:
            self._items.clear()
            self._used = 0

    def pieces(self, size: int) -> dict[str, Image.Image]:
        """Return the twelve piece sprites of size pixels, keyed by FEN letter."""
        return self.get(("pieces", size), lambda: _rasterise_all(size))

    def font(self, size: int, *, bold: bool = False) -> Font:
        """Return the text font (Source Sans Pro) at size pixels, regular or bold."""
        return self.get(("font", size, bold), lambda: _load_font(size, bold))


def draw_text(typeface: Font, text: str, anchor: str) -> tuple[Image.Image, int, int]:
    """Draw a line of text as a mask, as ImageDraw.text would, with its offset from the anchor.

    Pillow lays the line out once: getmask2 measures and renders in one.
    """
    rendered, (left, top) = typeface.getmask2(text, "L", anchor=anchor)
    width, height = rendered.size
    if not (width and height):  # no ink: an empty mask at least a pixel wide and high
        return Image.new("L", (max(1, width), max(1, height))), left, top
    return Image.Image()._new(rendered), left, top


def _rasterise_all(size: int) -> dict[str, Image.Image]:
    """Rasterise python-chess's drawings of the twelve pieces to RGBA sprites."""
    sprites: dict[str, Image.Image] = {}
    for symbol in PIECE_SYMBOLS:
        svg = chess.svg.piece(chess.Piece.from_symbol(symbol), size=size)
        png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
        sprite = Image.open(io.BytesIO(bytes(png)))
        sprites[symbol] = sprite.convert("RGBA")
    logger.debug("rasterised the pieces at %d px", size)
    return sprites


def _load_font(size: int, bold: bool) -> Font:
    """Load Source Sans Pro from its package: Latin, Greek and Cyrillic, regular and bold.

    Pillow's own font has ASCII only, and players' names have accents.
    """
    name = "SourceSansPro-Semibold.ttf" if bold else "SourceSansPro-Regular.ttf"
    data = resources.files("font_source_sans_pro").joinpath("files", name).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


def _weight(value: object) -> int:
    """Return about how many bytes a cached value holds."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands())
    if isinstance(value, dict):
        return sum(_weight(item) for item in value.values())
    if isinstance(value, tuple):
        return sum(_weight(item) for item in value)
    if isinstance(value, ImageFont.FreeTypeFont):
        return FONT_WEIGHT
    return 1024


SPRITES: Final = SpriteCache()
