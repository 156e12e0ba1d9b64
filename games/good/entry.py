"""Ben Good's Elevator in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Offered
from games.good.game import GoodGame

ENTRY: Final = Entry(
    games=(
        Offered(
            "good",
            "Ben Good's Elevator: 3-D chess on four levels of 2x2 platforms that move up and "
            "down their poles, with walking, vaulting, flying and pushing pieces",
            GoodGame,
        ),
    )
)
