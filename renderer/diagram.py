"""A chess diagram of one board: squares, pieces, elevators and highlights."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, ImageDraw

from games.core.geometry import CHESSBOARD, FILES, Shape
from games.elevator import Direction
from renderer.art import piece_sprite, tile
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
    MUTED,
    PLAIN,
    STAIR,
    STAIR_MARK,
    WHITE,
    Colour,
    Tint,
)
from renderer.seam import draw_seam
from renderer.sprites import SPRITES
from renderer.text import font, write
from views.model import BoardView

Perspective = Literal["white", "black"]

_NAME: Final = re.compile(r"[1-9]?([a-z])([0-9]+)")


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the cells of a board's diagram go, for one cell size and one side's view.

    The diagram is the box around the board's cells (a missing cell is a gap in it); the
    levels of a board of several stand in a grid, level 1 first, each under its label.
    """

    square: int
    width: int
    height: int
    origins: dict[str, tuple[int, int]]  # every cell's top-left corner
    labels: tuple[tuple[str, int, int], ...]  # each level's label and its bottom-left corner
    files: tuple[tuple[str, str], ...]  # the cell at the foot of each column, and its letter
    ranks: tuple[tuple[str, str], ...]  # the cell at the left of each row, and its number


@dataclass(frozen=True, slots=True)
class _Box:
    """The files and ranks a board's cells span, and its levels' grid."""

    first_file: int
    last_file: int
    first_rank: int
    last_rank: int
    levels: int
    columns: int  # levels side by side
    rows: int

    def extent(self, square: int) -> tuple[int, int]:
        """Return the width and height of the diagram for a cell size."""
        gap, band = _spacing(self.levels, square)
        files = self.last_file - self.first_file + 1
        ranks = self.last_rank - self.first_rank + 1
        width = self.columns * files * square + (self.columns - 1) * gap
        height = self.rows * (band + ranks * square) + (self.rows - 1) * gap
        return width, height


def _spacing(levels: int, square: int) -> tuple[int, int]:
    """Return the gap between levels and the height of a level's label, for a cell size."""
    if levels == 1:
        return 0, 0
    return max(4, square // 2), max(11, round(square * 0.45))


@functools.lru_cache(maxsize=64)
def _box(shape: Shape) -> _Box:
    cells = [shape.parse(name) for name in shape.squares]
    files = [cell.file for cell in cells if cell is not None]
    ranks = [cell.rank for cell in cells if cell is not None]
    columns = math.ceil(math.sqrt(shape.levels))
    rows = math.ceil(shape.levels / columns)
    return _Box(min(files), max(files), min(ranks), max(ranks), shape.levels, columns, rows)


@functools.lru_cache(maxsize=256)
def fit_square(shape: Shape, width: int, height: int) -> int:
    """Return the largest cell size whose diagram of shape fits in width by height pixels."""
    box = _box(shape)
    square = max(1, width // (box.columns * (box.last_file - box.first_file + 1)))
    while square > 1 and any(
        a > b for a, b in zip(box.extent(square), (width, height), strict=True)
    ):
        square -= 1
    return square


def extent(shape: Shape, square: int) -> tuple[int, int]:
    """Return the width and height of a diagram of shape with cells of square pixels."""
    return _box(shape).extent(square)


@functools.lru_cache(maxsize=256)
def plan(shape: Shape, square: int, perspective: Perspective) -> Plan:
    """Lay out the diagram of a board's shape: see Plan."""
    box = _box(shape)
    width, height = box.extent(square)
    gap, band = _spacing(shape.levels, square)
    files = box.last_file - box.first_file + 1
    ranks = box.last_rank - box.first_rank + 1
    origins: dict[str, tuple[int, int]] = {}
    labels: list[tuple[str, int, int]] = []
    # per level and column, the lowest cell and its file; per level and row, the leftmost
    feet: dict[tuple[int, int], tuple[int, str, str]] = {}
    lefts: dict[tuple[int, int], tuple[int, str, str]] = {}
    for level in range(shape.levels):
        left = level % box.columns * (files * square + gap)
        top = level // box.columns * (band + ranks * square + gap) + band
        if shape.levels > 1:
            labels.append((f"Level {level + 1}", left, top))
        for name in shape.squares:
            cell = shape.parse(name)
            if cell is None or cell.level != level:
                continue
            if perspective == "white":
                column, row = cell.file - box.first_file, box.last_rank - cell.rank
            else:
                column, row = box.last_file - cell.file, cell.rank - box.first_rank
            origins[name] = (left + column * square, top + row * square)
            if feet.get((level, column), (-1, "", ""))[0] < row:
                feet[(level, column)] = (row, name, FILES[cell.file])
            if lefts.get((level, row), (files, "", ""))[0] > column:
                lefts[(level, row)] = (column, name, str(cell.rank + 1))
    return Plan(
        square=square,
        width=width,
        height=height,
        origins=origins,
        labels=tuple(labels),
        files=tuple((name, letter) for _, name, letter in feet.values()),
        ranks=tuple((name, number) for _, name, number in lefts.values()),
    )


def square_origin(
    name: str, square: int, perspective: Perspective, shape: Shape = CHESSBOARD
) -> tuple[int, int]:
    """Return the top-left corner of a square, relative to the diagram's."""
    return plan(shape, square, perspective).origins[name]


def is_light(name: str) -> bool:
    """Tell whether a square is a light one (h1 is light); levels are coloured alike."""
    found = _NAME.fullmatch(name)
    if found is None:
        raise ValueError(f"{name!r} is no square's name")
    return (ord(found[1]) - ord("a") + int(found[2])) % 2 == 0


def square_colour(name: str, tint: Tint) -> Colour:
    """Return a tint's colour on a given square."""
    return tint[0] if is_light(name) else tint[1]


def shows_stairs(view: BoardView) -> bool:
    """Tell whether a view's image needs the staircases' colours in its palette."""
    return bool(view.staircases)


def draw_diagram(
    image: Image.Image,
    view: BoardView,
    *,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    detail: bool = True,
    coordinates: bool = True,
) -> None:
    """Draw a board's diagram with its top-left corner at (left, top); see Plan for its size.

    detail adds arrival badges and destination numbers, for large diagrams, and coordinates
    in the squares unless coordinates is False (renderer.rulers writes them beside it).
    """
    inside = detail and coordinates
    draw = ImageDraw.Draw(image)
    layout = plan(view.shape, square, perspective)
    origins = layout.origins
    key = ("board", square, perspective, view.elevators, inside, view.shape, view.staircases)
    image.paste(
        SPRITES.get(key, lambda: _background(view, layout, perspective, inside)),
        (left, top),
    )
    stairs = _stairs(view, layout, perspective) if view.staircases else None
    tints = _tints(view)
    covered = set(tints)
    for name, tint in tints.items():
        x, y = origins[name]
        fill = square_colour(name, tint)
        draw.rectangle((left + x, top + y, left + x + square - 1, top + y + square - 1), fill)
        if stairs is not None and name in stairs[1]:
            _restore_stairs(image, stairs[0], (x, y), square, (left, top))
    for name, piece in view.pieces().items():
        x, y = origins[name]
        if stairs is not None and name in stairs[1]:
            sprite = piece_sprite(piece.symbol, square)
            image.paste(sprite, (left + x, top + y), sprite)
        else:
            background = square_colour(name, tints.get(name) or _base_tint(name, view.elevators))
            image.paste(tile(piece.symbol, square, background), (left + x, top + y))
        covered.add(name)
    if inside:
        _coordinates(image, left, top, layout, covered)
    if view.capturable is not None:
        x, y = origins[view.capturable]
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=CAPTURE_MARK, width=width)
    if view.departure is not None:
        _departure(image, view, left, top, layout, detail)
    if detail:
        for arrival in view.arrivals:
            x, y = origins[arrival.square]
            _badge(image, left + x, top + y, square, arrival.direction, str(arrival.from_board))
    if view.shape.wrap_files:
        edges = ((left, 1), (left + layout.width - 1, -1))
        draw_seam(draw, edges, top, top + layout.height, square)
    if view.finished:
        size = (layout.width, layout.height)
        box = (left, top, left + size[0], top + size[1])
        faded = Image.blend(image.crop(box), Image.new("RGB", size, BACKGROUND), DIM_SHARE)
        image.paste(faded, box)
    mark = CLOSED_MARK if view.finished else ELEVATOR_MARK
    for name in view.elevators:
        x, y = origins[name]
        corners(draw, left + x, top + y, square, mark)


def _background(
    view: BoardView, layout: Plan, perspective: Perspective, detail: bool
) -> Image.Image:
    """Draw the cells of an empty board, elevators tinted, staircases, labels, coordinates."""
    square = layout.square
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for name, (x, y) in layout.origins.items():
        fill = square_colour(name, _base_tint(name, view.elevators))
        draw.rectangle((x, y, x + square - 1, y + square - 1), fill)
    if view.staircases:
        overlay = _stairs(view, layout, perspective)[0]
        image.paste(overlay, (0, 0), overlay)
    if layout.labels:
        typeface = font(_spacing(view.shape.levels, square)[1] * 0.8)
        for text, x, y in layout.labels:
            write(image, (x, y - 2), text, typeface, MUTED, anchor="ld", bold=True)
    if detail:
        _coordinates(image, 0, 0, layout, None)
    return image


def _base_tint(name: str, elevators: tuple[str, ...]) -> Tint:
    return ELEVATOR if name in elevators else PLAIN


def _stairs(
    view: BoardView, layout: Plan, perspective: Perspective
) -> tuple[Image.Image, frozenset[str]]:
    """Return the staircases drawn on a transparent layer, and the squares they cover."""
    key = ("stairs", view.shape, view.staircases, layout.square, perspective)
    return SPRITES.get(key, lambda: _draw_stairs(view.staircases, layout))


def _draw_stairs(
    staircases: tuple[tuple[str, ...], ...], layout: Plan
) -> tuple[Image.Image, frozenset[str]]:
    """Draw each staircase as a band along its squares, chevrons pointing the way it moves.

    The band starts with a notch on its first square and ends in an arrowhead on its last:
    what leaves the last square comes back on the first. Pieces are drawn over it.
    """
    square = layout.square
    layer = Image.new("RGBA", (layout.width, layout.height))
    draw = ImageDraw.Draw(layer)
    half = max(2.5, square * 0.17)
    marks: list[list[tuple[float, float]]] = []
    for staircase in staircases:
        last = len(staircase) - 1
        for index, name in enumerate(staircase):
            ahead = staircase[index + 1] if index < last else name
            behind = name if index < last else staircase[index - 1]
            to = _cell_frame(layout, behind, ahead, name)
            if index == 0:
                band = [(0, -half), (square, -half), (square, half), (0, half), (half, 0)]
            elif index == last:
                band = [(0, -half), (square * 0.55, -half), (square * 0.55, half), (0, half)]
            else:
                band = [(0, -half), (square, -half), (square, half), (0, half)]
            fill = (*square_colour(name, STAIR), 255)
            draw.polygon([to(u, v) for u, v in band], fill=fill)
            if index == last:
                head = [(square * 0.5, -half * 1.9), (square - 1, 0), (square * 0.5, half * 1.9)]
                marks.append([to(u, v) for u, v in head])
            for at in (0.3, 0.8) if index < last else (0.3,):
                marks.append([to(u, v) for u, v in _chevron(square * at, half)])
    for mark in marks:
        draw.polygon(mark, fill=(*STAIR_MARK, 255))
    return layer, frozenset(name for staircase in staircases for name in staircase)


def _chevron(tip: float, half: float) -> list[tuple[float, float]]:
    """Return a chevron pointing along the band, its tip at tip, in (along, across) terms."""
    depth, arm, thick = half * 0.7, half * 0.8, half * 0.55
    return [
        (tip - depth, -arm),
        (tip - depth + thick, -arm),
        (tip + thick, 0),
        (tip - depth + thick, arm),
        (tip - depth, arm),
        (tip, 0),
    ]


def _cell_frame(
    layout: Plan, behind: str, ahead: str, name: str
) -> Callable[[float, float], tuple[float, float]]:
    """Return how a point (along the way, across it) of a square maps to the image.

    along runs from the edge the staircase enters the square by (0) to its exit (square).
    """
    square = layout.square
    x, y = layout.origins[name]
    (x0, y0), (x1, y1) = layout.origins[behind], layout.origins[ahead]
    dx, dy = x1 - x0, y1 - y0
    cx, cy = x + square / 2, y + square / 2
    if abs(dx) >= abs(dy):
        if dx >= 0:
            return lambda u, v: (x + u, cy + v)
        return lambda u, v: (x + square - u, cy + v)
    if dy > 0:
        return lambda u, v: (cx + v, y + u)
    return lambda u, v: (cx + v, y + square - u)


def _restore_stairs(
    image: Image.Image,
    layer: Image.Image,
    at: tuple[int, int],
    square: int,
    origin: tuple[int, int],
) -> None:
    """Draw the staircases again over one square, after a highlight covered it."""
    x, y = at
    part = layer.crop((x, y, x + square, y + square))
    image.paste(part, (origin[0] + x, origin[1] + y), part)


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
    image: Image.Image, left: int, top: int, layout: Plan, only: set[str] | None
) -> None:
    """Write the files along the foot of each column and the ranks at the left of each row.

    only: write just the ones on these squares (drawn over since the background was).
    """
    square = layout.square
    typeface = font(square * 0.22)
    inset = max(2, square // 20)
    for name, letter in layout.files:
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = layout.origins[name]
            at = (left + x + square - inset, top + y + square - inset)
            write(image, at, letter, typeface, colour, anchor="rd", bold=True)
    for name, number in layout.ranks:
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = layout.origins[name]
            write(
                image,
                (left + x + inset, top + y + inset),
                number,
                typeface,
                colour,
                anchor="lt",
                bold=True,
            )


def _departure(
    image: Image.Image, view: BoardView, left: int, top: int, layout: Plan, detail: bool
) -> None:
    """Mark the square a piece left by elevator: an arrow and the board it went to."""
    draw = ImageDraw.Draw(image)
    assert view.departure is not None
    square = layout.square
    x, y = layout.origins[view.departure.square]
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
