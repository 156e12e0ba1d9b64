"""The cells of Ben Good's Elevator: 16 poles of four levels on an 8x8 plan, named `2e1`.

A cell is numbered level * 64 + rank * 8 + file, all from 0, so that cell 64 + 4 is 2e1.
Each pole is a 2x2 block of the plan, numbered on the elevators' own 4x4 grid (`c4`: files
e-f, ranks 7-8) as rank * 4 + file; at one of its four levels a pole has its shaft, where no
piece may stand.
"""

from __future__ import annotations

from typing import Final

from games.core.geometry import FILES, Shape

LEVELS: Final = 4
SIDE: Final = 8  # files and ranks of each level
POLES: Final = 16
GRID: Final = 4  # poles a row (and rows) on the elevators' own grid
CELLS: Final = LEVELS * SIDE * SIDE


def cell(level: int, file: int, rank: int) -> int:
    """Return the number of a cell given its level, file and rank, all from 0."""
    return level * SIDE * SIDE + rank * SIDE + file


def level_of(number: int) -> int:
    """Return a cell's level, from 0."""
    return number // (SIDE * SIDE)


def file_of(number: int) -> int:
    """Return a cell's file, from 0."""
    return number % SIDE


def rank_of(number: int) -> int:
    """Return a cell's rank, from 0."""
    return number // SIDE % SIDE


def pole_of(number: int) -> int:
    """Return the pole a cell belongs to."""
    return rank_of(number) // 2 * 4 + file_of(number) // 2


def cell_name(number: int) -> str:
    """Return a cell's name: level, file, rank (`2e1`)."""
    return f"{level_of(number) + 1}{FILES[file_of(number)]}{rank_of(number) + 1}"


def pole_name(pole: int) -> str:
    """Return a pole's name on the elevators' grid (`c4`)."""
    return f"{FILES[pole % 4]}{pole // 4 + 1}"


def pole_cells(pole: int, level: int) -> tuple[int, ...]:
    """Return the four cells of a pole's elevator at a level."""
    file, rank = pole % 4 * 2, pole // 4 * 2
    return tuple(cell(level, file + df, rank + dr) for dr in (0, 1) for df in (0, 1))


NAMES: Final = tuple(cell_name(number) for number in range(CELLS))
NUMBERS: Final = {name: number for number, name in enumerate(NAMES)}
POLE_NAMES: Final = tuple(pole_name(pole) for pole in range(POLES))


def one_a_pole(levels: tuple[int, ...]) -> tuple[int, ...]:
    """Return the shafts of a board with one shaft a pole, given each pole's shaft level."""
    return tuple(1 << level for level in levels)


def shape(shafts: tuple[int, ...]) -> Shape:
    """Return the board's cells as views and images read them: the shafts are missing.

    shafts: each pole's shaft levels as bits (1 << level), as positions hold them.
    """
    return Shape(
        SIDE,
        SIDE,
        LEVELS,
        missing=frozenset(
            NAMES[number]
            for pole, bits in enumerate(shafts)
            for level in range(LEVELS)
            if bits >> level & 1
            for number in pole_cells(pole, level)
        ),
    )
