"""How an Elevator Chess match starts: Betza's variants, many boards, two teams or more."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from games.core.starts import DEFAULT_VARIANT, Setup, Starts, Variant
from games.elevator.config import MAX_BOARDS, MatchConfig
from games.elevator.teams import TEAM_COUNTS, default_names, team_map, team_order
from games.elevator.variants import VARIANTS, describe, variant


class MatchStarts(Starts[MatchConfig]):
    """What Match answers of its start: Betza's variants, 1 to 1,000 boards, 2 to 8 teams."""

    VARIANTS: ClassVar[Mapping[str, Variant]] = VARIANTS
    MOST_BOARDS: ClassVar[int] = MAX_BOARDS
    TEAM_COUNTS: ClassVar[tuple[int, ...]] = TEAM_COUNTS

    @classmethod
    def chosen(
        cls,
        boards: int,
        variant_name: str,
        floors: Sequence[str] | None,
        armies: Sequence[tuple[str, str]] | None,
        elevators: Sequence[Sequence[str]] | None,
    ) -> Setup | None:
        """Turn one of Betza's variants and its options into a setup; None for the core game."""
        if variant_name == DEFAULT_VARIANT and floors is None and not armies and not elevators:
            return None
        return variant(variant_name).setup(
            boards, floors=floors, armies=armies, elevators=elevators
        )

    @classmethod
    def start(
        cls,
        boards: int,
        layout: str,
        teams: Sequence[str],
        start_fens: Sequence[str] | None,
        setup: Setup | None,
    ) -> Self:
        """Start a match of boards in a layout between teams (White's first), as set up."""
        in_range = isinstance(boards, int) and 1 <= boards <= MAX_BOARDS
        # out of range, the configuration refuses the boards in its own words
        pairs = team_map(boards, teams) if in_range else None
        kwargs = (setup or Setup()).kwargs()
        return cls.from_config(
            MatchConfig.create(boards, layout, start_fens, teams=pairs, **kwargs)
        )

    @classmethod
    def default_teams(cls, count: int) -> tuple[str, ...]:
        """Return White and Black for two teams, and Betza's Team A, Team B, ... for more."""
        return ("White", "Black") if count == 2 else default_names(count)

    def setup(self) -> Setup | None:
        """Return the floors, armies, elevators and mode the match was set up with."""
        config = self.config
        return Setup(config.rules, config.armies, config.elevators, config.mode)

    @classmethod
    def described_setup(cls, boards: int, layout: str, setup: Setup | None) -> str | None:
        """Say in a line which of Betza's variants a match set up so plays, or None."""
        kwargs = (setup or Setup()).kwargs()
        return describe(MatchConfig.create(boards, layout, **kwargs))

    @classmethod
    def variant_of(cls, config: MatchConfig) -> str | None:
        """Say in a line which of Betza's variants a match of a configuration plays, or None."""
        return describe(config)

    @classmethod
    def team_order(cls, config: MatchConfig) -> tuple[str, ...] | None:
        """Return a match's teams, White's first, as they were named."""
        return team_order([config.teams_of(n) for n in range(1, config.boards + 1)])
