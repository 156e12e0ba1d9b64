"""Chess in the registry: the game of one board, and the FIDE floor of Elevator Chess."""

from __future__ import annotations

from typing import Final

from games.chess.board import FideBoard
from games.chess.game import ChessGame
from games.core.board import Board
from games.core.entry import Entry, Explained, Offered, playing
from games.core.floors import FIDE_KINDS, Floor, FloorSpec
from games.fairy import FairyBoard


def _chessboard(spec: FloorSpec) -> Board:
    """Return python-chess's board for FIDE's pieces alone, else a fairy board of 8x8."""
    if spec.armies == ("fide", "fide") and spec.kinds <= FIDE_KINDS:
        return FideBoard(spec.number, spec.elevators, spec.fen)
    return FairyBoard(spec.number, spec.elevators, spec.fen, armies=spec.armies, kinds=spec.kinds)


RULES: Final = Explained(
    "Chess by FIDE's rules, on one board, between two players.\n\n"
    "Write moves in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI (`g1f3`); autocomplete "
    "lists your legal moves. Checkmate wins; stalemate, agreement, threefold repetition "
    "and the fifty-move rule draw (claim with `/draw action:claim`).",
    "Above: the Italian Game, after 1. e4 e5 2. Nf3 Nc6 3. Bc4.",
    playing(ChessGame, "e4", "e5", "Nf3", "Nc6", "Bc4"),
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "chess",
            "Chess by FIDE's rules, on one board, from the start or a given position",
            ChessGame,
            RULES,
        ),
    ),
    floors={
        "fide": Floor(
            "FIDE", "ordinary chess, or Betza's armies", _chessboard, holds=None, armies=True
        )
    },
)
