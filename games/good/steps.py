"""What an action moves, as notation and refusals name it: a lift's elevator and way, a push."""

from __future__ import annotations

from typing import Final

from games.good.cells import GRID, LEVELS, NAMES, SIDE, file_of, rank_of
from games.good.position import Lift, Step

# the ways an elevator moves, as its notation writes them, in files and rows of the elevators'
# grid and levels: up and down its pole, and (in the Wonkavator) north, east, south and west
# to the pole beside it on its level
WAYS: Final = {
    "U": (0, 0, 1),
    "D": (0, 0, -1),
    "N": (0, 1, 0),
    "E": (1, 0, 0),
    "S": (0, -1, 0),
    "W": (-1, 0, 0),
}
SIDEWAYS: Final = "NESW"
WORDS: Final = {"U": "up", "D": "down", "N": "north", "E": "east", "S": "south", "W": "west"}


def lift_to(pole: int, level: int, way: str) -> tuple[int, int] | None:
    """Return the pole and level an elevator going a way reaches, or None off the board."""
    files, rows, levels = WAYS[way]
    file, row, to_level = pole % GRID + files, pole // GRID + rows, level + levels
    if not (0 <= file < GRID and 0 <= row < GRID and 0 <= to_level < LEVELS):
        return None
    return row * GRID + file, to_level


def lift_way(lift: Lift) -> str:
    """Return the way a lift goes, as its notation writes it (U, D, N, E, S or W)."""
    reached = (lift.to_pole, lift.to_level)
    return next(way for way in WAYS if lift_to(lift.pole, lift.level, way) == reached)


def first_pushed(step: Step) -> tuple[int, str | None]:
    """Return the cell of the first piece an ox's step pushes and where it goes, if on the plan.

    Where it goes is named without its level (`a4`), as the rules text writes it: a piece
    pushed into a shaft is named by the shaft's cell and dies there; one pushed off the
    board has no cell.
    """
    start = min((origin for origin, _ in step.pushed), key=lambda c: _distance(step.start, c))
    files = file_of(start) + file_of(step.target) - file_of(step.start)
    ranks = rank_of(start) + rank_of(step.target) - rank_of(step.start)
    if 0 <= files < SIDE and 0 <= ranks < SIDE:
        return start, NAMES[ranks * SIDE + files][1:]
    return start, None


def _distance(one: int, other: int) -> int:
    return max(abs(file_of(one) - file_of(other)), abs(rank_of(one) - rank_of(other)))
