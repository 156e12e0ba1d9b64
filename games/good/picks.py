"""Ben Good's moves as a picker offers them: a piece or an elevator, where, and any push.

A move's long form says its cells (2b1-2c3, and /Nf1 for a push beside it, /N for a push
off the board); a lift's says its elevator and way (E2b1U). The picker offers a piece by
its cell, then where it goes, then, where one move may push a piece one way or another,
which push."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from games.core.picks import Pick, piece_words
from games.core.pieces import kind_name
from games.good.board import GoodBoard

_MOVE: Final = re.compile(r"(\d[a-h]\d)-(\d[a-h]\d)(?:/([A-Z])([a-h]\d)?)?")
_LIFT: Final = re.compile(r"E(\d)([a-h]\d)([UDNESW])")
WAYS: Final = {
    "U": "up a level",
    "D": "down a level",
    "N": "north, on its level",
    "E": "east, on its level",
    "S": "south, on its level",
    "W": "west, on its level",
}


def _onto(cell: str | None) -> str:
    return "off the board" if cell is None else f"to {cell}"


def good_picks(playing: GoodBoard, short: Sequence[str], long: Sequence[str]) -> list[Pick]:
    """Return the moves (short forms, with their long forms alike in order) as picks."""
    found = []
    for move, cells in zip(short, long, strict=True):
        lift = _LIFT.fullmatch(cells)
        if lift is not None:
            level, pole, way = lift.groups()
            words = f"Elevator on level {level}, {pole}"
            found.append(Pick(f"E{level}{pole}", words, way, WAYS[way], "", move))
            continue
        step = _MOVE.fullmatch(cells)
        piece = None if step is None else playing.piece_at(step.group(1))
        if step is None or piece is None:
            continue
        start, target, pushed, to = step.groups()
        choice = "" if pushed is None else f"pushing the {kind_name(pushed)} {_onto(to)}"
        found.append(Pick(start, piece_words(piece.kind, start), target, target, choice, move))
    return found
