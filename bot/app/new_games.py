"""A new game's settings, checked: the game and its variant, the teams' names, the clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import games
from bot.errors import RulesError
from bot.hosted import Hosted
from bot.names import clean_name, same_name
from games.core.clocks import TimeControl
from games.core.errors import shown
from games.elevator import GameError, Match, MatchConfig
from games.elevator.config import MAX_BOARDS
from games.elevator.teams import team_map
from games.elevator.variants import DEFAULT_VARIANT, Setup, variant

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

    setup: the floors, armies, elevators and mode of an Elevator Chess match, or None.
    teams: every team's name, White's teams first, when more than two play (then
    white_team and black_team are not used).
    """
    try:
        made = games.game_class(kind)
    except GameError as error:
        raise RulesError(str(error)) from None
    if teams is not None and len(teams) > 2 and made is not Match:
        raise RulesError(f"{made.TITLE} is played by two sides: only Elevator Chess has more")
    if made is Match:
        every = list(teams) if teams is not None and len(teams) > 2 else [white_team, black_team]
        config = _config(boards, layout, every, start_fens, setup or Setup())
        try:
            return Match.from_config(config), None
        except GameError as error:  # what a mode refuses (Alice on an Escher floor, ...)
            raise RulesError(str(error)) from None
    if setup is not None and setup.rules is not None:
        raise RulesError(f"{made.TITLE} has no floors: only Elevator Chess stacks boards")
    if setup is not None:
        raise RulesError(f"{made.TITLE} has no variants: they are Elevator Chess's")
    if boards != 1:
        raise RulesError(f"{made.TITLE} is played on one board, not {shown(boards)}")
    names = (clean_name(white_team), clean_name(black_team))
    if any(len(name) > MAX_NAME for name in names) or not all(names):
        raise RulesError(f"a side's name is 1 to {MAX_NAME} characters")
    try:
        game = made.from_config(made.read_config({"fen": start_fens[0] if start_fens else None}))
    except GameError as error:
        raise RulesError(str(error)) from None
    return game, names


def _config(
    boards: int,
    layout: str,
    teams: Sequence[str],
    start_fens: Sequence[str] | None,
    setup: Setup,
) -> MatchConfig:
    """Check a new match's settings and return its configuration.

    teams: the teams' names, White's teams first; two, or more (games.elevator.teams).
    """
    names = [clean_name(name) for name in teams]
    if any(len(name) > MAX_NAME for name in names):
        raise RulesError(f"a team's name is at most {MAX_NAME} characters")
    if not all(names):
        raise RulesError("every team needs a name")
    for index, name in enumerate(names):
        other = next((o for o in names[index + 1 :] if same_name(name, o)), None)
        if other is not None:
            which = "the two teams" if len(names) == 2 else "the teams"
            raise RulesError(f"{which} need different names: '{name}' looks like '{other}'")
    in_range = isinstance(boards, int) and 1 <= boards <= MAX_BOARDS
    try:
        pairs = team_map(boards, names) if in_range else None
        return MatchConfig.create(boards, layout, start_fens, teams=pairs, **setup.kwargs())
    except GameError as error:
        raise RulesError(str(error)) from None


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
    """Turn a variant and its options into a match's setup; None when nothing was chosen."""
    if kind != "elevator":
        if name != DEFAULT_VARIANT or armies or elevators:
            raise RulesError(
                "variant:, armies: and elevators: set up Elevator Chess: leave them out for "
                "another game"
            )
        return None if floors is None else Setup(rules=tuple(floors))
    if name == DEFAULT_VARIANT and floors is None and not armies and not elevators:
        return None
    try:
        return variant(name).setup(boards, floors=floors, armies=armies, elevators=elevators)
    except GameError as error:
        raise RulesError(str(error)) from None
