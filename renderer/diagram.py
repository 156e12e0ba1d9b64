"""A chess diagram of one board: squares, pieces, elevators and highlights."""

from __future__ import annotations

from typing import Literal

from PIL import Image, ImageDraw

from elevator import Direction
from renderer.palette import (
    ARRIVED,
    ARRIVED_MARK,
    BACKGROUND,
    CAPTURABLE,
    CAPTURE_MARK,
    CHECK,
    CLOSED_MARK,
    DEPARTED,
    DEPARTED_MARK,
    DIM_SHARE,
    ELEVATOR,
    ELEVATOR_MARK,
    LAST_MOVE,
    PLAIN,
    WHITE,
    Colour,
    Tint,
)
from renderer.sprites import SPRITES
from renderer.text import font, write
from renderer.view import BoardView

Perspective = Literal["white", "black"]


def square_origin(name: str, square: int, perspective: Perspective) -> tuple[int, int]:
    """Return the top-left corner of a square, relative to the diagram's."""
    file, rank = ord(name[0]) - ord("a"), int(name[1]) - 1
    if perspective == "black":
        return (7 - file) * square, rank * square
    return file * square, (7 - rank) * square


def is_light(name: str) -> bool:
    """Tell whether a square is a light one (h1 is light)."""
    return (ord(name[0]) - ord("a") + int(name[1])) % 2 == 0


def square_colour(name: str, tint: Tint) -> Colour:
    """Return a tint's colour on a given square."""
    return tint[0] if is_light(name) else tint[1]


def draw_diagram(
    image: Image.Image,
    view: BoardView,
    *,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    detail: bool = True,
) -> None:
    """Draw a board's diagram with its top-left corner at (left, top); 8 squares wide.

    detail adds coordinates, arrival badges and destination numbers, for large diagrams.
    """
    draw = ImageDraw.Draw(image)
    tints = _tints(view)
    size = 8 * square
    draw.rectangle((left, top, left + size - 1, top + size - 1), fill=PLAIN[1])
    for file in "abcdefgh":
        for rank in "12345678":
            name = file + rank
            tint = tints.get(name)
            if tint is None and not is_light(name):
                continue
            x, y = square_origin(name, square, perspective)
            fill = square_colour(name, tint or PLAIN)
            draw.rectangle((left + x, top + y, left + x + square - 1, top + y + square - 1), fill)
    if detail:
        _coordinates(draw, left, top, square, perspective)
    sprites = SPRITES.pieces(square)
    for name, piece in view.pieces().items():
        x, y = square_origin(name, square, perspective)
        sprite = sprites[piece.symbol]
        image.paste(sprite, (left + x, top + y), sprite)
    if view.capturable is not None:
        x, y = square_origin(view.capturable, square, perspective)
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=CAPTURE_MARK, width=width)
    if view.departure is not None:
        _departure(draw, view, left, top, square, perspective, detail)
    if detail:
        for arrival in view.arrivals:
            x, y = square_origin(arrival.square, square, perspective)
            _badge(draw, left + x, top + y, square, arrival.direction, str(arrival.from_board))
    if view.finished:
        box = (left, top, left + size, top + size)
        faded = Image.blend(image.crop(box), Image.new("RGB", (size, size), BACKGROUND), DIM_SHARE)
        image.paste(faded, box)
    mark = CLOSED_MARK if view.finished else ELEVATOR_MARK
    for name in view.elevators:
        x, y = square_origin(name, square, perspective)
        corners(draw, left + x, top + y, square, mark)


def corners(draw: ImageDraw.ImageDraw, x: int, y: int, square: int, colour: Colour) -> None:
    """Mark a square's four corners with brackets: how an elevator square is shown."""
    width = max(2, square // 16)
    length = max(4, square // 4)
    right, bottom = x + square - 1, y + square - 1
    for cx, dx in ((x, 1), (right, -1)):
        for cy, dy in ((y, 1), (bottom, -1)):
            xs = sorted((cx, cx + dx * (length - 1)))
            ys = sorted((cy, cy + dy * (width - 1)))
            draw.rectangle((xs[0], ys[0], xs[1], ys[1]), fill=colour)
            xs = sorted((cx, cx + dx * (width - 1)))
            ys = sorted((cy, cy + dy * (length - 1)))
            draw.rectangle((xs[0], ys[0], xs[1], ys[1]), fill=colour)


def arrow(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    size: float,
    direction: Direction,
    colour: Colour,
) -> None:
    """Draw a triangle pointing up or down: which way a ride goes."""
    cx, cy = centre
    half = size / 2
    tip, base = (cy - half, cy + half) if direction == "up" else (cy + half, cy - half)
    draw.polygon([(cx, tip), (cx - half, base), (cx + half, base)], fill=colour)


def _tints(view: BoardView) -> dict[str, Tint]:
    """Return the tint of every square that is not plain; later marks win."""
    tints: dict[str, Tint] = dict.fromkeys(view.elevators, ELEVATOR)
    for name in view.last_move or ():
        tints[name] = LAST_MOVE
    if view.departure is not None:
        tints[view.departure.square] = DEPARTED
    for arrival in view.arrivals:
        tints[arrival.square] = ARRIVED
    if view.check is not None:
        tints[view.check] = CHECK
    if view.capturable is not None:
        tints[view.capturable] = CAPTURABLE
    return tints


def _coordinates(
    draw: ImageDraw.ImageDraw, left: int, top: int, square: int, perspective: Perspective
) -> None:
    typeface = font(square * 0.22)
    inset = max(2, square // 20)
    files = "abcdefgh" if perspective == "white" else "hgfedcba"
    ranks = "87654321" if perspective == "white" else "12345678"
    for column, file in enumerate(files):
        name = f"{file}{ranks[-1]}"
        colour = PLAIN[1] if is_light(name) else PLAIN[0]
        x = left + (column + 1) * square - inset
        write(draw, (x, top + 8 * square - inset), file, typeface, colour, anchor="rd", bold=True)
    for row, rank in enumerate(ranks):
        name = f"{files[0]}{rank}"
        colour = PLAIN[1] if is_light(name) else PLAIN[0]
        write(
            draw,
            (left + inset, top + row * square + inset),
            rank,
            typeface,
            colour,
            anchor="lt",
            bold=True,
        )


def _departure(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    detail: bool,
) -> None:
    """Mark the square a piece left by elevator: an arrow and the board it went to."""
    assert view.departure is not None
    x, y = square_origin(view.departure.square, square, perspective)
    cx, cy = left + x + square / 2, top + y + square / 2
    if not detail:
        arrow(draw, (cx, cy), square * 0.5, view.departure.direction, DEPARTED_MARK)
        return
    arrow(draw, (cx, cy - square * 0.14), square * 0.36, view.departure.direction, DEPARTED_MARK)
    typeface = font(square * 0.26)
    label = str(view.departure.to_board)
    write(draw, (cx, cy + square * 0.3), label, typeface, DEPARTED_MARK, anchor="mb", bold=True)


def _badge(
    draw: ImageDraw.ImageDraw, x: int, y: int, square: int, direction: Direction, label: str
) -> None:
    """Put a small tag in a square's top-left corner: the way a piece came and its board."""
    typeface = font(square * 0.2)
    height = round(square * 0.26)
    inset = max(2, square // 16)
    width = round(height * 0.9 + typeface.getlength(label) + height * 0.35)
    box = (x + inset, y + inset, x + inset + width, y + inset + height)
    draw.rounded_rectangle(box, radius=height // 3, fill=ARRIVED_MARK)
    arrow(draw, (box[0] + height * 0.5, box[1] + height / 2), height * 0.5, direction, WHITE)
    write(draw, (box[0] + height * 0.9, box[1] + height / 2), label, typeface, WHITE, anchor="lm")
