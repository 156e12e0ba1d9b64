"""Elevator Chess in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Offered
from games.elevator.match import Match

ENTRY: Final = Entry(
    games=(
        Offered(
            "elevator",
            "Elevator Chess (Ralph Betza): boards of chess stacked in a line or a ring, whose "
            "centre squares are elevators a piece may ride to the next board; two teams",
            Match,
        ),
    )
)
