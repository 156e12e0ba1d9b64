"""Points per side and per team, and when the match result can no longer change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.core.pieces import Side
from games.core.results import points
from games.elevator.teams import team_order


class Standings:
    """The running score of a match, kept up to date one finished board at a time."""

    def __init__(self, teams: Sequence[tuple[str, str]]) -> None:
        self._teams = teams
        self._colours = {"white": 0.0, "black": 0.0}
        self._points: dict[str, float] = {}
        self._open: Counter[str] = Counter()
        for team in team_order(teams):  # teams tied at the top are named in this order
            self._points[team] = 0.0
        for pair in teams:
            for team in pair:
                self._open[team] += 1
        self.unfinished = len(teams)

    def record(self, board: int, result: str) -> None:
        """Count a board's final result."""
        white_team, black_team = self._teams[board - 1]
        pairs: tuple[tuple[str, Side], ...] = ((white_team, "white"), (black_team, "black"))
        for team, side in pairs:
            earned = points(result, side)
            self._colours[side] += earned
            self._points[team] += earned
            self._open[team] -= 1
        self.unfinished -= 1

    def colour_score(self) -> tuple[float, float]:
        """Return the points won with the White pieces and with the Black pieces."""
        return self._colours["white"], self._colours["black"]

    def team_points(self) -> dict[str, float]:
        """Return each team's points, in order of first appearance."""
        return dict(self._points)

    def winners(self) -> tuple[str, ...] | None:
        """Return the winning teams once no remaining board can change them, else None."""
        scores = self._points
        best_now = max(scores, key=scores.__getitem__)
        if all(
            scores[best_now] > scores[team] + self._open[team]
            for team in scores
            if team != best_now
        ):
            return (best_now,)
        best = scores[best_now]
        tied = [team for team in scores if scores[team] == best]
        if all(self._open[team] == 0 for team in tied) and all(
            scores[team] + self._open[team] < best for team in scores if team not in tied
        ):
            return tuple(tied)
        return None
