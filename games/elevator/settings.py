"""A new game's settings checked for their types and sizes, before anything is built of them.

Whatever a caller passes (a number of boards as text, a fraction, 10**30), each check here
costs little and raises MatchConfigError with words a player reads, so that nothing is built
from a setting too big to refuse at once. Whether the settings fit together (a floor's
armies, a ring of two boards) is checked as the game is set up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.errors import MatchConfigError, shown
from games.core.starts import DEFAULT_VARIANT
from games.elevator.config import MAX_BOARDS
from games.elevator.floors import FLOORS
from games.elevator.shaft import LAYOUTS
from games.elevator.teams import TEAM_COUNTS
from games.elevator.variants import VARIANTS

MAX_VARIANT: Final = 40  # characters a variant's name may have, beyond any there is


def check_settings(
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
    variants: Sequence[str] = tuple(VARIANTS),
) -> None:
    """Refuse a new game's settings of a wrong type or size, before any of it is built.

    Whatever a caller passes, each check costs little, so that nothing is built from a
    number of boards or a list too big to refuse at once. Whether the settings fit together
    (a floor's armies, a ring of two boards) is checked as the game is set up.
    most: the most boards such a game has; what: such a game, as the refusal names it.
    variants: the names of the game's variants, as a refusal lists them (Betza's by default).
    """
    if not _whole(boards) or not 1 <= boards <= most:
        raise MatchConfigError(f"{what} has 1 to {most} boards, not {shown(boards)}")
    if layout not in LAYOUTS:
        raise MatchConfigError(f"the boards stand in a 'line' or a 'ring', not {shown(layout)}")
    if not isinstance(variant, str) or len(variant) > MAX_VARIANT:
        listed = f"the variants are {', '.join(variants)}" if variants else "this game has none"
        raise MatchConfigError(f"there is no variant called {shown(variant)}: {listed}")
    _names(floors, "floors", boards, "a floor's rules, as escher")
    _names(start_fens, "start_fens", boards, "a start position (FEN)")
    _names(teams, "teams", max(TEAM_COUNTS), "a team's name")
    for option, lists, longest in (
        ("armies", armies, 2),
        ("elevators", elevators, _most_squares()),
    ):
        if lists is not None and not (
            _listed(lists, boards) and all(_listed(names, longest, str) for names in lists)
        ):
            raise MatchConfigError(
                f"{option}: holds one entry for every board, or one per board ({boards}), each "
                f"a list of up to {longest} names"
            )


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
        raise MatchConfigError(f"{option}: is a list of 1 to {most} entries, each {each}")


def _whole(number: object) -> bool:
    """Tell whether a number as given is a whole number (not a flag, text or fraction)."""
    return isinstance(number, int) and not isinstance(number, bool)


def _most_squares() -> int:
    """Return the most squares a floor has: as many elevators as a match may name."""
    return max(floor.shape.files * floor.shape.ranks for floor in FLOORS.values())
