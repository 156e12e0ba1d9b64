"""What only some games can do, as protocols the bot asks a game for, never by its class.

A game that has a capability has its methods (Elevator Chess has them all); the bot asks
with isinstance on the protocol, so that a new game with teams or victory transfers needs
no change outside its own subpackage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from games.core.directions import Direction
from games.core.events import Event
from games.core.picks import Pick
from games.core.pieces import Side


@dataclass(frozen=True, slots=True)
class TransfersSettled:
    """What some events did to victory transfers: boards cleared, transfers made or let go."""

    cleared: tuple[int, ...] = ()  # boards emptied and closed, in the events' order
    made: frozenset[int] = frozenset()  # boards whose winner sent a piece onward
    declined: frozenset[int] = frozenset()  # boards whose transfer was let go, or lapsed


@runtime_checkable
class VictoryTransfers(Protocol):
    """The winner of a board may send one piece onward before the board closes."""

    def pending_transfer(self, board: int) -> Side | None:
        """Return the winner who may still make a board's victory transfer, or None."""

    def transfer_options(self, board: int) -> list[str]:
        """Return the transfers open to the winner of a just-won board; [] when none waits."""

    def transfer_picks(self, board: int) -> list[Pick]:
        """Return transfer_options as a menu names them: the piece, and where it goes."""

    def transfer(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Make the victory transfer of a just-won board."""

    def skip_transfer(self, board: int, *, side: Side | None = None) -> list[Event]:
        """Decline the victory transfer of a just-won board."""

    def transfers_settled(self, events: Sequence[Event]) -> TransfersSettled:
        """Say what events of this game did to its victory transfers."""


@runtime_checkable
class Teams(Protocol):
    """Teams play across boards, and a captain may resign for a whole team."""

    def teams(self) -> tuple[str, ...]:
        """Return the teams, White's first, in the order they were named."""

    def team(self, board: int, side: Side) -> str:
        """Return the team playing side on a board."""

    def team_scores(self) -> dict[str, float]:
        """Return each team's points, in the order of teams()."""

    def resign_match(self, side: Side) -> list[Event]:
        """Resign every board still being played for side."""

    def resign_team(self, team: str) -> list[Event]:
        """Resign every board still being played by a team."""

    def decided(self) -> bool:
        """Tell whether the result can no longer change."""

    def winners(self) -> tuple[str, ...]:
        """Return the winning team (several when shared) once decided, else ()."""


@runtime_checkable
class Rides(Protocol):
    """Pieces ride between boards that stand in a line or a ring, up and down."""

    def reach(self, board: int, direction: Direction) -> int | None:
        """Return the open board a ride from board in direction would land on, or None."""

    def next_board(self, board: int, direction: Direction) -> int | None:
        """Return the board next to board in direction, open or not (None past a line's end)."""

    def blocked(self, board: int, direction: Direction) -> str | None:
        """Say why no ride from board in direction can land anywhere, or None if one can."""

    def is_ride(self, text: str) -> bool:
        """Tell whether a move's text is written as a ride (Ne4^3), legal or not."""


@runtime_checkable
class HeldMoves(Protocol):
    """Turns are given on every board first and played together (Automatic Elevator Chess)."""

    def held_moves(self) -> dict[int, str]:
        """Return the moves given and not yet played this turn, by board."""

    def awaiting(self) -> list[int]:
        """Return the boards still waiting for the side to move's move."""
