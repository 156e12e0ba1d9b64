"""Billiards chess in the registry: the game of one board, and its floor."""

from __future__ import annotations

from typing import Final

from games.billiards.board import BilliardsBoard
from games.billiards.game import BilliardsGame
from games.billiards.squares import TABLE_SHAPE
from games.core.entry import Entry, Explained, Offered, playing
from games.core.floors import Floor

RULES: Final = Explained(
    "Billiards chess is chess on a table whose side edges, files a and h, are cushions.\n\n"
    "**Bounces.** A bishop's or queen's diagonal that meets file a or h bounces there, on "
    "the edge square, and goes on: a bishop from g1 reaches h2, then g3 and f4. A line may "
    "bounce more than once but never comes back to its own square, and a capture ends it. "
    "Checks and pins follow the bounced lines too.\n\n"
    "**The rest.** Rooks, knights, kings and pawns move as in chess, and the top and bottom "
    "edges do not bounce. Checkmate wins; stalemate, threefold repetition and the "
    "fifty-move rule draw, as in chess.",
    "Above: the bishop went from f1 up to a6, bounced off the cushion and took on b7.",
    playing(BilliardsGame, "e4", "e5", "Bxb7"),
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "billiards",
            "Billiards chess: chess whose bishops' and queens' diagonals bounce off files a and h",
            BilliardsGame,
            RULES,
        ),
    ),
    floors={
        "billiards": Floor(
            "Billiards",
            "diagonals bounce off files a and h",
            lambda spec: BilliardsBoard(spec.number, spec.elevators, spec.fen),
            shape=TABLE_SHAPE,
        )
    },
)
