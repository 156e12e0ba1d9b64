"""SAN and UCI as 8x8 boards that keep their own cells read and write them (Escher, Cylindrical)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from games.core.reach import FILES, INDEX, NAMES

UCI: Final = re.compile(r"([a-h][1-8])([a-h][1-8])([qrbn])?")
SAN: Final = re.compile(
    r"([NBRQK])?([a-h])?([1-8])?([x:])?([a-h][1-8])(?:=?([QRBNqrbn]))?[+#]*[!?]*"
)


@dataclass(frozen=True, slots=True)
class Written:
    """A move as SAN writes it: the piece's letter, hints of its start, target and choice."""

    letter: str | None
    file: str | None
    rank: str | None
    target: int
    choice: str | None  # a promotion's letter, upper case


def read_san(token: str) -> Written | None:
    """Return what a SAN move names, or None if token is not written as one."""
    found = SAN.fullmatch(token)
    if found is None:
        return None
    letter, file, rank, _, square, choice = found.groups()
    return Written(letter, file, rank, INDEX[square], choice.upper() if choice else None)


def starts(
    cells: Sequence[str | None],
    white: bool,
    written: Written,
    reaches: Callable[[int, int], bool],
) -> list[int]:
    """Return the cells of the mover's pieces that fit a SAN move and reach its target.

    reaches(start, target): the board's own rule, before its king's safety is asked.
    """
    piece = written.letter or "P"
    if not white:
        piece = piece.lower()
    pawn_file = written.letter is None and written.file is None  # a pawn's push keeps its file
    return [
        start
        for start in range(64)
        if cells[start] == piece
        and (written.file is None or FILES[start % 8] == written.file)
        and (written.rank is None or str(start // 8 + 1) == written.rank)
        and (not pawn_file or start % 8 == written.target % 8)
        and reaches(start, written.target)
    ]


def write_san(
    cells: Sequence[str | None],
    start: int,
    target: int,
    choice: str | None,
    legal: Callable[[int], bool],
) -> str:
    """Return a legal move other than castling in SAN, without its check suffix.

    legal(other): whether the piece of its kind on another cell may legally go to target too,
    in which case the move names its piece's file, rank or square.
    """
    piece = cells[start]
    assert piece is not None
    kind = piece.upper()
    takes = cells[target] is not None
    promotion = "" if choice is None else f"={choice}"
    if kind == "P":
        takes = takes or start % 8 != target % 8
        prefix = f"{FILES[start % 8]}x" if takes else ""
        return f"{prefix}{NAMES[target]}{promotion}"
    rivals = (
        []
        if cells.count(piece) < 2
        else [s for s in range(64) if s != start and cells[s] == piece and legal(s)]
    )
    which = ""
    if rivals:
        if all(s % 8 != start % 8 for s in rivals):
            which = FILES[start % 8]
        elif all(s // 8 != start // 8 for s in rivals):
            which = str(start // 8 + 1)
        else:
            which = NAMES[start]
    return f"{kind}{which}{'x' if takes else ''}{NAMES[target]}{promotion}"
