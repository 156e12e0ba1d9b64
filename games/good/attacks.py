"""Whether a side attacks a cell in Ben Good's Elevator, and whether the side to move is in check.

A cell is attacked when a piece of the side could take what stands there on its next move:
by a capture, or by an ox pushing it off the board or into a shaft (we count a push that
kills a king as check, as Zillions' capture-the-king test does, so no king is ever pushed to
its death). Flying attacks are asymmetric: a flying piece changes level only through a shaft
on the level it starts from, so it is traced backwards from the attacked cell here.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.good.geometry import (
    BIT,
    CAMELS,
    FERZ,
    KNIGHTS,
    LEVEL,
    ORTHOGONAL,
    PAWN_ATTACKERS,
    POLE,
    RAYS,
    WAZIR,
)
from games.good.position import Position
from games.good.pushes import OXEN, push


def _letters(kinds: str, white: bool) -> frozenset[str]:
    return frozenset(kinds.upper() if white else kinds.lower())


# Indexed by the attacking side (False, True).
_ORTHOGONAL_STEPPERS = tuple(_letters("KICN", white) for white in (False, True))
_DIAGONAL_STEPPERS = tuple(_letters("KIO", white) for white in (False, True))
_ROOK_LINES = tuple(_letters("RQ", white) for white in (False, True))
_BISHOP_LINES = tuple(_letters("BQ", white) for white in (False, True))


def attacked(position: Position, number: int, by_white: bool) -> bool:
    """Tell whether a side could take (or push to its death) a piece standing on a cell."""
    cells = position.cells
    side = int(by_white)
    if any(cells[other] in _ORTHOGONAL_STEPPERS[side] for other in WAZIR[number]):
        return True
    if any(cells[other] in _DIAGONAL_STEPPERS[side] for other in FERZ[number]):
        return True
    knight, camel, pawn = ("N", "C", "P") if by_white else ("n", "c", "p")
    if any(cells[other] == knight for other in KNIGHTS[number]):
        return True
    if any(cells[other] == camel for other in CAMELS[number]):
        return True
    if any(cells[other] == pawn for other in PAWN_ATTACKERS[side][number]):
        return True
    return _flown_at(position, number, by_white) or _pushed_off(position, number, by_white)


def in_check(position: Position) -> bool:
    """Tell whether the side to move's king is attacked (False if it has none)."""
    king = king_cell(position, position.white)
    return king is not None and attacked(position, king, not position.white)


def king_cell(position: Position, white: bool) -> int | None:
    """Return the cell of a side's king, or None if it has none."""
    try:
        return position.cells.index("K" if white else "k")
    except ValueError:
        return None


def _flown_at(position: Position, number: int, by_white: bool) -> bool:
    """Tell whether a flying piece reaches a cell, on its level or through one shaft."""
    cells, shafts = position.cells, position.shafts
    level = LEVEL[number]
    bit = BIT[number]
    others = [other for other in (level - 1, level + 1) if 0 <= other < 4]
    for direction in range(8):
        flyers = (_ROOK_LINES if direction in ORTHOGONAL else _BISHOP_LINES)[int(by_white)]
        back = RAYS[number][direction ^ 1]  # where an attacker moving this way came from
        # the attacker may have changed level at the target itself, or at any empty cell
        # before it on this level
        for index in range(-1, len(back)):
            if index >= 0:
                passed = back[index]
                if shafts[POLE[passed]] & bit:
                    break
                if cells[passed] is not None:
                    if cells[passed] in flyers:
                        return True
                    break
            column = shafts[POLE[number if index < 0 else back[index]]]
            for other in others:
                if column >> other & 1 and _flies_into(
                    position, back[index + 1 :], (other - level) * 64, flyers
                ):
                    return True
    return False


def _flies_into(
    position: Position, back: Sequence[int], shift: int, flyers: frozenset[str]
) -> bool:
    """Tell whether a flyer on the shaft's level reaches the shaft over empty elevator cells."""
    cells, shafts = position.cells, position.shafts
    for passed in back:
        start = passed + shift
        if shafts[POLE[start]] & BIT[start]:
            return False  # the shaft it would use first is this one, not ours
        if cells[start] is not None:
            return cells[start] in flyers
    return False


def _pushed_off(position: Position, number: int, by_white: bool) -> bool:
    """Tell whether an ox of a side can push the piece on a cell off the board or into a shaft."""
    cells, shafts = position.cells, position.shafts
    ox = "O" if by_white else "o"
    for direction in ORTHOGONAL:
        for behind in RAYS[number][direction ^ 1]:
            if shafts[POLE[behind]] & BIT[behind]:
                break
            if cells[behind] in OXEN:
                if cells[behind] == ox:
                    for length in (1, 2):
                        pushed = push(position, behind, direction, length)
                        if pushed is not None and (number, None) in pushed:
                            return True
                break
    return False
