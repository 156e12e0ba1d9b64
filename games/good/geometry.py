"""Where Good's pieces may step from each cell on its own level, before shafts and pieces count.

Every table is indexed by cell number and lists cell numbers on the same level; whether a
target is on an elevator (not in a shaft) depends on the position and is checked there.
"""

from __future__ import annotations

from typing import Final

from games.good.cells import (
    CELLS,
    GRID,
    LEVELS,
    POLES,
    SIDE,
    cell,
    file_of,
    level_of,
    pole_of,
    rank_of,
)

Offsets = tuple[tuple[int, int], ...]
Table = tuple[tuple[int, ...], ...]

# Eight directions paired so that direction ^ 1 is the opposite one; the first four are
# orthogonal (rook lines), the last four diagonal (bishop lines).
DIRECTIONS: Final[Offsets] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
ORTHOGONAL: Final = range(4)
DIAGONAL: Final = range(4, 8)
KNIGHT: Final[Offsets] = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
CAMEL: Final[Offsets] = ((1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3))

LEVEL: Final = tuple(level_of(number) for number in range(CELLS))
POLE: Final = tuple(pole_of(number) for number in range(CELLS))
BIT: Final = tuple(1 << level_of(number) for number in range(CELLS))  # its level, as shafts hold
# the levels a pole's shafts are on, lowest first, by the bits Position.shafts holds for it
SHAFT_LEVELS: Final = tuple(
    tuple(level for level in range(LEVELS) if bits >> level & 1) for bits in range(1 << LEVELS)
)
# the poles beside each pole on the elevators' 4x4 grid: north, east, south, west
BESIDE: Final = tuple(
    tuple(
        other
        for other, inside in (
            (pole + GRID, pole // GRID < GRID - 1),
            (pole + 1, pole % GRID < GRID - 1),
            (pole - GRID, pole // GRID > 0),
            (pole - 1, pole % GRID > 0),
        )
        if inside
    )
    for pole in range(POLES)
)
RANK: Final = tuple(rank_of(number) for number in range(CELLS))


def _shifted(number: int, files: int, ranks: int) -> int | None:
    file, rank = file_of(number) + files, rank_of(number) + ranks
    inside = 0 <= file < SIDE and 0 <= rank < SIDE
    return cell(level_of(number), file, rank) if inside else None


def _leaps(offsets: Offsets) -> Table:
    found = ((_shifted(n, files, ranks) for files, ranks in offsets) for n in range(CELLS))
    return tuple(tuple(target for target in row if target is not None) for row in found)


def _ray(number: int, files: int, ranks: int) -> tuple[int, ...]:
    ray = []
    target = _shifted(number, files, ranks)
    while target is not None:
        ray.append(target)
        target = _shifted(target, files, ranks)
    return tuple(ray)


def _scaled(directions: Offsets, times: int) -> Offsets:
    return tuple((files * times, ranks * times) for files, ranks in directions)


# RAYS[cell][direction]: the cells from cell outwards to the board's edge, nearest first.
RAYS: Final = tuple(
    tuple(_ray(number, files, ranks) for files, ranks in DIRECTIONS) for number in range(CELLS)
)
WAZIR: Final = _leaps(DIRECTIONS[:4])  # one orthogonal step
FERZ: Final = _leaps(DIRECTIONS[4:])  # one diagonal step
KING: Final = _leaps(DIRECTIONS)
KNIGHTS: Final = _leaps(KNIGHT)
CAMELS: Final = _leaps(CAMEL)
PRINCE_LEAPS: Final = _leaps(_scaled(DIRECTIONS, 3))
OX_LEAPS: Final = _leaps(KNIGHT + _scaled(DIRECTIONS, 2))


def _forward(white: bool) -> int:
    return 1 if white else -1


def _pawn_table(offsets: Offsets, white: bool) -> Table:
    return _leaps(tuple((files, ranks * _forward(white)) for files, ranks in offsets))


# Indexed by white (False, True): a pawn's non-capturing steps, its captures, and the cells
# from which an opposing pawn captures on a cell (its captures turned round).
PAWN_STEPS: Final = tuple(_pawn_table(((0, 1), (1, 0), (-1, 0)), white) for white in (False, True))
PAWN_CAPTURES: Final = tuple(_pawn_table(((1, 1), (-1, 1)), white) for white in (False, True))
PAWN_ATTACKERS: Final = tuple(_pawn_table(((1, -1), (-1, -1)), white) for white in (False, True))


def double_step(number: int, white: bool) -> tuple[int, int] | None:
    """Return the cell a pawn's double step passes and the one it reaches, if it may make one."""
    first, second = (0, 1) if white else (SIDE - 1, SIDE - 2)
    if RANK[number] not in (first, second):
        return None
    forward = _forward(white) * SIDE
    return number + forward, number + 2 * forward


def promotes(number: int, white: bool) -> bool:
    """Tell whether a pawn arriving on a cell may promote: its side's seventh or eighth rank."""
    return RANK[number] in ((SIDE - 2, SIDE - 1) if white else (1, 0))
