"""Where a board's cells go in its diagram, and the colour of each."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import Final, Literal

from games.core.geometry import CHESSBOARD, FILES, Shape, Square
from renderer.palette import Colour, Tint

Perspective = Literal["white", "black"]

_NAME: Final = re.compile(r"[1-9]?([a-z])([0-9]+)")


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the cells of a board's diagram go, for one cell size and one side's view.

    The diagram is the box around the board's cells (a missing cell is a gap in it); the
    levels of a board of several stand in a grid, each under its label: see level_places.
    """

    square: int
    width: int
    height: int
    origins: dict[str, tuple[int, int]]  # every cell's top-left corner
    labels: tuple[tuple[str, int, int], ...]  # each level's label and its bottom-left corner
    files: tuple[tuple[str, str], ...]  # the cell at the foot of each column, and its letter
    ranks: tuple[tuple[str, str], ...]  # the cell at the left of each row, and its number
    gaps: dict[str, tuple[int, int]] = field(default_factory=dict)  # each missing cell's corner


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
        gap, band = spacing(self.levels, square)
        files = self.last_file - self.first_file + 1
        ranks = self.last_rank - self.first_rank + 1
        width = self.columns * files * square + (self.columns - 1) * gap
        height = self.rows * (band + ranks * square) + (self.rows - 1) * gap
        return width, height


def spacing(levels: int, square: int) -> tuple[int, int]:
    """Return the gap between levels and the height of a level's label, for a cell size."""
    if levels == 1:
        return 0, 0
    return max(4, square // 2), max(11, round(square * 0.8))


def level_places(levels: int) -> tuple[tuple[int, int], ...]:
    """Return the column and row of each level's diagram in the grid of a board's levels.

    Four levels stand as Ben Good draws them: level 1 lower left, 2 upper left, 3 upper
    right, 4 lower right, so that each sits beside the levels it touches. Other counts
    fill the grid row by row, level 1 first.
    """
    if levels == 4:
        return ((0, 1), (0, 0), (1, 0), (1, 1))
    columns = math.ceil(math.sqrt(levels))
    return tuple((level % columns, level // columns) for level in range(levels))


@functools.lru_cache(maxsize=64)
def _box(shape: Shape) -> _Box:
    cells = [shape.parse(name) for name in shape.squares]
    files = [cell.file for cell in cells if cell is not None]
    ranks = [cell.rank for cell in cells if cell is not None]
    places = level_places(shape.levels)
    columns = max(column for column, _ in places) + 1
    rows = max(row for _, row in places) + 1
    return _Box(min(files), max(files), min(ranks), max(ranks), shape.levels, columns, rows)


def _block(box: _Box, level: int) -> list[Square]:
    """Return every cell of a level inside the box, missing or not, rank by rank from the first."""
    return [
        Square(file, rank, level)
        for rank in range(box.first_rank, box.last_rank + 1)
        for file in range(box.first_file, box.last_file + 1)
    ]


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
    gap, band = spacing(shape.levels, square)
    files = box.last_file - box.first_file + 1
    ranks = box.last_rank - box.first_rank + 1
    origins: dict[str, tuple[int, int]] = {}
    gaps: dict[str, tuple[int, int]] = {}
    labels: list[tuple[str, int, int]] = []
    # per level and column, the lowest cell and its file; per level and row, the leftmost
    feet: dict[tuple[int, int], tuple[int, str, str]] = {}
    lefts: dict[tuple[int, int], tuple[int, str, str]] = {}
    for level, (across, down) in enumerate(level_places(shape.levels)):
        left = across * (files * square + gap)
        top = down * (band + ranks * square + gap) + band
        if shape.levels > 1:
            labels.append((f"Level {level + 1}", left, top))
        for cell in _block(box, level):
            name = shape.name(cell)
            if perspective == "white":
                column, row = cell.file - box.first_file, box.last_rank - cell.rank
            else:
                column, row = box.last_file - cell.file, cell.rank - box.first_rank
            corner = (left + column * square, top + row * square)
            if name in shape.missing:
                gaps[name] = corner
                continue
            origins[name] = corner
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
        gaps=gaps,
    )


def square_origin(
    name: str, square: int, perspective: Perspective, shape: Shape = CHESSBOARD
) -> tuple[int, int]:
    """Return the top-left corner of a square, relative to the diagram's."""
    return plan(shape, square, perspective).origins[name]


@functools.lru_cache(maxsize=4096)  # a few hundred names: asked for every square of every image
def is_light(name: str) -> bool:
    """Tell whether a square is a light one (h1 is light); levels are coloured alike."""
    found = _NAME.fullmatch(name)
    if found is None:
        raise ValueError(f"{name!r} is no square's name")
    return (ord(found[1]) - ord("a") + int(found[2])) % 2 == 0


def square_colour(name: str, tint: Tint) -> Colour:
    """Return a tint's colour on a given square."""
    return tint[0] if is_light(name) else tint[1]
