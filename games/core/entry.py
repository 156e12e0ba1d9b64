"""What a game's subpackage tells the registry: the games it offers and the floors it lends."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.boardgame import BoardGame
from games.core.floors import Floor


@dataclass(frozen=True, slots=True)
class Offered:
    """A game players may start: its kind, a line that describes it, and its class."""

    kind: str
    description: str
    game: type[BoardGame[Any]]


@dataclass(frozen=True, slots=True)
class Entry:
    """A subpackage's entry in the registry (its ENTRY, in its entry.py)."""

    games: tuple[Offered, ...] = ()
    floors: Mapping[str, Floor] = field(default_factory=dict)  # by name, in the order listed
