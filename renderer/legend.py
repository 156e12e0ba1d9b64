"""A legend of the four armies of Chess with Different Armies: each piece, both colours, named."""

from __future__ import annotations

from typing import Final

from PIL import Image

from games.core.armies import ARMIES
from games.core.pieces import kind_name, upper_first
from renderer.art import tile
from renderer.palette import BACKGROUND, MUTED, PLAIN, TEXT, png_bytes
from renderer.text import fit, font, write

_COLUMNS: Final = 4  # an army's pieces on files a to d: corner, knight, bishop, queen


def armies_image(width: int = 800) -> Image.Image:
    """Draw every army's row of pieces, White's on a light square and Black's on a dark one."""
    pad = width // 40
    pair = (width - 2 * pad - (_COLUMNS - 1) * pad) // _COLUMNS
    square = pair // 2
    title, label = font(square * 0.34), font(square * 0.26)
    row = round(title.size * 1.5) + square + round(label.size * 1.6)
    image = Image.new("RGB", (width, pad + len(ARMIES) * (row + pad)), BACKGROUND)
    for index, army in enumerate(ARMIES.values()):
        top = pad + index * (row + pad)
        write(image, (pad, top), army.title, title, TEXT, anchor="lt", bold=True)
        cells = top + round(title.size * 1.5)
        letters = (army.corner, army.knight, army.bishop, army.queen)
        for column, letter in enumerate(letters):
            left = pad + column * (pair + pad)
            image.paste(tile(letter, square, PLAIN[0]), (left, cells))
            image.paste(tile(letter.lower(), square, PLAIN[1]), (left + square, cells))
            name = fit(upper_first(kind_name(letter)), label, pair)
            at = (left + square, cells + square + label.size * 0.3)
            write(image, at, name, label, MUTED, anchor="mt")
    return image


def armies_png(width: int = 800) -> bytes:
    """Return the armies' legend as a PNG; see armies_image."""
    return png_bytes(armies_image(width))
