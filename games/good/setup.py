"""The start of Ben Good's Elevator, as data: a picture of the four levels.

The rules text's setup diagram is lost; START_PICTURE is the reconstruction that
docs/games/good.md argues ("Where the text is silent, we chose"). Another setup replaces it
by drawing a new picture: no rule reads it.
"""

from __future__ import annotations

from typing import Final

from games.core.errors import MatchConfigError
from games.good.cells import CELLS, LEVELS, SIDE, cell
from games.good.position import Position
from games.good.text import EMPTY, placed, problem, write_fen

# Ranks from the top; each level's files a-h, levels 1 to 4 from the left; '-' a shaft cell.
START_PICTURE: Final = """
      level 1    level 2    level 3    level 4
  8   ro--ibcn   --cqobnr   onbrkc--   rcbi--no
  7   pp--pppp   --pppppp   pppppp--   pppp--pp
  6   --......   ....--..   ..--....   ......--
  5   --......   ....--..   ..--....   ......--
  4   ......--   ..--....   ....--..   --......
  3   ......--   ..--....   ....--..   --......
  2   PPPP--PP   PPPPPP--   --PPPPPP   PP--PPPP
  1   RCBI--NO   ONBRKC--   --CQOBNR   RO--IBCN
"""


def read_picture(picture: str) -> Position:
    """Return the position, White to move, that a picture of the four levels draws.

    After a header row, each row is a rank from 8 down to 1 and four groups of eight marks,
    levels 1 to 4: a piece's letter, '.' an empty cell or '-' a cell of a pole's shaft.
    """
    rows = [line.split() for line in picture.strip().splitlines()[1:]]
    if [row[0] for row in rows] != [str(rank) for rank in range(SIDE, 0, -1)]:
        raise MatchConfigError("a setup picture draws ranks 8 down to 1, one row each")
    marks = [EMPTY] * CELLS
    for rank_text, *levels in rows:
        rank = int(rank_text) - 1
        if len(levels) != LEVELS or any(len(group) != SIDE for group in levels):
            raise MatchConfigError(f"rank {rank + 1} of a setup picture needs four levels of 8")
        for level, group in enumerate(levels):
            for file, mark in enumerate(group):
                marks[cell(level, file, rank)] = mark
    cells, shafts = placed(marks)
    position = Position(cells, shafts, white=True)
    found = problem(position)
    if found is not None:
        raise MatchConfigError(f"the setup picture is not a start: {found}")
    return position


START: Final = read_picture(START_PICTURE)
START_FEN: Final = write_fen(START)
