"""A chess diagram of one board: squares, pieces, elevators and highlights."""

from __future__ import annotations

from typing import Literal

from PIL import Image, ImageDraw

from games.elevator import Direction
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
from views.model import BoardView

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
    key = ("board", square, perspective, view.elevators, detail)
    image.paste(
        SPRITES.get(key, lambda: _background(view.elevators, square, perspective, detail)),
        (left, top),
    )
    tints = _tints(view)
    covered = set(tints)
    for name, tint in tints.items():
        x, y = square_origin(name, square, perspective)
        fill = square_colour(name, tint)
        draw.rectangle((left + x, top + y, left + x + square - 1, top + y + square - 1), fill)
    for name, piece in view.pieces().items():
        x, y = square_origin(name, square, perspective)
        background = square_colour(name, tints.get(name) or _base_tint(name, view.elevators))
        image.paste(SPRITES.tile(piece.symbol, square, background), (left + x, top + y))
        covered.add(name)
    if detail:
        _coordinates(image, left, top, square, perspective, covered)
    if view.capturable is not None:
        x, y = square_origin(view.capturable, square, perspective)
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=CAPTURE_MARK, width=width)
    if view.departure is not None:
        _departure(image, view, left, top, square, perspective, detail)
    if detail:
        for arrival in view.arrivals:
            x, y = square_origin(arrival.square, square, perspective)
            _badge(image, left + x, top + y, square, arrival.direction, str(arrival.from_board))
    if view.finished:
        size = 8 * square
        box = (left, top, left + size, top + size)
        faded = Image.blend(image.crop(box), Image.new("RGB", (size, size), BACKGROUND), DIM_SHARE)
        image.paste(faded, box)
    mark = CLOSED_MARK if view.finished else ELEVATOR_MARK
    for name in view.elevators:
        x, y = square_origin(name, square, perspective)
        corners(draw, left + x, top + y, square, mark)


def _background(
    elevators: tuple[str, ...], square: int, perspective: Perspective, detail: bool
) -> Image.Image:
    """Draw the squares of an empty board, elevators tinted, with its coordinates."""
    image = Image.new("RGB", (8 * square, 8 * square), PLAIN[1])
    draw = ImageDraw.Draw(image)
    for file in "abcdefgh":
        for rank in "12345678":
            name = file + rank
            if is_light(name) or name in elevators:
                x, y = square_origin(name, square, perspective)
                fill = square_colour(name, _base_tint(name, elevators))
                draw.rectangle((x, y, x + square - 1, y + square - 1), fill)
    if detail:
        _coordinates(image, 0, 0, square, perspective, None)
    return image


def _base_tint(name: str, elevators: tuple[str, ...]) -> Tint:
    return ELEVATOR if name in elevators else PLAIN


def corners(draw: ImageDraw.ImageDraw, x: int, y: int, square: int, colour: Colour) -> None:
    """Mark a square's four corners with brackets: how an elevator square is shown."""
    width = max(1, square // 16)
    length = max(3, square // 4)
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
    """Return the tint of every highlighted square; later marks win."""
    tints: dict[str, Tint] = {}
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
    image: Image.Image,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    only: set[str] | None,
) -> None:
    """Write the files along the bottom and the ranks up the left (only on some squares)."""
    typeface = font(square * 0.22)
    inset = max(2, square // 20)
    files = "abcdefgh" if perspective == "white" else "hgfedcba"
    ranks = "87654321" if perspective == "white" else "12345678"
    for column, file in enumerate(files):
        name = f"{file}{ranks[-1]}"
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = left + (column + 1) * square - inset, top + 8 * square - inset
            write(image, (x, y), file, typeface, colour, anchor="rd", bold=True)
    for row, rank in enumerate(ranks):
        name = f"{files[0]}{rank}"
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = left + inset, top + row * square + inset
            write(image, (x, y), rank, typeface, colour, anchor="lt", bold=True)


def _departure(
    image: Image.Image,
    view: BoardView,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    detail: bool,
) -> None:
    """Mark the square a piece left by elevator: an arrow and the board it went to."""
    draw = ImageDraw.Draw(image)
    assert view.departure is not None
    x, y = square_origin(view.departure.square, square, perspective)
    cx, cy = left + x + square / 2, top + y + square / 2
    if not detail:
        arrow(draw, (cx, cy), square * 0.5, view.departure.direction, DEPARTED_MARK)
        return
    arrow(draw, (cx, cy - square * 0.14), square * 0.36, view.departure.direction, DEPARTED_MARK)
    typeface = font(square * 0.26)
    label = str(view.departure.to_board)
    write(image, (cx, cy + square * 0.3), label, typeface, DEPARTED_MARK, anchor="mb", bold=True)


def _badge(
    image: Image.Image, x: int, y: int, square: int, direction: Direction, label: str
) -> None:
    """Put a small tag in a square's top-left corner: the way a piece came and its board."""
    draw = ImageDraw.Draw(image)
    typeface = font(square * 0.2)
    height = round(square * 0.26)
    inset = max(2, square // 16)
    width = round(height * 0.9 + typeface.getlength(label) + height * 0.35)
    box = (x + inset, y + inset, x + inset + width, y + inset + height)
    draw.rounded_rectangle(box, radius=height // 3, fill=ARRIVED_MARK)
    arrow(draw, (box[0] + height * 0.5, box[1] + height / 2), height * 0.5, direction, WHITE)
    write(image, (box[0] + height * 0.9, box[1] + height / 2), label, typeface, WHITE, anchor="lm")
