"""Where the armies start on a fairy board, how they castle and what their pawns become.

An army of Betza's fills eight files as FIDE's does. On an 8x8 board it fills a to h; on
10x10 it is centred on b to i, with files a and j empty, so that a board holds the same
material as its 8x8 neighbours and the four centre elevators (e5 f5 e6 f6) are as far
from both armies as d4 e4 d5 e5 are on 8x8. The 7x7 board plays FIDE's pieces less one
knight (RNBQKBR, the two bishops on opposite colours) with no castling, as small boards
usually have none. Castling: the king goes two files towards the h side with its partner
beside it, or to its army's long castling file (the Clobberers one further, so that the
Bede keeps its colour), its partner on the file to its right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core.armies import army
from games.core.errors import MatchConfigError
from games.core.geometry import FILES
from games.fairy.rules import Castling, Rules


@dataclass(frozen=True, slots=True)
class Setup:
    """A board size and where an army stands on it."""

    files: int
    ranks: int
    left: int = 0  # the file of the army's a-file piece
    back_rank: str | None = None  # a fixed first rank (FIDE's pieces only), else the army's
    castles: bool = True


SETUPS: Final = {
    "8x8": Setup(8, 8),
    "10x10": Setup(10, 10, left=1),
    "7x7": Setup(7, 7, back_rank="RNBQKBR", castles=False),
}


def _row(setup: Setup, pieces: str) -> str:
    right = setup.files - setup.left - len(pieces)
    return (str(setup.left) if setup.left else "") + pieces + (str(right) if right else "")


def _back(setup: Setup, name: str) -> str:
    if setup.back_rank is None:
        return army(name).back_rank
    if name != "fide":
        raise MatchConfigError(
            f"a {setup.files}x{setup.ranks} board plays FIDE's pieces only, not the "
            f"{army(name).title}"
        )
    return setup.back_rank


def start_fen(setup: Setup, white: str, black: str) -> str:
    """Return the start position of a board with White's and Black's armies."""
    back_white, back_black = _back(setup, white), _back(setup, black).lower()
    pawns = "P" * len(back_white)
    middle = [str(setup.files)] * (setup.ranks - 4)
    rows = [_row(setup, back_black), _row(setup, pawns.lower()), *middle]
    rows += [_row(setup, pawns), _row(setup, back_white)]
    rights = "KQkq" if setup.castles else "-"
    return f"{'/'.join(rows)} w {rights} - 0 1"


def castlings(setup: Setup, white: str, black: str) -> tuple[Castling, ...]:
    """Return each side's castlings on a board, from where its king and corners start."""
    if not setup.castles:
        return ()
    found: list[Castling] = []
    for name, right, rank in ((white, "K", 0), (black, "k", setup.ranks - 1)):
        base = rank * setup.files + setup.left
        king = base + 4
        long_to = base + FILES.index(army(name).long_castle_file)
        short = Castling(right, king, king + 2, base + 7, king + 1)
        long = Castling(chr(ord(right) + 6), king, long_to, base, long_to + 1)  # K->Q, k->q
        found += [short, long]
    return tuple(found)


def rules_for(
    setup: Setup, armies: tuple[str, str], kinds: frozenset[str], start: str | None = None
) -> Rules:
    """Return the rules of a board: its size, the kinds it holds, castlings, promotions."""
    white, black = armies
    if start is None:
        for name in armies:
            _back(setup, name)  # refuse an army the board cannot place
    held = kinds | army(white).kinds | army(black).kinds
    return Rules(
        setup.files,
        setup.ranks,
        frozenset(held),
        castlings(setup, white, black),
        army(white).promotions,
        army(black).promotions,
    )
