"""Betza's variants of Elevator Chess that a player can start, and what each sets up.

A variant is data: the floor it puts on its boards (on every board, or on every second one
beside FIDE boards), the mode its turns follow, and the options it cannot start without.
`Variant.setup` turns what a player chose into a `Setup`, whose fields are keyword
arguments of `Match` and `MatchConfig.create`; the match's configuration then checks them
(an unknown floor, elevators in a wrong count, armies a floor cannot play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.core.armies import ARMIES, FIDE_ARMY
from games.core.errors import MatchConfigError, shown
from games.core.starts import Setup
from games.elevator.config import MODES, MatchConfig, check_boards
from games.elevator.floors import DEFAULT_RULES, FLOORS

ARMIES_OPTION: Final = "armies"
ELEVATORS_OPTION: Final = "elevators"
LISTED: Final = 6  # boards named one by one in a description; more are counted


@dataclass(frozen=True, slots=True)
class Variant:
    """A variant a player can start: its name, title, one-line description and what it sets."""

    name: str
    title: str
    description: str
    floor: str | None = None  # the rules it puts on boards (FLOORS); None: FIDE's
    every_board: bool = False  # the floor on every board, not on every second one
    mode: str = "standard"  # how turns and elevators work (MODES)
    needs: frozenset[str] = field(default_factory=frozenset)  # options it cannot do without
    example: str = ""  # the options that start it, beside variant:
    teams: int = 2  # how many teams play it unless teams: says otherwise

    def setup(
        self,
        boards: int,
        *,
        floors: Sequence[str] | None = None,
        armies: Sequence[tuple[str, str]] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
    ) -> Setup:
        """Turn the options chosen into the match's setup; refuse what the variant cannot take.

        armies and elevators hold one entry for every board, or one per board.
        """
        check_boards(boards)  # first: the floors and lists below are as long as boards
        for option, given in ((ARMIES_OPTION, armies), (ELEVATORS_OPTION, elevators)):
            if option in self.needs and not given:
                raise MatchConfigError(f"{self.title} needs {option}: (as {self.example})")
        if (
            ARMIES_OPTION in self.needs
            and armies
            and all(side == FIDE_ARMY for pair in armies for side in pair)
        ):
            raise MatchConfigError(f"{self.title} needs an army other than the Fabulous FIDEs")
        return Setup(
            rules=self._rules(boards, floors),
            armies=None if not armies else tuple(_per_board(armies, boards, ARMIES_OPTION)),
            elevators=(
                None
                if not elevators
                else tuple(tuple(e) for e in _per_board(elevators, boards, ELEVATORS_OPTION))
            ),
            mode=self.mode,
        )

    def _rules(self, boards: int, floors: Sequence[str] | None) -> tuple[str, ...] | None:
        """Return each board's floor: those typed, checked against the variant, or its own."""
        if self.floor is None:
            return None if floors is None else tuple(floors)
        if floors is not None:
            if self.every_board and any(name != self.floor for name in floors):
                raise MatchConfigError(
                    f"{self.title} plays every board on a {self.floor} floor: leave floors: out"
                )
            if self.floor not in floors:
                raise MatchConfigError(
                    f"{self.title} needs at least one {self.floor} board in floors:, "
                    f"as {','.join(_alternate(self.floor, max(boards, 2)))}"
                )
            return tuple(floors)
        if self.every_board:
            return (self.floor,) * boards
        if boards < 2:
            raise MatchConfigError(f"{self.title} needs 2 boards or more: a floor beside another")
        return _alternate(self.floor, boards)


def _alternate(floor: str, boards: int) -> tuple[str, ...]:
    """Put a floor on every second board (2, 4, ...), FIDE boards beside it."""
    return tuple(floor if number % 2 == 0 else DEFAULT_RULES for number in range(1, boards + 1))


def _per_board(values: Sequence[Any], boards: int, option: str) -> list[Any]:
    """Spread one entry over every board, or take one entry per board."""
    if len(values) == 1:
        return list(values) * boards
    if len(values) != boards:
        raise MatchConfigError(
            f"{option}: needs one entry for every board, or one per board ({boards}), "
            f"not {len(values)}"
        )
    return list(values)


VARIANTS: Final[dict[str, Variant]] = {
    variant.name: variant
    for variant in (
        Variant(
            "standard",
            "Elevator Chess",
            "Betza's core game: FIDE boards, a piece on a centre square may ride to the next",
        ),
        Variant(
            "armies",
            "Different Armies",
            "Betza's four armies (FIDEs, Clobberers, Rookies, Nutty Knights): one per side",
            needs=frozenset({ARMIES_OPTION}),
            example="armies:clobberers/nutty, or per board fide/nutty,rookies/fide",
        ),
        Variant(
            "7x7",
            "7x7 Elevator Chess",
            "every board 7x7; its one elevator is the centre square, d4",
            floor="7x7",
            every_board=True,
        ),
        Variant(
            "10x10",
            "10x10 neighbours",
            "10x10 boards beside 8x8 ones, their four centre squares the elevators",
            floor="10x10",
        ),
        Variant(
            "cylinder",
            "Cylindrical neighbours",
            "boards whose files a and h are joined, beside FIDE boards",
            floor="cylinder",
        ),
        Variant(
            "escher",
            "Escher neighbours",
            "Jim Aikin's Escher Staircase boards beside FIDE boards",
            floor="escher",
        ),
        Variant(
            "displaced",
            "Displaced elevators",
            "elevator squares chosen per board instead of the four centre squares",
            needs=frozenset({ELEVATORS_OPTION}),
            example="elevators:c3 f3 c6 f6, or per board c3 f3 c6 f6; d4 e4 d5 e5",
        ),
        Variant(
            "teams",
            "Elevator Chess for Many Teams",
            "4, 6 or 8 teams, half White, half Black, each on its own boards",
            example="teams:4 names:Reds, Blues, Greens, Golds",
            teams=4,
        ),
        Variant("alice", "Alice's Elevator Chess", MODES["alice"], mode="alice"),
        Variant("automatic", "Automatic Elevator Chess", MODES["automatic"], mode="automatic"),
    )
}


def variant(name: str) -> Variant:
    """Return the variant of a name (or title), or refuse it naming the variants there are."""
    key = name.strip().lower() if isinstance(name, str) else ""
    for found in VARIANTS.values():
        if key in (found.name.lower(), found.title.lower()):
            return found
    raise MatchConfigError(
        f"there is no variant called {shown(name)}: the variants are {', '.join(VARIANTS)}"
    )


def describe(config: MatchConfig) -> str | None:
    """Say in a line which variant a match plays, or None for the core game.

    Options combine, so the line names each: "Different Armies: Colorbound Clobberers
    (White) v Nutty Knights (Black); Escher neighbours (board 2)". More than two teams are
    Betza's Many Teams.
    """
    parts = [v.title for v in VARIANTS.values() if v.mode == config.mode != "standard"]
    if config.teams is not None and len({team for pair in config.teams for team in pair}) > 2:
        parts.append(VARIANTS["teams"].title)
    if config.armies is not None:
        parts.append(_armies_words(config.armies))
    if config.rules is not None:
        parts += _floor_words(config.rules)
    if config.elevators is not None:
        lists = set(config.elevators)
        chosen = f": {' '.join(config.elevators[0])}" if len(lists) == 1 else " chosen per board"
        parts.append(f"Displaced elevators{chosen}")
    return "; ".join(parts) or None


def _armies_words(armies: tuple[tuple[str, str], ...]) -> str:
    if len(set(armies)) == 1:
        white, black = armies[0]
        return f"Different Armies: {ARMIES[white].title} (White) v {ARMIES[black].title} (Black)"
    pairs = [
        f"board {number} {ARMIES[white].title} v {ARMIES[black].title}"
        for number, (white, black) in enumerate(armies[:LISTED], 1)
    ]
    more = ", …" if len(armies) > LISTED else ""
    return f"Different Armies (White v Black): {', '.join(pairs)}{more}"


def _floor_words(rules: tuple[str, ...]) -> list[str]:
    words = []
    for name in dict.fromkeys(rules):
        if name == DEFAULT_RULES:
            continue
        own = next((v for v in VARIANTS.values() if v.floor == name), None)
        if all(rule == name for rule in rules):
            every_board = own is not None and own.every_board
            words.append(own.title if own and every_board else f"{FLOORS[name].title} floors")
            continue
        numbers = [number for number, rule in enumerate(rules, 1) if rule == name]
        where = (
            f"board{'s' * (len(numbers) > 1)} {', '.join(map(str, numbers))}"
            if len(numbers) <= LISTED
            else f"{len(numbers)} boards"
        )
        words.append(f"{own.title if own else FLOORS[name].title} ({where})")
    return words


def army_pair_title(white: str, black: str) -> str:
    """Name a pair of armies as a menu shows it: Colorbound Clobberers v Nutty Knights."""
    return f"{ARMIES[white].title} v {ARMIES[black].title}"
