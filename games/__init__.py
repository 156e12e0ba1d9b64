"""The rules of every game the bot offers: pure Python, no I/O.

KINDS names every game with a line a player reads; new_game(kind, **options) starts one,
and from_json(text) rebuilds any game from the record its to_json() wrote.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from games.chess.game import ChessGame
from games.core.boardgame import BoardGame
from games.core.errors import MatchConfigError, RecordError, shown
from games.core.game import Game
from games.core.records import read_record
from games.cylinder.game import CylinderGame
from games.elevator.match import RECORD_FORMAT as ELEVATOR_FORMAT
from games.elevator.match import Match
from games.elevator.settings import check_settings as _check_settings
from games.enders.game import EndersGame
from games.escher.game import EscherGame
from games.good.game import GoodGame

# Every game the bot offers, by kind: its description, then its class.
_GAMES: Final[dict[str, tuple[str, type[BoardGame[Any]]]]] = {
    "elevator": (
        "Elevator Chess (Ralph Betza): boards of chess stacked in a line or a ring, whose "
        "centre squares are elevators a piece may ride to the next board; two teams",
        Match,
    ),
    "chess": ("Chess by FIDE's rules, on one board, from the start or a given position", ChessGame),
    "escher": (
        "Escher Staircase (Jim Aikin): chess on one board whose eight staircases carry the "
        "pieces on them a step along whenever a move starts on them",
        EscherGame,
    ),
    "cylinder": (
        "Cylindrical chess: chess on one board whose files a and h are neighbours, so every "
        "piece may move across that edge",
        CylinderGame,
    ),
    "enders": (
        "Ender's Chess: a 47-cell board the pieces enter by a gate, in turns where a side "
        "may move every piece it has once; first to take the opponent's gate wins",
        EndersGame,
    ),
    "good": (
        "Ben Good's Elevator: 3-D chess on four levels of 2x2 platforms that move up and "
        "down their poles, with walking, vaulting, flying and pushing pieces",
        GoodGame,
    ),
}

KINDS: Final[Mapping[str, str]] = MappingProxyType(
    {kind: description for kind, (description, _) in _GAMES.items()}
)


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
    game_class(kind)
    _check_settings(boards, layout, **options)


def game_class(kind: str) -> type[BoardGame[Any]]:
    """Return the class of a kind in KINDS; raise MatchConfigError for any other."""
    found = _GAMES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise MatchConfigError(f"there is no game {shown(kind)}: the games are {', '.join(KINDS)}")
    return found[1]


def from_json(text: str) -> Game:
    """Rebuild any game from its JSON record; raise RecordError if it is bad."""
    data = read_record(text)
    # Elevator Chess matches recorded before the games were a family name no kind.
    kind = data.get("kind", "elevator" if data.get("format") == ELEVATOR_FORMAT else None)
    found = _GAMES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise RecordError(f"this is not the record of a game the bot offers (kind {shown(kind)})")
    game: Game = found[1].from_json(text)
    return game


__all__ = ["KINDS", "Game", "from_json", "game_class", "new_game"]
