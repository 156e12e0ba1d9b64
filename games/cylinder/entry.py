"""Cylindrical chess in the registry: the game of one board, and its floor."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Offered
from games.core.floors import Floor
from games.cylinder.board import CylinderBoard
from games.cylinder.game import CylinderGame
from games.cylinder.squares import CYLINDER

ENTRY: Final = Entry(
    games=(
        Offered(
            "cylinder",
            "Cylindrical chess: chess on one board whose files a and h are neighbours, so every "
            "piece may move across that edge",
            CylinderGame,
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
