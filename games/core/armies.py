"""Ralph Betza's four armies of Chess with Different Armies: their pieces and castling.

Each army fills the back rank as FIDE's does (a/h, b/g, c/f, d; the king on e) and keeps
FIDE's king and pawns. Letters are those Fairy-Stockfish configurations use in the wild.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core.errors import MatchConfigError, shown
from games.core.pieces import PieceKind, kind_name, register_kind

register_kind(
    PieceKind("D", "Bede", "BD", 450),
    PieceKind("W", "Waffle", "WA", 320),
    PieceKind("A", "FAD", "FAD", 420),
    PieceKind("C", "Cardinal", "BN", 800),
    PieceKind("S", "Short Rook", "R4", 400),
    PieceKind("M", "Woody Rook", "WD", 330),
    PieceKind("F", "Half-Duck", "HFD", 400),
    PieceKind("E", "Chancellor", "RN", 850),
    PieceKind("G", "Charging Rook", "fsRbK", 480),
    PieceKind("I", "Fibnif", "fbNF", 300),
    PieceKind("H", "Charging Knight", "fhNbKsW", 330),
    PieceKind("O", "Colonel", "KfsRfhN", 850),
)


@dataclass(frozen=True, slots=True)
class Army:
    """An army: its name, its pieces by file pair, and where its king castles long."""

    name: str
    title: str
    corner: str  # a and h
    knight: str  # b and g
    bishop: str  # c and f
    queen: str  # d
    long_castle_file: str = "c"  # the king's file after castling long; its partner beside it

    @property
    def back_rank(self) -> str:
        """Return White's first rank from a to h, FEN letters."""
        c, n, b = self.corner, self.knight, self.bishop
        return f"{c}{n}{b}{self.queen}K{b}{n}{c}"

    @property
    def kinds(self) -> frozenset[str]:
        """Return every kind of piece the army starts with, pawns and king included."""
        return frozenset(self.back_rank) | {"P"}

    @property
    def promotions(self) -> tuple[str, ...]:
        """Return what a pawn promotes to where this army is native: its pieces, strongest first."""
        return (self.queen, self.corner, self.bishop, self.knight)

    def describe(self) -> str:
        """Return the army's pieces in words, a to d."""
        names = [kind_name(letter) for letter in (self.corner, self.knight, self.bishop)]
        return f"{', '.join(names)} and {kind_name(self.queen)}"


FIDE_ARMY: Final = "fide"

ARMIES: Final[dict[str, Army]] = {
    army.name: army
    for army in (
        Army("fide", "Fabulous FIDEs", "R", "N", "B", "Q"),
        Army("clobberers", "Colorbound Clobberers", "D", "W", "A", "C", long_castle_file="b"),
        Army("rookies", "Remarkable Rookies", "S", "M", "F", "E"),
        Army("nutty", "Nutty Knights", "G", "I", "H", "O"),
    )
}


def army(name: str) -> Army:
    """Return the army of a name, or refuse it naming the armies there are."""
    found = ARMIES.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise MatchConfigError(
            f"there is no army called {shown(name)}: the armies are {', '.join(ARMIES)}"
        )
    return found


def start_fen(white: str, black: str) -> str:
    """Return the start position of an 8x8 board with White's and Black's armies."""
    back_white, back_black = army(white).back_rank, army(black).back_rank.lower()
    return f"{back_black}/pppppppp/8/8/8/8/PPPPPPPP/{back_white} w KQkq - 0 1"
