"""Who is in a match: its players by team, their captains, and who sits at which board."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from games.core.pieces import SIDES, Side


@dataclass
class Roster:
    """The players of a match's two teams, in the order they joined, and the seats."""

    teams: dict[Side, list[str]] = field(default_factory=lambda: {"white": [], "black": []})
    captains: dict[Side, str] = field(default_factory=dict)
    seats: dict[tuple[int, Side], str] = field(default_factory=dict)

    def team_of(self, user: str) -> Side | None:
        """Return the team a user plays for, or None."""
        for side in SIDES:
            if user in self.teams[side]:
                return side
        return None

    def seated(self, board: int, side: Side) -> str | None:
        """Return who plays side on board."""
        return self.seats.get((board, side))

    def may_move(self, user: str, board: int, side: Side) -> bool:
        """Tell whether user may play side's moves on board: its seat or that team's captain."""
        return user in (self.seated(board, side), self.captains.get(side))

    def boards_of(self, user: str) -> list[tuple[int, Side]]:
        """Return the boards and sides a user holds."""
        return sorted(seat for seat, holder in self.seats.items() if holder == user)

    def players_at(self, board: int) -> list[str]:
        """Return the people seated at a board, White's first, each once."""
        found: list[str] = []
        for side in SIDES:
            user = self.seats.get((board, side))
            if user is not None and user not in found:
                found.append(user)
        return found


def round_robin(
    boards: int, teams: dict[Side, list[str]], fixed: dict[tuple[int, Side], str]
) -> dict[tuple[int, Side], str]:
    """Seat every board: seats set by hand stay, the rest go to each team's players in turn."""
    seats = dict(fixed)
    for side in SIDES:
        players = teams[side]
        free = [board for board in range(1, boards + 1) if (board, side) not in seats]
        for index, board in enumerate(free):
            seats[(board, side)] = players[index % len(players)]
    return seats


def everyone(roster: Roster) -> Iterable[str]:
    """Return every player of both teams."""
    return [user for side in SIDES for user in roster.teams[side]]
