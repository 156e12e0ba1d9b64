"""Who is in a match: its players by team, their captains, and who sits at which board.

A team is known by its key: 'white' and 'black' in a match of two teams (as every match
had), and the team's name in a match of more, where each board has its own pair of teams.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from games.core.pieces import SIDES, Side


@dataclass
class Roster:
    """The players of a match's teams, in the order they joined, and the seats.

    lineup: the keys of the teams playing White and Black on each board, board 1 first;
    empty in a match of two teams, where team 'white' plays White everywhere.
    """

    teams: dict[str, list[str]] = field(default_factory=lambda: {"white": [], "black": []})
    captains: dict[str, str] = field(default_factory=dict)
    seats: dict[tuple[int, Side], str] = field(default_factory=dict)
    lineup: tuple[tuple[str, str], ...] = ()

    def team_of(self, user: str) -> str | None:
        """Return the team a user plays for, or None."""
        for team, players in self.teams.items():
            if user in players:
                return team
        return None

    def team_at(self, board: int, side: Side) -> str:
        """Return the team that plays side on board."""
        if not self.lineup:
            return side
        white, black = self.lineup[board - 1]
        return white if side == "white" else black

    def places_of(self, team: str, boards: int) -> list[tuple[int, Side]]:
        """Return the boards and colours a team plays, board 1 first."""
        return [
            (board, side)
            for board in range(1, boards + 1)
            for side in SIDES
            if self.team_at(board, side) == team
        ]

    def seated(self, board: int, side: Side) -> str | None:
        """Return who plays side on board."""
        return self.seats.get((board, side))

    def may_move(self, user: str, board: int, side: Side) -> bool:
        """Tell whether user may play side's moves on board: its seat or that team's captain."""
        return user in (self.seated(board, side), self.captains.get(self.team_at(board, side)))

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
    boards: int, roster: Roster, only_theirs: Collection[str] = ()
) -> dict[tuple[int, Side], str]:
    """Seat every board: seats set by hand stay, the rest go to each team's players in turn.

    only_theirs: players who hold the seats set for them alone (the practice opponent),
    unless their team has nobody else (a casual game against it: it holds every board).
    """
    seats = dict(roster.seats)
    for team, everyone_in_team in roster.teams.items():
        players = [u for u in everyone_in_team if u not in only_theirs] or everyone_in_team
        free = [seat for seat in roster.places_of(team, boards) if seat not in seats]
        for index, seat in enumerate(free):
            seats[seat] = players[index % len(players)]
    return seats


def everyone(roster: Roster) -> Iterable[str]:
    """Return every player of every team."""
    return [user for players in roster.teams.values() for user in players]
