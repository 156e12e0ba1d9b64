"""What a game's subpackage tells the registry: the games it offers and the floors it lends."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from games.core.boardgame import BoardGame
from games.core.floors import Floor

EXAMPLE_WIDTH: Final = 480  # pixels: sharp at Discord's preview size, small to upload


def playing(new: Callable[[], BoardGame[Any]], *actions: str) -> Callable[[], BoardGame[Any]]:
    """Return what makes a rules example: a new game with actions played on its board 1."""

    def example() -> BoardGame[Any]:
        game = new()
        for action in actions:
            game.play(1, action)
        return game

    return example


@dataclass(frozen=True, slots=True)
class Explained:
    """A game's rules in a few lines, and the position its example image shows."""

    text: str
    caption: str  # what the example shows, under the image
    example: Callable[[], BoardGame[Any]]  # the game as the example leaves it
    board: int = 1  # the board the example shows
    width: int = EXAMPLE_WIDTH  # wider for a board whose levels stand side by side


@dataclass(frozen=True, slots=True)
class Offered:
    """A game players may start: its kind, a line that describes it, its class and rules."""

    kind: str
    description: str
    game: type[BoardGame[Any]]
    rules: Explained


@dataclass(frozen=True, slots=True)
class Entry:
    """A subpackage's entry in the registry (its ENTRY, in its entry.py)."""

    games: tuple[Offered, ...] = ()
    floors: Mapping[str, Floor] = field(default_factory=dict)  # by name, in the order listed
