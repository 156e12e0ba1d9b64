"""How a game starts from what players chose: its variant and options, its boards and sides.

BoardGame's defaults are those of a game of one board between two sides, with no variants;
a game of more (Elevator Chess: many boards, teams, Betza's variants) answers for itself, so
that the bot starts, describes and rematches any game the same way, by asking its class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol, Self

from games.core.errors import MatchConfigError, shown
from games.core.records import ConfigT, GameRecords

DEFAULT_VARIANT: Final = "standard"  # a game as it is, with no variant chosen


@dataclass(frozen=True, slots=True)
class Setup:
    """What a player chose beyond a game's boards: floors, armies, elevators and mode per board."""

    rules: tuple[str, ...] | None = None
    armies: tuple[tuple[str, str], ...] | None = None
    elevators: tuple[tuple[str, ...], ...] | None = None
    mode: str = "standard"

    def kwargs(self) -> dict[str, Any]:
        """Return the keyword arguments of a game's configuration that this setup gives."""
        return {
            "rules": self.rules,
            "armies": self.armies,
            "elevators": self.elevators,
            "mode": self.mode,
        }

    def to_dict(self) -> dict[str, Any]:
        """Return the setup as JSON-ready lists."""
        return {
            "rules": None if self.rules is None else list(self.rules),
            "armies": None if self.armies is None else [list(p) for p in self.armies],
            "elevators": None if self.elevators is None else [list(e) for e in self.elevators],
            "mode": self.mode,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        """Rebuild a setup from its JSON form (to_dict's)."""
        rules, armies, elevators = data.get("rules"), data.get("armies"), data.get("elevators")
        return cls(
            None if rules is None else tuple(rules),
            None if armies is None else tuple((white, black) for white, black in armies),
            None if elevators is None else tuple(tuple(squares) for squares in elevators),
            str(data.get("mode", "standard")),
        )


class Variant(Protocol):
    """A variant of a game that a player may choose by name, as a menu offers it."""

    @property
    def name(self) -> str:
        """Return the name a player types: 'alice'."""

    @property
    def title(self) -> str:
        """Return the name as players read it: "Alice's Elevator Chess"."""

    @property
    def description(self) -> str:
        """Return a line that says what it is."""

    @property
    def example(self) -> str:
        """Return the options that start it beside its name, or ''."""

    @property
    def teams(self) -> int:
        """Return how many teams play it unless the players say otherwise."""


class Starts(GameRecords[ConfigT]):
    """How a game starts, and what of its start it tells: one board, two sides, no variants."""

    VARIANTS: ClassVar[Mapping[str, Variant]] = {}  # by name, as players may choose them
    MOST_BOARDS: ClassVar[int] = 1  # boards a game of this kind may have
    TEAM_COUNTS: ClassVar[tuple[int, ...]] = (2,)  # how many teams (or sides) may play it

    @classmethod
    def chosen(
        cls,
        boards: int,
        variant_name: str,
        floors: Sequence[str] | None,
        armies: Sequence[tuple[str, str]] | None,
        elevators: Sequence[Sequence[str]] | None,
    ) -> Setup | None:
        """Turn a variant and its options into a setup, None when nothing was chosen.

        Raise MatchConfigError for what this game cannot take.
        """
        if variant_name.strip().lower() != DEFAULT_VARIANT or armies or elevators:
            raise MatchConfigError(
                f"{cls.TITLE} has no variants, armies or elevators to choose: leave variant:, "
                "armies: and elevators: out"
            )
        if floors is not None:
            raise MatchConfigError(
                f"{cls.TITLE} has no floors: it is played on one board, and floors: sets the "
                "boards of a game of many"
            )
        return None

    @classmethod
    def start(
        cls,
        boards: int,
        layout: str,
        teams: Sequence[str],
        start_fens: Sequence[str] | None,
        setup: Setup | None,
    ) -> Self:
        """Start a game of boards in a layout between teams (White's first), as set up.

        Raise MatchConfigError for settings this game cannot be played with. A game of one
        board stands in no layout: it takes any.
        """
        if len(teams) != 2:
            raise MatchConfigError(f"{cls.TITLE} is played by two sides, not {len(teams)} teams")
        if setup is not None:
            raise MatchConfigError(f"{cls.TITLE} has no variants, floors, armies or elevators")
        if boards != 1:
            raise MatchConfigError(f"{cls.TITLE} is played on one board, not {shown(boards)}")
        return cls.from_config(cls.read_config({"fen": start_fens[0] if start_fens else None}))

    @classmethod
    def default_teams(cls, count: int) -> tuple[str, ...]:
        """Return the names count teams get when players name none, White's first."""
        if count not in cls.TEAM_COUNTS:
            raise MatchConfigError(f"{cls.TITLE} is played by two sides, not {shown(count)} teams")
        return ("White", "Black")

    def setup(self) -> Setup | None:
        """Return what the game was set up with beyond its boards, as a rematch copies it."""
        return None

    @classmethod
    def described_setup(cls, boards: int, layout: str, setup: Setup | None) -> str | None:
        """Say in a line which variant a game set up so plays, or None for its core game."""
        return None

    @classmethod
    def variant_of(cls, config: ConfigT) -> str | None:
        """Say in a line which variant a game of this configuration plays, or None."""
        return None

    @classmethod
    def team_order(cls, config: ConfigT) -> tuple[str, ...] | None:
        """Return a configuration's teams, White's first, or None for a game of two sides."""
        return None
