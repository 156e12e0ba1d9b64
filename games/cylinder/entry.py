"""Cylindrical chess in the registry: the game of one board, and its floor."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Explained, Offered, playing
from games.core.floors import Floor
from games.cylinder.board import CylinderBoard
from games.cylinder.game import CylinderGame
from games.cylinder.squares import CYLINDER

RULES: Final = Explained(
    "Cylindrical chess is chess on one board whose files a and h are neighbours, as if "
    "the board were rolled into a cylinder.\n\n"
    "**Across the edge.** Every piece may move across the a-h edge: a rook on a3 goes "
    "to h3 in one step, a bishop from c1 runs b2, a3, h4, a knight on a1 reaches g2 "
    "and h3, and a pawn on a5 takes on h6 (en passant too). Checks and pins cross the "
    "edge as well.\n\n"
    "**Changes.** A move must change the position: a rook may not go round its rank "
    "back to its own square. Castling is as in ordinary chess (O-O, O-O-O), with "
    "the squares between king and rook counted the ordinary way.\n\n"
    "**The game.** Checkmate wins; stalemate, threefold repetition and the fifty-move "
    "rule draw, as in chess.",
    "Above: the bishop went from f1 to b5, then across the edge by a6 to take on h7.",
    playing(CylinderGame, "e4", "d5", "Bb5+", "c6", "Bxh7"),
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "cylinder",
            "Cylindrical chess: chess on one board whose files a and h are neighbours, so every "
            "piece may move across that edge",
            CylinderGame,
            RULES,
        ),
    ),
    floors={
        "cylinder": Floor(
            "Cylindrical",
            "files a and h are neighbours: every move may cross that edge",
            lambda spec: CylinderBoard(spec.number, spec.elevators, spec.fen),
            shape=CYLINDER,
        )
    },
)
