"""Escher Staircase in the registry: the game of one board, and its floor."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Explained, Offered, playing
from games.core.floors import Floor
from games.escher.board import EscherBoard
from games.escher.game import EscherGame

RULES: Final = Explained(
    "Escher Staircase (Jim Aikin) is chess on one board, with the usual pieces and "
    "rules, except that the board moves.\n\n"
    "**Staircases.** Eight staircases of six squares each (the pink bands) run along "
    "rows 1, 3, 6 and 8 and files a, c, f and h. When a move starts on a staircase, that "
    "staircase moves one step the way its chevrons point, carrying every piece on it; "
    "the last square wraps round to the first. A move starting where two cross moves "
    "both. Shifts never capture, but they may give check.\n\n"
    "**Changes.** Black's king starts on d8 and queen on e8. There is no castling. A "
    "pawn on its first two rows may advance one or two squares; a pawn carried to its "
    "last rank promotes at once. A move is illegal if, after the shifts, your king is "
    "in check or two pieces would share a square.\n\n"
    "**The game.** Checkmate wins; stalemate is a draw.",
    "Above: the bishop left f1, so row 1 and file f each moved a step: the king is on d1.",
    playing(EscherGame, "e4", "e5", "Bc4"),
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "escher",
            "Escher Staircase (Jim Aikin): chess on one board whose eight staircases carry the "
            "pieces on them a step along whenever a move starts on them",
            EscherGame,
            RULES,
        ),
    ),
    floors={
        "escher": Floor(
            "Escher Staircase",
            "Jim Aikin's staircases carry pieces along",
            lambda spec: EscherBoard(spec.number, spec.elevators, spec.fen),
        )
    },
)
