"""A person who plays to lose quickly against the practice opponent: its whole games stay short."""

from __future__ import annotations

import random
from collections.abc import Sequence


def hasty_move(offered: Sequence[str], chooser: random.Random) -> str:
    """Return a mate if one is offered, else a king's walk or a centre pawn's opening, else any.

    A king walking out over an opened centre is mated within some ten moves even by the
    weakest opponent, where random moves last twice as long (each a turn of its thinking).
    """
    mates = [move for move in offered if move.endswith("#")]
    if mates:
        return mates[0]
    walks = [move for move in offered if move.startswith("K")]
    opening = [move for move in offered if move[0] in "def" and "x" not in move]
    return chooser.choice(walks or opening or list(offered))
