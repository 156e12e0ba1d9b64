"""The rules of every game the bot offers: pure Python, no I/O.

KINDS names every game with a line a player reads; offered(kind) gives what the game's own
subpackage tells of it (its class, its rules and example); the class starts a game from what
players chose (games.core.starts); new_game(kind, **options) starts one from its own options,
and from_json(text) rebuilds any game from the record its to_json() wrote.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from games.core.boardgame import BoardGame
from games.core.entry import Entry, Explained, Offered
from games.core.errors import MatchConfigError, RecordError, shown
from games.core.floors import FLOORS
from games.core.game import Game
from games.core.records import read_record
from games.elevator.match import RECORD_FORMAT as ELEVATOR_FORMAT
from games.elevator.settings import check_settings as _check_settings

# The registry: each subpackage's entry (its entry.py), in the order players see the games
# and floors listed. A new game is a subpackage and one line here.
_PACKAGES: Final = (
    "elevator",
    "chess",
    "escher",
    "cylinder",
    "enders",
    "good",
    "fairy",
    "billiards",
)


def _entries() -> list[Entry]:
    entries = []
    for package in _PACKAGES:
        entry = importlib.import_module(f"games.{package}.entry").ENTRY
        if not isinstance(entry, Entry):
            raise TypeError(f"games.{package}.entry.ENTRY is not an Entry")
        entries.append(entry)
    return entries


_ENTRIES: Final = _entries()
_GAMES: Final[dict[str, Offered]] = {
    offered.kind: offered for entry in _ENTRIES for offered in entry.games
}
FLOORS.update((name, floor) for entry in _ENTRIES for name, floor in entry.floors.items())

KINDS: Final[Mapping[str, str]] = MappingProxyType(
    {kind: offered.description for kind, offered in _GAMES.items()}
)
MOST_BOARDS: Final = max(offered.game.MOST_BOARDS for offered in _GAMES.values())
TEAM_COUNTS: Final = tuple(sorted({n for o in _GAMES.values() for n in o.game.TEAM_COUNTS}))


def new_game(kind: str, **options: Any) -> Game:
    """Start a game of a kind in KINDS with its options; raise MatchConfigError if refused."""
    game = game_class(kind)
    allowed = list(inspect.signature(game).parameters)
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        takes = f"its options are {', '.join(allowed)}" if allowed else "it takes no options"
        raise MatchConfigError(f"{kind} has no option {shown(unknown[0])}: {takes}")
    made: Game = game(**options)
    return made


def check_settings(kind: str, boards: int, layout: str, **options: Any) -> None:
    """Refuse a new game's settings of a wrong type or size before any is built (MatchConfigError).

    options: those games.elevator.settings.check_settings takes (most, what, variant, floors,
    armies, elevators, teams, start_fens).
    """
    _check_settings(boards, layout, variants=tuple(game_class(kind).VARIANTS), **options)


def offered(kind: str) -> Offered:
    """Return what the registry knows of a kind in KINDS; raise MatchConfigError for any other."""
    found = _GAMES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise MatchConfigError(f"there is no game {shown(kind)}: the games are {', '.join(KINDS)}")
    return found


def game_class(kind: str) -> type[BoardGame[Any]]:
    """Return the class of a kind in KINDS; raise MatchConfigError for any other."""
    return offered(kind).game


def from_json(text: str) -> Game:
    """Rebuild any game from its JSON record; raise RecordError if it is bad."""
    data = read_record(text)
    # Elevator Chess matches recorded before the games were a family name no kind.
    kind = data.get("kind", "elevator" if data.get("format") == ELEVATOR_FORMAT else None)
    found = _GAMES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise RecordError(f"this is not the record of a game the bot offers (kind {shown(kind)})")
    game: Game = found.game.from_json(text)
    return game


__all__ = [
    "KINDS",
    "MOST_BOARDS",
    "TEAM_COUNTS",
    "Explained",
    "Game",
    "Offered",
    "from_json",
    "game_class",
    "new_game",
    "offered",
]
