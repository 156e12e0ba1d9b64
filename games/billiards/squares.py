"""Lines of a billiards table: diagonals bounce off the side cushions, files and ranks do not.

A bishop's or queen's diagonal that meets file a or h bounces there, on the edge square,
angle of incidence equal to angle of reflection: from g1 north-east it goes h2, then g3, f4.
From h1 "north-east" is north-west at once, the same line, listed once. The top and bottom
ranks do not bounce (our choice, as in Betza's examples), so a line always leaves its rank
behind and never comes back to its own square. Knights, kings, pawns
and rooks move as in FIDE chess: a piece that steps one square cannot bounce.
"""

from __future__ import annotations

from typing import Final

from games.core.geometry import Shape
from games.core.reach import BISHOP_STEPS, Reach

Ray = tuple[int, ...]
TABLE_SHAPE: Final = Shape(cushion_files=True)  # files a and h are cushions, and drawn so


def bounced(start: int, files: int, ranks: int) -> Ray:
    """Return the squares a diagonal line passes from start, bounced off files a and h."""
    file, rank = start % 8, start // 8
    line: list[int] = []
    while True:
        if not 0 <= file + files < 8:
            files = -files  # the cushion: back the way it came, file-wise
        file, rank = file + files, rank + ranks
        if not 0 <= rank < 8:
            return tuple(line)
        line.append(rank * 8 + file)


class Table(Reach):
    """What FIDE's pieces reach on a billiards table, its diagonals bounced."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(TABLE_SHAPE)
        self.diagonal = tuple(
            tuple(dict.fromkeys(ray for f, r in BISHOP_STEPS if (ray := bounced(i, f, r))))
            for i in range(64)
        )
        self.lines = self._lines()


TABLE: Final = Table()
