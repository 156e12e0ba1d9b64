"""A position of Ben Good's Elevator, and the actions a side may play from it.

Pieces are written with Good's letters (K Q I R B N C O P: king, flying queen, vaulting
prince, flying rook, flying bishop, walking knight, walking camel, ox, pawn), upper case
White, lower case Black, in a tuple of every cell of cells.py, shafts included (always None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.good.cells import CELLS, POLES, level_of, pole_of

LETTERS: Final = "KQIRBNCOP"  # Good's letters, in the order reserves and menus list them
PROMOTIONS: Final = "QIRBNCO"  # what a pawn may become, when one of its side's was captured


@dataclass(frozen=True, slots=True)
class Step:
    """A piece's move from start to target, with what it does on the way.

    captured: the cell of the piece taken (the target, or the pawn passed by en passant);
    pushed: each piece an ox pushes, from its cell to its new one (None: it fell and died);
    promotion: Good's letter the pawn becomes, in the mover's case.
    """

    start: int
    target: int
    captured: int | None = None
    pushed: tuple[tuple[int, int | None], ...] = ()
    promotion: str | None = None


@dataclass(frozen=True, slots=True)
class Lift:
    """An elevator's move, with its pieces, into a shaft beside it.

    The elevator on level (from 0) of pole moves to to_level of to_pole, a shaft until
    then: one level up or down its own pole, or, in the Wonkavator, sideways to the pole
    beside it on the same level. Where it stood is a shaft afterwards.
    """

    pole: int
    level: int
    to_pole: int
    to_level: int


Action = Step | Lift


@dataclass(frozen=True, slots=True)
class Position:
    """Where every piece and shaft stands, whose move it is, and what the rules remember.

    shafts: each pole's shaft levels, as bits (1 << level): one level in Good's game, any
    number in the Wonkavator, whose elevators move sideways too; ep: the cell a pawn's
    double step just passed over (an opposing pawn on that level may take en passant), or
    None; captured: the letters of every piece captured so far, in their owner's case (a
    pawn promotes only to a kind of its own side's that was captured); sideways: elevators
    may also move sideways on their level (the Wonkavator).
    """

    cells: tuple[str | None, ...]
    shafts: tuple[int, ...]
    white: bool
    ep: int | None = None
    captured: str = ""
    sideways: bool = False

    def __post_init__(self) -> None:
        assert len(self.cells) == CELLS and len(self.shafts) == POLES

    def exists(self, number: int) -> bool:
        """Tell whether a cell is on an elevator (not in a shaft of its pole)."""
        return not self.shafts[pole_of(number)] >> level_of(number) & 1

    def own(self, symbol: str | None) -> bool:
        """Tell whether a piece letter is the side to move's."""
        return symbol is not None and symbol.isupper() == self.white
