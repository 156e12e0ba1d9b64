"""The boards Ender's Chess is played on, as data: a picture of the cells and the two gates.

The real 47-cell map is lost; RECONSTRUCTION is the board docs/games/enders.md describes.
Another map replaces it by drawing a new picture: no rule reads a square's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core.errors import MatchConfigError
from games.core.geometry import FILES, Shape
from games.core.pieces import Side

_CELL: Final = "o"
_GATES: Final[dict[str, Side]] = {"w": "white", "b": "black"}


@dataclass(frozen=True, slots=True)
class BoardMap:
    """A board of Ender's Chess: its cells and each side's gate, where that side drops."""

    shape: Shape
    white_gate: str
    black_gate: str

    def gate(self, side: Side) -> str:
        """Return the gate of side, where its drops land and the opponent aims."""
        return self.white_gate if side == "white" else self.black_gate


def read_map(picture: str) -> BoardMap:
    """Return the map a picture draws: ranks from the top, 'o' a cell, 'w'/'b' a side's gate.

    Each row starts with its rank; the last row names the files from a; '.' is no cell.
    """
    *rows, footer = [line.split() for line in picture.strip().splitlines()]
    if footer != list(FILES[: len(footer)]):
        raise MatchConfigError("a map's last row names its files from a, in order")
    cells: set[str] = set()
    gates: dict[Side, str] = {}
    ranks = 0
    for rank_text, *marks in rows:
        rank = int(rank_text)
        ranks = max(ranks, rank)
        if len(marks) != len(footer):
            raise MatchConfigError(
                f"rank {rank} of a map has {len(marks)} files, not {len(footer)}"
            )
        for letter, mark in zip(footer, marks, strict=True):
            name = f"{letter}{rank}"
            if mark in _GATES:
                if _GATES[mark] in gates:
                    raise MatchConfigError(f"a map draws two gates of {_GATES[mark]}")
                gates[_GATES[mark]] = name
            elif mark != _CELL:
                continue
            cells.add(name)
    if set(gates) != {"white", "black"}:
        raise MatchConfigError("a map draws one gate of each side, w and b")
    every = {f"{letter}{rank}" for letter in footer for rank in range(1, ranks + 1)}
    shape = Shape(len(footer), ranks, missing=frozenset(every - cells))
    return BoardMap(shape, gates["white"], gates["black"])


RECONSTRUCTION: Final = read_map(
    """
    10 . . . . . b . . .
     9 . . . o o o o o .
     8 . . o o o o o o o
     7 . . o o o o o o o
     6 . . o o o o o o o
     5 . . o o o o o o o
     4 . . o o o o o o o
     3 . . . o o o o o .
     2 . . . . . w . . .
     1 . . . . . . . . .
       a b c d e f g h i
    """
)
