"""The strength benchmarks' anchor: Stockfish held to a UCI_Elo, on each board as chess alone.

On every board it is asked to play it gives Stockfish that board's position as FIDE chess,
blind to the elevators: it never rides, and never weighs an arrival before it comes. When
Stockfish cannot be given the position (arrivals can make one python-chess calls invalid:
a king left in check by a piece that arrived, two kings, none) or its move is not legal in
the game, it falls back, and counts it: a move that wins the board at once if there is one
(taking the king an arrival left open), else a random legal move that is not a ride.
"""

from __future__ import annotations

import random

import chess
import chess.engine

from bot.hosted import Hosted
from bot.practice.plan import winning_move
from bot.practice.stockfish import can_take
from games.core.pieces import Side
from games.elevator.notation import parse_ride


def _bare(san: str) -> str:
    """Return a move's SAN without its check or mate mark."""
    return san.rstrip("+#")


class StockfishAnchor:
    """Stockfish at UCI_Elo elo, thinking seconds a move, one board at a time."""

    def __init__(self, path: str, elo: int, seconds: float, seed: int = 0) -> None:
        self.path, self.elo, self.seconds = path, elo, seconds
        self.moves = 0  # moves it played
        self.fallbacks = 0  # of them, not Stockfish's own
        self._chooser = random.Random(seed)
        self._engine: chess.engine.UciProtocol | None = None

    async def start(self) -> None:
        """Start Stockfish and hold it to its rating."""
        _, self._engine = await chess.engine.popen_uci(self.path)
        await self._engine.configure({"UCI_LimitStrength": True, "UCI_Elo": self.elo})

    async def close(self) -> None:
        """Stop Stockfish."""
        if self._engine is not None:
            await self._engine.quit()
            self._engine = None

    async def __call__(self, game: Hosted, board: int, side: Side) -> str:
        """Return Stockfish's move for a board's position, or the fallback's."""
        assert self._engine is not None, "start() the anchor first"
        self.moves += 1
        legal = game.legal_moves(board)
        fen = game.fen(board)
        if can_take(fen):
            position = chess.Board(fen)
            played = await self._engine.play(position, chess.engine.Limit(time=self.seconds))
            if played.move is not None:
                wanted = _bare(position.san(played.move))
                found = next((move for move in legal if _bare(move) == wanted), None)
                if found is not None:
                    return found
        self.fallbacks += 1
        won = winning_move(game, board, side)
        if won is not None:
            return won
        quiet = [move for move in legal if parse_ride(move) is None]
        return self._chooser.choice(quiet or legal)
