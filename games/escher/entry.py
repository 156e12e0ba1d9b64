"""Escher Staircase in the registry: the game of one board, and its floor."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Offered
from games.core.floors import Floor
from games.escher.board import EscherBoard
from games.escher.game import EscherGame

ENTRY: Final = Entry(
    games=(
        Offered(
            "escher",
            "Escher Staircase (Jim Aikin): chess on one board whose eight staircases carry the "
            "pieces on them a step along whenever a move starts on them",
            EscherGame,
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
