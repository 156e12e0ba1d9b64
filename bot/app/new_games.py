"""A new game's settings, checked: the game and its variant, the teams' names, the clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import games
from bot.errors import RulesError
from bot.hosted import Hosted
from bot.names import clean_name, same_name
from games.core.capabilities import Teams
from games.core.clocks import TimeControl
from games.core.errors import GameError, shown
from games.core.starts import Setup

MAX_NAME: Final = 40  # characters in a team's name


def check_settings(
    kind: str, boards: int, layout: str, *, rated_in: str | None = None, **options: Any
) -> None:
    """Refuse a new game's settings of a wrong type or size, before any of it is built.

    rated_in: whose ratings it counts in (a server's id, '' for DMs), None for unrated.
    """
    try:
        games.check_settings(kind, boards, layout, **options)
    except GameError as error:
        raise RulesError(str(error)) from None
    if rated_in is not None and not isinstance(rated_in, str):
        raise RulesError(f"a game is rated in a server, named by its id, not {shown(rated_in)}")


def new_hosted(
    kind: str,
    boards: int,
    layout: str,
    white_team: str,
    black_team: str,
    start_fens: Sequence[str] | None,
    setup: Setup | None,
    teams: Sequence[str] | None = None,
) -> tuple[Hosted, tuple[str, str] | None]:
    """Check a new game's settings; return it, and its sides' names if it has no teams.

    setup: what the players chose beyond its boards (games.core.starts), or None.
    teams: every team's name, White's teams first, when more than two play (then
    white_team and black_team are not used).
    """
    every = list(teams) if teams is not None and len(teams) > 2 else [white_team, black_team]
    names = _names(every)
    try:
        game = games.game_class(kind).start(boards, layout, names, start_fens, setup)
    except GameError as error:  # what the game refuses (Alice on an Escher floor, ...)
        raise RulesError(str(error)) from None
    return game, None if isinstance(game, Teams) else (names[0], names[1])


def _names(teams: Sequence[str]) -> list[str]:
    """Check the teams' (or sides') names, White's first, and return them cleaned."""
    names = [clean_name(name) for name in teams]
    if any(len(name) > MAX_NAME for name in names):
        raise RulesError(f"a team's name is at most {MAX_NAME} characters")
    if not all(names):
        raise RulesError("every team needs a name")
    for index, name in enumerate(names):
        other = next((o for o in names[index + 1 :] if same_name(name, o)), None)
        if other is not None:
            which = "the two teams" if len(names) == 2 else "the teams"
            alike = f"both are '{name}'" if name == other else f"'{name}' looks like '{other}'"
            raise RulesError(f"{which} need different names: {alike}")
    return names


def clock_fits(game: Hosted, control: TimeControl) -> None:
    """Refuse a clock for a game whose turn spans every board (Automatic Elevator Chess)."""
    if game.holds_moves and control.timed:
        raise RulesError(
            f"{game.described() or game.TITLE} is played without clocks: a side's turn spans "
            "every board, which the per-board clocks cannot time; leave clock out"
        )


def chosen(
    kind: str,
    boards: int,
    name: str,
    floors: Sequence[str] | None,
    armies: Sequence[tuple[str, str]] | None,
    elevators: Sequence[Sequence[str]] | None,
) -> Setup | None:
    """Turn a variant and its options into a game's setup; None when nothing was chosen."""
    try:
        return games.game_class(kind).chosen(boards, name, floors, armies, elevators)
    except GameError as error:
        raise RulesError(str(error)) from None
