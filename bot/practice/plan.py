"""What the worker process makes of a turn: the answer itself, or a question for Stockfish.

Everything here is CPU work on the rules core (rebuilding the game, searching, trying each
ride), so it runs in the worker process (bot/workers.py); the event loop's process
only talks to Stockfish, which is I/O.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Final, cast

import games
from bot.errors import WrongStateError
from bot.hosted import Hosted
from bot.practice.copies import Copier
from bot.practice.material import material, piece_value
from bot.practice.search import KING_AT_MERCY, STYLES, WIN, choose_turn
from bot.practice.stockfish import EngineAsk, RideOption, can_take
from bot.practice.turn import Turn
from games.core.capabilities import Rides
from games.core.errors import GameError
from games.core.multiboard import Arrived
from games.core.pieces import Piece, Side, opponent, side_name
from games.core.results import winner_of

FALLBACK_SHARE: Final = 0.1  # of the time, for the quick answer played if Stockfish fails


@dataclass(frozen=True, slots=True)
class Answer:
    """The turn to play, found without Stockfish."""

    text: str


def prepare(turn: Turn, until: float, engine: bool, seed: int | None = None) -> Answer | EngineAsk:
    """Return the turn to play, or what Stockfish must weigh, by until (a time.time()).

    until is wall-clock time, the one clock the bot's process and the worker share.
    engine: whether Stockfish may be asked. Raise WrongStateError if it is not side's turn.
    """
    deadline = time.monotonic() + (until - time.time())
    game = turn.game()
    board, side = turn.board, turn.side
    if not game.is_open(board) or game.side_to_move(board) != side:
        raise WrongStateError(
            f"it is not {side_name(side)}'s turn on board {board}: the practice opponent "
            "has nothing to play"
        )
    rng = random.Random(seed)
    style = STYLES[turn.strength]
    if not game.plays_fide(board):  # a board Stockfish may play: chess, or a FIDE floor
        # a king left to take (an arrival's check) is taken whatever the search's budget
        won = winning_move(game, board, side) if game.king_capturable(board) else None
        return Answer(won or choose_turn(game, board, side, style, deadline, rng))
    fen = game.fen(board)
    if game.holds_moves:
        # Moves are held until the turn is complete, so search the board as chess alone.
        if game.king_capturable(board):
            return Answer(king_capture(game, board, side))
        try:
            # the board plays FIDE's rules (plays_fide): a game of chess from its position
            game, board = cast(Hosted, games.new_game("chess", fen=fen)), 1
        except GameError:
            return Answer(rng.choice(game.legal_moves(board)))
    won = winning_move(game, board, side)
    if won is not None:
        return Answer(won)  # a king taken or a mate, at any strength
    if not engine or not can_take(fen):
        return Answer(choose_turn(game, board, side, style, deadline, rng))
    quick = time.monotonic() + FALLBACK_SHARE * max(deadline - time.monotonic(), 0.0)
    rides = tuple(ride_options(game, board, side))
    fallback = choose_turn(Copier().copy(game), board, side, STYLES[1], quick, rng)
    return EngineAsk(fen, side, rides, fallback)


def winning_move(game: Hosted, board: int, side: Side) -> str | None:
    """Return a move that wins the board at once (takes the king, mates), if there is one."""
    copier = Copier()
    for move in game.legal_moves(board):
        if not any(mark in move for mark in "x+#"):
            continue  # only a capture (of the king) or a check (a mate) can win at once
        after = copier.copy(game)
        after.play(board, move, side=side)
        if not after.is_open(board) and winner_of(after.board_result(board)) == side:
            return move
    return None


def king_capture(game: Hosted, board: int, side: Side) -> str:
    """Return the move that takes the enemy king, which the side to move attacks."""
    shape = game.shape(board)
    king = next(
        square
        for square in shape.squares
        if game.piece_at(board, square) == Piece("K", opponent(side))
    )
    return next(move for move in game.legal_moves(board) if f"x{king}" in move)


def ride_options(game: Hosted, board: int, side: Side) -> list[RideOption]:
    """Return each ride side may make from a board, as Stockfish is to weigh it."""
    if not isinstance(game, Rides):
        return []
    copier = Copier()
    options = []
    for move in game.legal_moves(board):
        if not game.is_ride(move):
            continue
        after = copier.copy(game)
        events = after.play(board, move, side=side)
        arrived = next(event for event in events if isinstance(event, Arrived))
        fen = after.fen(board)
        options.append(
            RideOption(
                move,
                fen if after.is_open(board) and can_take(fen) else None,
                _left(after, board, side),
                _arrival(after, arrived),
            )
        )
    return options


def _left(game: Hosted, board: int, side: Side) -> int:
    """Return what a board a ride left is worth to side, by material or by its end."""
    if game.is_open(board):
        return material(game, board, side)
    winner = winner_of(game.board_result(board))
    return 0 if winner is None else WIN if winner == side else -WIN


def _arrival(game: Hosted, arrived: Arrived) -> int:
    """Return what a piece that just arrived is worth there, for its side.

    A large bonus when its side is to move there and may take the king; its loss when the
    enemy, to move there, can take it at once.
    """
    worth = piece_value(game, arrived.piece)
    if arrived.king_capturable:
        return worth + KING_AT_MERCY
    target = arrived.board
    if game.is_open(target) and game.side_to_move(target) != arrived.side:
        taken = any(f"x{arrived.square}" in move for move in game.legal_moves(target))
        if taken:
            return 0
    return worth
