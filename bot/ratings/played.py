"""The rated games of a finished match: player against player, and team against team.

Each pair of players who met on boards (one seated on each side) plays one game per match,
scored by their points on those boards; each pair of teams plays one game scored by their
match points. A score is 1 for more points, 0.5 for as many, 0 for fewer.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.core.results import UNFINISHED, points


@dataclass(frozen=True)
class Board:
    """Who sat on each side of a board (None: nobody), and how the board ended ('*': open)."""

    white: str | None
    black: str | None
    result: str


@dataclass(frozen=True)
class Game:
    """One rated game: first's score against second (1, 0.5 or 0)."""

    first: str
    second: str
    score: float


def compared(mine: float, theirs: float) -> float:
    """Return the score of mine against theirs: 1 for more, 0.5 for as many, 0 for fewer."""
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def player_games(boards: Sequence[Board], practice: Collection[str] = ()) -> list[Game]:
    """Return the games of the players who met on finished boards, first met first.

    A board with an empty seat, a seat of the practice opponent, one person on both sides,
    or no result yet gives no game.
    """
    won: dict[tuple[str, str], list[float]] = {}
    for board in boards:
        white, black = board.white, board.black
        if white is None or black is None or white == black or board.result == UNFINISHED:
            continue
        if white in practice or black in practice:
            continue
        mine, theirs = points(board.result, "white"), points(board.result, "black")
        pair, flip = ((white, black), False) if white < black else ((black, white), True)
        total = won.setdefault(pair, [0.0, 0.0])
        total[0] += theirs if flip else mine
        total[1] += mine if flip else theirs
    return [Game(a, b, compared(*won[(a, b)])) for a, b in won]


def team_games(scores: Mapping[str, float]) -> list[Game]:
    """Return a game between every two teams, scored by their match points."""
    return [Game(a, b, compared(scores[a], scores[b])) for a, b in combinations(list(scores), 2)]


def periods(found: Sequence[Game]) -> dict[str, list[tuple[str, float]]]:
    """Return each subject's games of one rating period: (opponent, score), in order."""
    period: dict[str, list[tuple[str, float]]] = {}
    for game in found:
        period.setdefault(game.first, []).append((game.second, game.score))
        period.setdefault(game.second, []).append((game.first, 1.0 - game.score))
    return period
