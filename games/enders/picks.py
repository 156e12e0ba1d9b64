"""Ender's Chess's actions as a picker offers them: a drop from the hand, a move, the end.

A turn is built an action at a time: a reserve piece dropped on the gate (R@f2), moves of
pieces from cell to cell (Rf2-f3, which the board reads as from and to), and the end of the
turn, which the picker plays as soon as it is picked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from games.core.board import Board
from games.core.picks import Pick, normal_picks
from games.core.pieces import kind_name, upper_first
from games.enders.notation import END

_DROP: Final = re.compile(r"([A-Z])@([a-z]\d{1,2})")
HAND: Final = "hand"  # leads the key of a kind of piece in hand: hand-R


def enders_picks(playing: Board, moves: Sequence[str]) -> list[Pick]:
    """Return a turn's next actions as picks: drops by the kind in hand, moves, the end."""
    found = []
    for move in moves:
        drop = _DROP.fullmatch(move)
        if drop is not None:
            kind, gate = drop.groups()
            words = f"{upper_first(kind_name(kind))} in hand"
            found.append(Pick(f"{HAND}-{kind}", words, gate, f"drop on {gate}", "", move))
    found += normal_picks(playing, [m for m in moves if m != END and not _DROP.fullmatch(m)])
    if END in moves:
        found.append(Pick(END, "End the turn", "", "", "", END))
    return found
