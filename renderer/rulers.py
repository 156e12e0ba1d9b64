"""Coordinates beside a board: file letters under its columns, rank numbers left of its rows.

Board images and overviews of a few boards both write them so.

They stand outside the squares, in the image's own text colour on its background, sized so
that a digit is at least DIGIT pixels tall when Discord shows the image PREVIEW pixels wide,
whatever the board's shape: inside the squares, a 16x16 board's cells leave no room for that.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from PIL import Image

from games.core.geometry import Shape
from renderer.cells import Perspective, extent, plan
from renderer.palette import TEXT
from renderer.sprites import SPRITES
from renderer.text import write

PREVIEW: Final = 400  # pixels: how wide Discord shows an image in a chat
DIGIT: Final = 10  # pixels a digit stands at that width (a file letter's x-height, about 8)
LEGIBLE: Final = 9  # pixels any other text's capitals and digits stand at that width, at least


@functools.cache
def ruler_font(width: int) -> int:
    """Return the font size of coordinates on an image width pixels wide."""
    return _least(_digit_height, DIGIT * max(1.0, width / PREVIEW))


def ruler_room(size: int, ranks: int = 16) -> int:
    """Return how wide the rank strip is, and how tall the file strip, for a font size.

    ranks: the most ranks a board beside the strip has, so its widest number fits.
    """
    return round(SPRITES.font(size, bold=True).getlength(str(ranks)) + size * 0.5)


def draw_rulers(
    image: Image.Image,
    shape: Shape,
    *,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    size: int,
    room: int,
) -> None:
    """Write a diagram's coordinates, in font size size, centred in strips room pixels wide.

    The strips stand left of the diagram and under it; (left, top) is the diagram's corner.
    """
    layout = plan(shape, square, perspective)
    typeface = SPRITES.font(size)
    # along the diagram's edges, also where a column or row stops short of them
    # whole pixels: a half rounds to even, which would shift labels by one as they turn
    # levels side by side share their columns' letters, levels one above another their rows'
    foot = top + extent(shape, square)[1] + room // 2
    columns = {layout.origins[name][0]: letter for name, letter in layout.files}
    for x, letter in columns.items():
        write(image, (left + x + square // 2, foot), letter, typeface, TEXT, anchor="mm", bold=True)
    rows = {layout.origins[name][1]: number for name, number in layout.ranks}
    for y, number in rows.items():
        at = (left - room // 2, top + y + square // 2)
        write(image, at, number, typeface, TEXT, anchor="mm", bold=True)


@functools.cache
def legible_size(width: int) -> int:
    """Return the least text size whose capitals and digits stand LEGIBLE pixels tall on an
    image width pixels wide that Discord shows PREVIEW wide."""
    return _least(_capitals, LEGIBLE * max(1.0, width / PREVIEW))


@functools.cache
def legible_beside(ruler: int) -> int:
    """Return the least text size as legible as LEGIBLE is to DIGIT, beside coordinates at a
    ruler size (where the image's width is not at hand: a board's panel)."""
    return _least(_capitals, _digit_height(ruler) * LEGIBLE / DIGIT)


def _least(height_at: Callable[[int], int], height: float) -> int:
    """Return the least font size from 9 up whose text, measured so, stands height tall."""
    size = 9
    while height_at(size) < height:
        size += 1
    return size


def _capitals(size: int) -> int:
    box = SPRITES.font(size).getbbox("H0")
    return int(box[3] - box[1])


def _digit_height(size: int) -> int:
    box = SPRITES.font(size, bold=True).getbbox("8")
    return int(box[3] - box[1])
