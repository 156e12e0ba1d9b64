"""The practice opponent's own search, over any game of the rules core.

Iterative deepening alpha-beta (negamax) over legal_moves and play on copies of the game,
with material as the evaluation and the game's own endings (a king taken, a mate, a gate
reached) as wins. A deadline is checked at every node, so it stops within its time; the
strength caps the depth and widens the margin within which a near-best move is taken at
random. CPU-bound: it runs in the worker process (bot/workers.py), never on the
event loop.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from bot.hosted import Hosted
from bot.practice.copies import Copier
from bot.practice.material import material
from games.core.capabilities import Rides, Teams
from games.core.directions import DIRECTIONS
from games.core.errors import GameError
from games.core.pieces import Side
from games.core.results import winner_of

logger = logging.getLogger(__name__)

WIN: Final = 1_000_000  # a board won; less the plies it takes, so the quickest win is best
# a neighbour board whose side to move may take the enemy king: as good as won, nearly
KING_AT_MERCY: Final = 5_000
NEIGHBOUR_WEIGHT: Final = 0.5  # material on a neighbour board counts half: a team-mate plays it
_INFINITY: Final = 10 * WIN


@dataclass(frozen=True, slots=True)
class Style:
    """How a strength plays: the deepest search and the margin of its random choice."""

    depth: int  # plies (in Ender's Chess, actions)
    margin: int  # centipawns below the best within which a move may be chosen


STYLES: Final[dict[int, Style]] = {
    1: Style(1, 150),
    2: Style(2, 80),
    3: Style(3, 40),
    4: Style(4, 15),
    5: Style(6, 0),
}


class OutOfTime(Exception):
    """The search's deadline passed."""


def choose_turn(
    game: Hosted, board: int, side: Side, style: Style, deadline: float, rng: random.Random
) -> str:
    """Return the whole turn side plays on a board, its actions joined by spaces.

    The game is played on: pass a copy. deadline is a time.monotonic() value.
    """
    copier = Copier()
    actions: list[str] = []
    while game.is_open(board) and game.side_to_move(board) == side:
        if actions and time.monotonic() >= deadline:
            break  # play_turn ends a turn of many actions where this one stops
        # A turn of many actions gives each action half the time that is left.
        share = deadline if not game.MANY_ACTIONS else (time.monotonic() + deadline) / 2
        search = Search(game, board, side, copier, share, rng)
        action = search.best(style)
        game.play(board, action, side=side)
        actions.append(action)
        if not game.MANY_ACTIONS:
            break
    return " ".join(actions)


class Search:
    """A search for side's best action on one board of a game, from the game as it stands."""

    def __init__(
        self,
        game: Hosted,
        board: int,
        side: Side,
        copier: Copier,
        deadline: float,
        rng: random.Random,
    ) -> None:
        self.game = game
        self.board = board
        self.side = side
        self._copier = copier
        self._deadline = deadline
        self._rng = rng
        self._neighbours = _team_neighbours(game, board, side)
        # asked once: every node is a copy of this game, and a ride is told by its text alone
        self._is_ride: Callable[[str], bool] = game.is_ride if isinstance(game, Rides) else _no_ride

    def best(self, style: Style) -> str:
        """Return the action to play: the best found in time, or one near it at random."""
        moves = _ordered(self.game.legal_moves(self.board), self._is_ride)
        if not moves:
            raise GameError(f"there is no legal move on board {self.board}")
        scored: list[tuple[int, str]] = []
        for depth in range(1, style.depth + 1):
            try:
                found = self._root(moves, depth, style.margin)
            except OutOfTime as partial:
                if not scored and partial.args:
                    scored = partial.args[0]  # the first iteration's moves searched in time
                break
            scored = found
            if scored[0][0] >= WIN // 2:
                break  # a forced win found: deeper will not find a quicker one
            searched = [move for _, move in scored]
            moves = searched + [move for move in moves if move not in set(searched)]
        if not scored:
            return moves[0]
        top = scored[0][0]
        margin = 0 if abs(top) >= WIN // 2 else style.margin
        return self._rng.choice([move for score, move in scored if score >= top - margin])

    def _root(self, moves: Sequence[str], depth: int, margin: int) -> list[tuple[int, str]]:
        """Score each root move (exactly, if within margin of the best); best first."""
        scored: list[tuple[int, str]] = []
        best = -_INFINITY
        for move in moves:
            try:
                score = self._after(self.game, move, depth - 1, best - margin - 1, _INFINITY, 1)
            except OutOfTime:
                raise OutOfTime(sorted(scored, key=lambda s: -s[0])) from None
            if score is None:
                continue
            scored.append((score, move))
            best = max(best, score)
        scored.sort(key=lambda s: -s[0])
        return scored

    def _after(
        self, node: Hosted, move: str, depth: int, alpha: int, beta: int, ply: int
    ) -> int | None:
        """Return the value of a move for the side playing it, or None if it is refused."""
        mover = node.side_to_move(self.board)
        child = self._copier.copy(node)
        try:
            child.play(self.board, move)
        except GameError:
            logger.exception("a listed move was refused on board %s: %s", self.board, move)
            return None
        if child.side_to_move(self.board) == mover:
            return self._value(child, depth, alpha, beta, ply)
        return -self._value(child, depth, -beta, -alpha, ply)

    def _value(self, node: Hosted, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Return a node's value for its side to move on the board (negamax, fail-soft)."""
        if time.monotonic() >= self._deadline:
            raise OutOfTime
        if not node.is_open(self.board):
            return self._final(node, ply)
        if depth <= 0:
            return self._evaluate(node)
        best = -_INFINITY
        for move in _ordered(node.legal_moves(self.board), self._is_ride):
            score = self._after(node, move, depth - 1, alpha, beta, ply + 1)
            if score is None:
                continue
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best if best > -_INFINITY else self._evaluate(node)

    def _final(self, node: Hosted, ply: int) -> int:
        """Return a finished board's value for the side whose turn it was there."""
        winner = winner_of(node.board_result(self.board))
        if winner is None:
            return 0
        return WIN - ply if winner == node.side_to_move(self.board) else ply - WIN

    def _evaluate(self, node: Hosted) -> int:
        """Return the material on the board (and half its neighbours') for its side to move."""
        score = material(node, self.board, self.side)
        for neighbour in self._neighbours:
            if not node.is_open(neighbour):
                continue
            score += int(NEIGHBOUR_WEIGHT * material(node, neighbour, self.side))
            if node.king_capturable(neighbour):
                mercy = (
                    KING_AT_MERCY if node.side_to_move(neighbour) == self.side else -KING_AT_MERCY
                )
                score += mercy
        return score if node.side_to_move(self.board) == self.side else -score


def _team_neighbours(game: Hosted, board: int, side: Side) -> list[int]:
    """Return the boards a ride from board reaches where side's team plays side."""
    if not isinstance(game, Teams) or not isinstance(game, Rides):
        return []
    team = game.team(board, side)
    found = [game.reach(board, direction) for direction in DIRECTIONS]
    return sorted({n for n in found if n is not None and n != board and game.team(n, side) == team})


def _ordered(moves: Sequence[str], is_ride: Callable[[str], bool]) -> list[str]:
    """Return moves with captures first, then rides, then the rest, as listed."""
    return sorted(moves, key=lambda move: 0 if "x" in move else 1 if is_ride(move) else 2)


def _no_ride(move: str) -> bool:
    """Tell that a move of a game without rides is no ride."""
    return False
