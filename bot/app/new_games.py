"""A new game's settings, checked: the game and its variant, the teams' names, the clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import games
from bot.app.guards import whole
from bot.errors import RulesError
from bot.hosted import Hosted
from bot.names import clean_name, same_name
from games.core.clocks import TimeControl
from games.core.errors import shown
from games.elevator import GameError, Match, MatchConfig
from games.elevator.config import MAX_BOARDS
from games.elevator.floors import FLOORS
from games.elevator.shaft import LAYOUTS
from games.elevator.teams import TEAM_COUNTS, team_map
from games.elevator.variants import DEFAULT_VARIANT, VARIANTS, Setup, variant

MAX_NAME: Final = 40  # characters in a team's name
MAX_SQUARES: Final = max(floor.shape.files * floor.shape.ranks for floor in FLOORS.values())


def check_settings(
    kind: str,
    boards: int,
    layout: str,
    *,
    most: int = MAX_BOARDS,
    what: str = "a match",
    variant: str = DEFAULT_VARIANT,
    floors: Sequence[str] | None = None,
    armies: Sequence[Sequence[str]] | None = None,
    elevators: Sequence[Sequence[str]] | None = None,
    teams: Sequence[str] | None = None,
    start_fens: Sequence[str] | None = None,
    rated_in: str | None = None,
) -> None:
    """Refuse a new game's settings of a wrong type or size, before any of it is built.

    Whatever a caller passes, each check costs little, so that nothing is built from a
    number of boards or a list too big to refuse at once. Whether the settings fit together
    (a floor's armies, a ring of two boards) is checked as the game is set up.
    most: the most boards such a game has; what: such a game, as the refusal names it.
    """
    try:
        games.game_class(kind)
    except GameError as error:
        raise RulesError(str(error)) from None
    if not whole(boards) or not 1 <= boards <= most:
        raise RulesError(f"{what} has 1 to {most} boards, not {shown(boards)}")
    if layout not in LAYOUTS:
        raise RulesError(f"the boards stand in a 'line' or a 'ring', not {shown(layout)}")
    if not isinstance(variant, str) or len(variant) > MAX_NAME:
        raise RulesError(
            f"there is no variant called {shown(variant)}: the variants are {', '.join(VARIANTS)}"
        )
    _names(floors, "floors", boards, "a floor's rules, as escher")
    _names(start_fens, "start_fens", boards, "a start position (FEN)")
    _names(teams, "teams", max(TEAM_COUNTS), "a team's name")
    for option, lists, longest in (("armies", armies, 2), ("elevators", elevators, MAX_SQUARES)):
        if lists is not None and not (
            _listed(lists, boards) and all(_listed(names, longest, str) for names in lists)
        ):
            raise RulesError(
                f"{option}: holds one entry for every board, or one per board ({boards}), each "
                f"a list of up to {longest} names"
            )
    if rated_in is not None and not isinstance(rated_in, str):
        raise RulesError(f"a game is rated in a server, named by its id, not {shown(rated_in)}")


def _listed(values: object, most: int, each: type | None = None) -> bool:
    """Tell whether values is a list or tuple of 1 to most entries (each of type each)."""
    return (
        isinstance(values, list | tuple)
        and 1 <= len(values) <= most
        and (each is None or all(isinstance(value, each) for value in values))
    )


def _names(values: Sequence[str] | None, option: str, most: int, each: str) -> None:
    """Refuse an option that is neither None nor a list of 1 to most texts."""
    if values is not None and not _listed(values, most, str):
        raise RulesError(f"{option}: is a list of 1 to {most} entries, each {each}")


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


def clock_fits(setup: Setup | None, control: TimeControl) -> None:
    """Refuse a clock for Automatic Elevator Chess, whose turn spans every board."""
    if setup is not None and setup.mode == "automatic" and control.timed:
        raise RulesError(
            "Automatic Elevator Chess is played without clocks: a side's turn spans every "
            "board, which the per-board clocks cannot time; leave clock out"
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
