"""Playing a benchmark's game to its end or a cut-off, every board of it, and scoring it.

Every board is played, in passes over the boards, board 1 first: on each open board the side
to move there plays one turn (a ride is that board's turn; its arrival lands on the next
board without using that board's turn), as the bot answers on every board where it is to
move. Neither player picks a board: both play them all, round-robin. A board whose side to
move has nothing to play (waiting for an arrival) is passed over. A victory transfer is let
go by whoever won it, as the bot lets its own go. A board still open at the cut-off is scored
by its material (ahead wins, level draws, behind loses).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Final

import games
from bot.hosted import Hosted, pending_transfer
from bot.practice.material import material
from bot.practice.opponent import Opponent
from bot.practice.turn import Turn
from games.core.pieces import Side
from games.core.results import winner_of

WARM_UP: Final = 5.0  # seconds the first turn may take: it starts the workers and Stockfish

Player = Callable[[Hosted, int, Side], Awaitable[str]]  # the turn it plays on a board, as side

# a board's outcome for one side, and what it scores: by its result, or by material if cut off
POINTS: Final = {"win": 1.0, "ahead": 1.0, "draw": 0.5, "level": 0.5, "loss": 0.0, "behind": 0.0}
CUT_OFF: Final = frozenset({"ahead", "level", "behind"})  # the outcomes of a board cut off


def random_turn(game: Hosted, board: int, chooser: random.Random) -> str:
    """Return a random legal turn on a board, rides included (every action of a turn of many)."""
    trial = games.game_class(game.KIND).from_json(game.to_json())
    side = trial.side_to_move(board)
    played: list[str] = []
    while trial.is_open(board) and trial.side_to_move(board) == side:
        action = chooser.choice(trial.legal_moves(board))
        trial.play(board, action, side=side)
        played.append(action)
        if not trial.MANY_ACTIONS:
            break
    return " ".join(played)


def random_player(chooser: random.Random) -> Player:
    """Return a player choosing a random legal turn on each board it plays."""

    async def play(game: Hosted, board: int, side: Side) -> str:
        return random_turn(game, board, chooser)

    return play


def practice_player(
    engine: Opponent, strength: int, budget: float, times: list[float] | None = None
) -> Player:
    """Return the practice opponent as a player; times, if given, gets each turn's seconds."""

    async def play(game: Hosted, board: int, side: Side) -> str:
        started = time.monotonic()
        text = await engine.think(Turn.of(game, board, side, strength, budget))
        if times is not None:
            times.append(time.monotonic() - started)
        return text

    return play


async def warm_up(engine: Opponent) -> None:
    """Start the opponent's workers and Stockfish with a first turn that may wait for them."""
    await engine.think(Turn.of(games.new_game("chess"), 1, "white", 1, WARM_UP))


class GaveWay(logging.Handler):
    """Count the practice opponent's warnings: each a turn it gave way on (a random turn, say)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        """Count the record."""
        self.count += 1

    def __enter__(self) -> GaveWay:
        logging.getLogger("bot.practice").addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("bot.practice").removeHandler(self)


async def play_out(game: Hosted, players: Mapping[Side, Player], turns: int) -> int:
    """Play every board in turn until all have ended or had turns turns; return the turns played."""
    played = dict.fromkeys(range(1, game.boards + 1), 0)
    while True:
        moved = False
        for board in played:
            _let_transfers_go(game)
            if not game.is_open(board) or played[board] >= turns or not game.legal_moves(board):
                continue
            side = game.side_to_move(board)
            game.play_turn(board, await players[side](game, board, side), side=side)
            played[board] += 1
            moved = True
        if not moved:
            _let_transfers_go(game)
            return sum(played.values())


def _let_transfers_go(game: Hosted) -> None:
    """Let go every victory transfer on offer, as the bot lets its own go."""
    for board in range(1, game.boards + 1):
        winner = pending_transfer(game, board)
        if winner is not None:
            game.skip_transfer(board, side=winner)


def outcome(game: Hosted, board: int, side: Side) -> str:
    """Return how a board went for side: win, draw or loss; ahead, level or behind if open."""
    if game.is_open(board):
        balance = material(game, board, side)
        return "ahead" if balance > 0 else "behind" if balance < 0 else "level"
    winner = winner_of(game.board_result(board))
    return "draw" if winner is None else "win" if winner == side else "loss"


def outcomes(game: Hosted, side: Side) -> list[str]:
    """Return how each board went for side."""
    return [outcome(game, board, side) for board in range(1, game.boards + 1)]


def score(game: Hosted, side: Side) -> float:
    """Return side's score in a game, 0 to 1: its boards' points, averaged."""
    each = outcomes(game, side)
    return sum(POINTS[one] for one in each) / len(each)
