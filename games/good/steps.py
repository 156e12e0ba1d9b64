"""What an action moves, as notation and refusals name it: a lift's elevator, an ox's push."""

from __future__ import annotations

from games.good.cells import NAMES, SIDE, file_of, rank_of
from games.good.position import Lift, Position, Step


def lift_level(position: Position, lift: Lift) -> int:
    """Return the level, from 0, of the elevator a lift moves into its pole's shaft."""
    shaft = position.shafts[lift.pole]
    return shaft - 1 if lift.up else shaft + 1


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
