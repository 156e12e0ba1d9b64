"""Ender's Chess in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Offered
from games.enders.game import EndersGame

ENTRY: Final = Entry(
    games=(
        Offered(
            "enders",
            "Ender's Chess: a 47-cell board the pieces enter by a gate, in turns where a side "
            "may move every piece it has once; first to take the opponent's gate wins",
            EndersGame,
        ),
    )
)
