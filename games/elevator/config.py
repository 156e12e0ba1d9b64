"""A match's configuration: boards, layout, start positions, elevators, teams and rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.core.errors import MatchConfigError, shown
from games.elevator.floors import DEFAULT_RULES, FLOORS
from games.elevator.shaft import LAYOUTS, Layout

MAX_BOARDS: Final = 1000
DEFAULT_ELEVATORS: Final = ("d4", "e4", "d5", "e5")
DEFAULT_TEAMS: Final = ("white", "black")


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What a match is set up with; None means the default for every board."""

    boards: int
    layout: Layout
    start_fens: tuple[str, ...] | None = None
    elevators: tuple[tuple[str, ...], ...] | None = None
    teams: tuple[tuple[str, str], ...] | None = None
    rules: tuple[str, ...] | None = None  # the kind of floor of each board (FLOORS)

    @classmethod
    def create(
        cls,
        boards: int,
        layout: str,
        start_fens: Sequence[str] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        teams: Sequence[Sequence[str]] | None = None,
        rules: Sequence[str] | None = None,
    ) -> MatchConfig:
        """Check and normalise what a match is created with."""
        if isinstance(boards, bool) or not isinstance(boards, int):
            raise MatchConfigError(
                f"the number of boards must be a whole number, not {shown(boards)}"
            )
        if not 1 <= boards <= MAX_BOARDS:
            raise MatchConfigError(f"a match has 1 to {MAX_BOARDS} boards, not {shown(boards)}")
        if layout not in LAYOUTS:
            raise MatchConfigError(f"the layout must be 'line' or 'ring', not {shown(layout)}")
        if layout == "ring" and boards < 3:
            raise MatchConfigError("a ring needs at least 3 boards")
        return cls(
            boards=boards,
            layout="ring" if layout == "ring" else "line",
            start_fens=_fens(start_fens, boards),
            elevators=_elevators(elevators, boards),
            teams=_teams(teams, boards),
            rules=_rules(rules, boards),
        )

    def fen(self, board: int) -> str | None:
        """Return the start FEN of a board, or None for the standard position."""
        return None if self.start_fens is None else self.start_fens[board - 1]

    def elevators_of(self, board: int) -> tuple[str, ...]:
        """Return the elevator squares of a board, in connection order."""
        return DEFAULT_ELEVATORS if self.elevators is None else self.elevators[board - 1]

    def teams_of(self, board: int) -> tuple[str, str]:
        """Return the teams playing White and Black on a board."""
        return DEFAULT_TEAMS if self.teams is None else self.teams[board - 1]

    def rules_of(self, board: int) -> str:
        """Return the rules a board plays by, a name in FLOORS."""
        return DEFAULT_RULES if self.rules is None else self.rules[board - 1]

    def to_dict(self) -> dict[str, Any]:
        """Return the configuration as a JSON-ready dict (rules only when some are given)."""
        data: dict[str, Any] = {
            "boards": self.boards,
            "layout": self.layout,
            "start_fens": None if self.start_fens is None else list(self.start_fens),
            "elevators": None if self.elevators is None else [list(e) for e in self.elevators],
            "teams": None if self.teams is None else [list(t) for t in self.teams],
        }
        # Left out when None, so that every record written before rules existed is unchanged.
        if self.rules is not None:
            data["rules"] = list(self.rules)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MatchConfig:
        """Rebuild a configuration from its JSON form; rules may be left out (all FIDE)."""
        keys = {"boards", "layout", "start_fens", "elevators", "teams"}
        if not isinstance(data, dict) or not keys <= set(data) <= keys | {"rules"}:
            raise MatchConfigError(
                f"a configuration must have exactly the fields {sorted(keys)}, and may have rules"
            )
        return cls.create(**data)


def _per_board(values: object, boards: int, what: str) -> list[Any]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise MatchConfigError(f"{what} must be a list with one entry per board")
    if len(values) != boards:
        raise MatchConfigError(f"{what} must have one entry per board: {boards}, not {len(values)}")
    return list(values)


def _fens(values: Sequence[str] | None, boards: int) -> tuple[str, ...] | None:
    if values is None:
        return None
    fens = _per_board(values, boards, "start_fens")
    for number, fen in enumerate(fens, 1):
        if not isinstance(fen, str):
            raise MatchConfigError(f"the start position of board {number} must be a FEN string")
    return tuple(fens)


def _elevators(
    values: Sequence[Sequence[str]] | None, boards: int
) -> tuple[tuple[str, ...], ...] | None:
    if values is None:
        return None
    lists = _per_board(values, boards, "elevators")
    result: list[tuple[str, ...]] = []
    for number, squares in enumerate(lists, 1):
        if isinstance(squares, str) or not isinstance(squares, Sequence) or not squares:
            raise MatchConfigError(f"board {number} needs a list of one or more elevator squares")
        if not all(isinstance(square, str) for square in squares):
            raise MatchConfigError(f"board {number}'s elevator squares must be named like d4")
        result.append(tuple(square.strip().lower() for square in squares))
    if len({len(squares) for squares in result}) != 1:
        raise MatchConfigError(
            "every board needs the same number of elevator squares: "
            "elevator k of one board connects to elevator k of the next"
        )
    return tuple(result)


def _teams(
    values: Sequence[Sequence[str]] | None, boards: int
) -> tuple[tuple[str, str], ...] | None:
    if values is None:
        return None
    pairs = _per_board(values, boards, "teams")
    result: list[tuple[str, str]] = []
    for number, pair in enumerate(pairs, 1):
        if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise MatchConfigError(f"board {number} needs two teams: White's and Black's")
        white, black = pair
        if not (isinstance(white, str) and isinstance(black, str) and white and black):
            raise MatchConfigError(f"board {number}'s teams must be non-empty names")
        if white == black:
            raise MatchConfigError(f"board {number} has team {shown(white)} on both sides")
        result.append((white, black))
    return tuple(result)


def _rules(values: Sequence[str] | None, boards: int) -> tuple[str, ...] | None:
    if values is None:
        return None
    names = _per_board(values, boards, "rules")
    for number, name in enumerate(names, 1):
        if not isinstance(name, str) or name not in FLOORS:
            known = ", ".join(sorted(FLOORS))
            raise MatchConfigError(
                f"board {number} cannot play by the rules {shown(name)}: the rules a floor "
                f"may have are {known}"
            )
    return tuple(names)
