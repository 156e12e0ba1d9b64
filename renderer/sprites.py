"""Piece sprites and fonts, each made once per size and shared between threads."""

from __future__ import annotations

import io
import logging
import threading
from typing import Final

import chess
import chess.svg
import resvg_py
from PIL import Image, ImageFont

logger = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont

PIECE_SYMBOLS: Final = "PNBRQKpnbrqk"


def _rasterise(symbol: str, size: int) -> Image.Image:
    """Rasterise python-chess's drawing of one piece to an RGBA sprite of size pixels."""
    svg = chess.svg.piece(chess.Piece.from_symbol(symbol), size=size)
    png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
    sprite = Image.open(io.BytesIO(bytes(png)))
    sprite.load()
    return sprite.convert("RGBA")


class SpriteCache:
    """Rasterised pieces and loaded fonts by size; safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pieces: dict[int, dict[str, Image.Image]] = {}
        self._fonts: dict[int, Font] = {}

    def pieces(self, size: int) -> dict[str, Image.Image]:
        """Return the twelve piece sprites of size pixels, keyed by FEN letter."""
        found = self._pieces.get(size)
        if found is None:
            with self._lock:
                found = self._pieces.get(size)
                if found is None:
                    found = {symbol: _rasterise(symbol, size) for symbol in PIECE_SYMBOLS}
                    self._pieces[size] = found
                    logger.debug("rasterised the pieces at %d px", size)
        return found

    def font(self, size: int) -> Font:
        """Return the text font at size pixels."""
        found = self._fonts.get(size)
        if found is None:
            with self._lock:
                found = self._fonts.get(size)
                if found is None:
                    loaded = ImageFont.load_default(size)
                    if not isinstance(loaded, ImageFont.FreeTypeFont):
                        raise RuntimeError(
                            "Pillow was built without FreeType, so it cannot draw text"
                        )
                    found = self._fonts[size] = loaded
        return found


SPRITES: Final = SpriteCache()
