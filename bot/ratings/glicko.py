"""Glicko-2, from deepy's glicko2 library: the one module that knows which library rates.

Each rated match is one rating period of its own (as lichess rates every game at once), so a
deviation never grows with idle time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import glicko2

PROVISIONAL: Final = 110.0  # a deviation above this is a provisional rating (shown with "?")


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation (RD) and its volatility (sigma)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        """Tell whether the rating is still too uncertain to stand (deviation over 110)."""
        return self.deviation > PROVISIONAL


NEW: Final = Rating()  # where every player and team starts


def rated(before: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """Return a rating after one rating period of games: (opponent's rating, score 1/0.5/0)."""
    if not games:
        return before
    player = glicko2.Player(rating=before.rating, rd=before.deviation, vol=before.volatility)
    player.update_player(
        [opponent.rating for opponent, _ in games],
        [opponent.deviation for opponent, _ in games],
        [score for _, score in games],
    )
    return Rating(float(player.getRating()), float(player.getRd()), float(player.vol))
