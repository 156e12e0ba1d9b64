"""A match's configuration: boards, layout, start positions, elevators, teams and rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.core.armies import FIDE_ARMY, army
from games.core.errors import MatchConfigError, shown
from games.core.pieces import kind_name
from games.elevator.floors import DEFAULT_RULES, FLOORS, FloorSpec
from games.elevator.shaft import LAYOUTS, Layout

MAX_BOARDS: Final = 1000
DEFAULT_TEAMS: Final = ("white", "black")
FIDE_ARMIES: Final = (FIDE_ARMY, FIDE_ARMY)
MODES: Final = {
    "standard": "each board at its own pace; a piece on an elevator may ride instead of moving",
    "alice": "two boards; a move that captures nothing passes through to the other board",
    "automatic": "a side moves on every board at once; then elevators carry their pieces",
}


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What a match is set up with; None means the default for every board."""

    boards: int
    layout: Layout
    start_fens: tuple[str, ...] | None = None
    elevators: tuple[tuple[str, ...], ...] | None = None
    teams: tuple[tuple[str, str], ...] | None = None
    rules: tuple[str, ...] | None = None  # the kind of floor of each board (FLOORS)
    armies: tuple[tuple[str, str], ...] | None = None  # White's and Black's army per board
    mode: str = "standard"  # how turns and elevators work (MODES)

    @classmethod
    def create(
        cls,
        boards: int,
        layout: str,
        start_fens: Sequence[str] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        teams: Sequence[Sequence[str]] | None = None,
        rules: Sequence[str] | None = None,
        armies: Sequence[Sequence[str]] | None = None,
        mode: str = "standard",
    ) -> MatchConfig:
        """Check and normalise what a match is created with."""
        check_boards(boards)
        if layout not in LAYOUTS:
            raise MatchConfigError(f"the layout must be 'line' or 'ring', not {shown(layout)}")
        if layout == "ring" and boards < 3:
            raise MatchConfigError("a ring needs at least 3 boards")
        if mode not in MODES:
            raise MatchConfigError(
                f"there is no mode called {shown(mode)}: the modes are {', '.join(MODES)}"
            )
        if mode == "alice" and (boards != 2 or layout != "line"):
            raise MatchConfigError("Alice's Elevator Chess is played on two boards in a line")
        config = cls(
            boards=boards,
            layout="ring" if layout == "ring" else "line",
            start_fens=_fens(start_fens, boards),
            elevators=_elevators(elevators, boards),
            teams=_teams(teams, boards),
            rules=_rules(rules, boards),
            armies=_armies(armies, boards),
            mode=mode,
        )
        config._check_floors()
        return config

    def _check_floors(self) -> None:
        """Refuse floors whose elevators cannot be matched, or that cannot hold the pieces."""
        counts = {len(self.elevators_of(n)): n for n in range(1, self.boards + 1)}
        if len(counts) > 1:
            (few, first), (many, second) = sorted(counts.items())[:2]
            raise MatchConfigError(
                f"board {first} has {few} elevator square{'s' * (few != 1)} and board {second} "
                f"{many}: a ride goes to the elevator of the same place in the list, so every "
                "board needs as many"
            )
        kinds = self.kinds()
        for number in range(1, self.boards + 1):
            name = self.rules_of(number)
            floor = FLOORS[name]
            if not floor.armies and self.armies_of(number) != FIDE_ARMIES:
                raise MatchConfigError(
                    f"board {number} plays by the rules {name}, which have FIDE's armies only"
                )
            strangers = kinds - floor.holds if floor.holds is not None else set()
            if strangers:
                raise MatchConfigError(
                    f"board {number} plays by the rules {name}, which cannot hold the "
                    f"{kind_name(min(strangers))} another board's army could send it"
                )

    def kinds(self) -> frozenset[str]:
        """Return every kind of piece the match's armies bring."""
        pairs = {FIDE_ARMIES} if self.armies is None else set(self.armies)
        return frozenset().union(*(army(name).kinds for pair in pairs for name in pair))

    def floor(self, board: int, kinds: frozenset[str] | None = None) -> FloorSpec:
        """Return what a board is made from; kinds: the match's kinds, if known already."""
        return FloorSpec(
            board,
            self.elevators_of(board),
            self.fen(board),
            self.armies_of(board),
            self.kinds() if kinds is None else kinds,
        )

    def floors(self) -> list[FloorSpec]:
        """Return what each board is made from, in order, the armies' kinds read once."""
        kinds = self.kinds()
        return [self.floor(board, kinds) for board in range(1, self.boards + 1)]

    def armies_of(self, board: int) -> tuple[str, str]:
        """Return the armies of White and Black on a board."""
        return FIDE_ARMIES if self.armies is None else self.armies[board - 1]

    def fen(self, board: int) -> str | None:
        """Return the start FEN of a board, or None for the standard position."""
        return None if self.start_fens is None else self.start_fens[board - 1]

    def elevators_of(self, board: int) -> tuple[str, ...]:
        """Return the elevator squares of a board, in connection order."""
        if self.elevators is None:
            return FLOORS[self.rules_of(board)].elevators
        return self.elevators[board - 1]

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
        # Left out when None, so that every record written before they existed is unchanged.
        if self.rules is not None:
            data["rules"] = list(self.rules)
        if self.armies is not None:
            data["armies"] = [list(pair) for pair in self.armies]
        if self.mode != "standard":
            data["mode"] = self.mode
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MatchConfig:
        """Rebuild a configuration from its JSON form; rules, armies and mode may be left out."""
        keys = {"boards", "layout", "start_fens", "elevators", "teams"}
        optional = {"rules", "armies", "mode"}
        if not isinstance(data, dict) or not keys <= set(data) <= keys | optional:
            raise MatchConfigError(
                f"a configuration must have exactly the fields {sorted(keys)}, and may have "
                f"{', '.join(sorted(optional))}"
            )
        return cls.create(**data)


def _per_board(values: object, boards: int, what: str) -> list[Any]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise MatchConfigError(f"{what} must be a list with one entry per board")
    if len(values) != boards:
        raise MatchConfigError(f"{what} must have one entry per board: {boards}, not {len(values)}")
    return list(values)


def check_boards(boards: int) -> None:
    """Refuse a number of boards that is not a whole number from 1 to MAX_BOARDS."""
    if isinstance(boards, bool) or not isinstance(boards, int):
        raise MatchConfigError(f"the number of boards must be a whole number, not {shown(boards)}")
    if not 1 <= boards <= MAX_BOARDS:
        raise MatchConfigError(f"a match has 1 to {MAX_BOARDS} boards, not {shown(boards)}")


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


def _armies(
    values: Sequence[Sequence[str]] | None, boards: int
) -> tuple[tuple[str, str], ...] | None:
    """Read armies per board, or one pair (White's, Black's) for every board."""
    if values is None:
        return None
    every: object = values
    if len(values) == 2 and all(isinstance(value, str) for value in values):
        every = [values] * boards
    pairs = _per_board(every, boards, "armies")
    result: list[tuple[str, str]] = []
    for number, pair in enumerate(pairs, 1):
        if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise MatchConfigError(f"board {number} needs two armies: White's and Black's")
        white, black = (army(name).name for name in pair)
        result.append((white, black))
    return None if all(pair == FIDE_ARMIES for pair in result) else tuple(result)
